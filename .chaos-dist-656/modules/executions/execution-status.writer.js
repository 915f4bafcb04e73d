"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PostgresExecutionStatusWriter = void 0;
const execution_status_statements_1 = require("./execution-status.statements");
const iso = (ms) => new Date(ms).toISOString();
/** The `executions` table in PostgreSQL, one multi-row upsert per batch. */
class PostgresExecutionStatusWriter {
    database;
    constructor(database) {
        this.database = database;
    }
    async write(executions) {
        if (executions.length === 0)
            return;
        const rows = executions.map((e) => ({
            id: e.id,
            queue: e.queue,
            status: e.status,
            total: e.total,
            ...e.counts,
            callback_url: e.callbackUrl ?? null,
            created_at: iso(e.createdAt),
            updated_at: iso(e.updatedAt),
            finished_at: e.finishedAt === undefined ? null : iso(e.finishedAt),
            version: e.version,
        }));
        const db = await this.database();
        await db.query(execution_status_statements_1.UPSERT_EXECUTIONS, [JSON.stringify(rows)]);
    }
}
exports.PostgresExecutionStatusWriter = PostgresExecutionStatusWriter;
//# sourceMappingURL=execution-status.writer.js.map