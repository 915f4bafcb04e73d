"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryBatchWriter = void 0;
exports.isDataError = isDataError;
const history_upsert_statements_1 = require("./history-upsert-statements");
const job_history_fold_1 = require("./job-history-fold");
/** Postgres text and jsonb cannot hold U+0000; a job's error or result may contain it. */
const stripNul = (_key, value) => (typeof value === 'string' ? value.replace(/\u0000/g, '') : value);
/**
 * Stores a batch of events: one upsert of job_records and one of job_attempts, in one
 * transaction. A batch that Postgres refuses as data (a value out of range...) is stored job by
 * job, and the jobs it still refuses are reported, so one bad event cannot stall history.
 * Any other error (Postgres away, ...) is thrown, and the caller retries the whole batch.
 */
class HistoryBatchWriter {
    dataSource;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    async write(events) {
        const report = { records: 0, attempts: 0, rejected: [] };
        if (events.length === 0)
            return report;
        const ds = await this.dataSource();
        try {
            await this.store(ds, events, report);
        }
        catch (err) {
            if (!isDataError(err))
                throw err;
            report.records = report.attempts = 0;
            for (const jobEvents of groupByJob(events)) {
                try {
                    await this.store(ds, jobEvents, report);
                }
                catch (jobErr) {
                    if (!isDataError(jobErr))
                        throw jobErr;
                    report.rejected.push({ jobId: jobEvents[0].event.id, reason: jobErr.message });
                }
            }
        }
        return report;
    }
    async store(ds, events, report) {
        const rows = (0, job_history_fold_1.foldJobEvents)(events);
        await ds.transaction(async (tx) => {
            if (rows.records.length > 0)
                await tx.query(history_upsert_statements_1.UPSERT_JOB_RECORDS, [JSON.stringify(rows.records, stripNul)]);
            if (rows.attempts.length > 0)
                await tx.query(history_upsert_statements_1.UPSERT_JOB_ATTEMPTS, [JSON.stringify(rows.attempts, stripNul)]);
        });
        report.records += rows.records.length;
        report.attempts += rows.attempts.length;
    }
}
exports.HistoryBatchWriter = HistoryBatchWriter;
/** SQLSTATE classes 22 (data exception) and 23 (integrity): retrying the same rows cannot help. */
function isDataError(err) {
    const code = err?.driverError?.code ?? err?.code;
    return typeof code === 'string' && /^2[23]/.test(code);
}
function groupByJob(events) {
    const groups = new Map();
    for (const e of events) {
        const group = groups.get(e.event.id);
        if (group)
            group.push(e);
        else
            groups.set(e.event.id, [e]);
    }
    return [...groups.values()];
}
//# sourceMappingURL=history-batch-writer.js.map