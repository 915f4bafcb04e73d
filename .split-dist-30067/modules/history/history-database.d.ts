import { DataSource } from 'typeorm';
export interface HistoryDatabaseOptions {
    /** Run pending migrations once connected (DB_MIGRATE). */
    migrate: boolean;
}
/**
 * The history DataSource, connected on first use rather than at start: the service starts and runs
 * jobs while Postgres is down, and history connects when it can. `dataSource()` throws while
 * Postgres is unreachable; callers retry (the writer) or answer 503 (queries).
 */
export declare class HistoryDatabase {
    readonly source: DataSource;
    private connecting?;
    private migrated;
    constructor(source: DataSource, options: HistoryDatabaseOptions);
    dataSource(): Promise<DataSource>;
    close(): Promise<void>;
    private connect;
}
/** TypeORM does not lock its migrations table: instances starting together take turns here. */
export declare function runMigrationsLocked(ds: DataSource): Promise<void>;
