"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PostgresExecutionStatusWriter = void 0;
const history_1 = require("../history");
const execution_status_statements_1 = require("./execution-status.statements");
const iso = (ms) => new Date(ms).toISOString();
/** The `executions` table in PostgreSQL, one multi-row upsert per batch. */
class PostgresExecutionStatusWriter {
    database;
    constructor(database) {
        this.database = database;
    }
    /**
     * One statement for the batch. When PostgreSQL refuses it as data (SQLSTATE class 22 or 23: a
     * callback URL it cannot store, say), each row is written on its own and those it still
     * refuses are returned, so one bad record never stalls the refresh of its queue.
     */
    async write(executions) {
        if (executions.length === 0)
            return [];
        const db = await this.database();
        try {
            await db.query(execution_status_statements_1.UPSERT_EXECUTIONS, [JSON.stringify(executions.map(toRow))]);
            return [];
        }
        catch (err) {
            if (!(0, history_1.isDataError)(err))
                throw err;
        }
        const rejected = [];
        for (const execution of executions) {
            try {
                await db.query(execution_status_statements_1.UPSERT_EXECUTIONS, [JSON.stringify([toRow(execution)])]);
            }
            catch (err) {
                if (!(0, history_1.isDataError)(err))
                    throw err;
                rejected.push({ id: execution.id, reason: err.message });
            }
        }
        return rejected;
    }
}
exports.PostgresExecutionStatusWriter = PostgresExecutionStatusWriter;
function toRow(e) {
    return {
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
    };
}
//# sourceMappingURL=execution-status.writer.js.map