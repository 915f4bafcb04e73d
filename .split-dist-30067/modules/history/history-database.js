"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryDatabase = void 0;
exports.runMigrationsLocked = runMigrationsLocked;
/** Any constant shared by every claimq instance: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 4_711_202_601;
/**
 * The history DataSource, connected on first use rather than at start: the service starts and runs
 * jobs while Postgres is down, and history connects when it can. `dataSource()` throws while
 * Postgres is unreachable; callers retry (the writer) or answer 503 (queries).
 */
class HistoryDatabase {
    source;
    connecting;
    migrated;
    constructor(source, options) {
        this.source = source;
        this.migrated = !options.migrate;
    }
    dataSource() {
        if (this.source.isInitialized && this.migrated)
            return Promise.resolve(this.source);
        this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
        return this.connecting;
    }
    async close() {
        await this.connecting?.catch(() => undefined);
        if (this.source.isInitialized)
            await this.source.destroy();
    }
    async connect() {
        if (!this.source.isInitialized)
            await this.source.initialize();
        if (!this.migrated) {
            await runMigrationsLocked(this.source);
            this.migrated = true;
        }
        return this.source;
    }
}
exports.HistoryDatabase = HistoryDatabase;
/** TypeORM does not lock its migrations table: instances starting together take turns here. */
async function runMigrationsLocked(ds) {
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
        await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
            await ds.runMigrations({ transaction: 'each' });
        }
        finally {
            await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
    }
    finally {
        await runner.release();
    }
}
//# sourceMappingURL=history-database.js.map