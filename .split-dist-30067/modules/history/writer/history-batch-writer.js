"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryBatchWriter = void 0;
exports.isDataError = isDataError;
exports.groupByJob = groupByJob;
const history_gap_rows_1 = require("./history-gap-rows");
const history_upsert_statements_1 = require("./history-upsert-statements");
const job_history_fold_1 = require("./job-history-fold");
const history_rows_1 = require("./history-rows");
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
    /** `gaps`: what the store dropped unread (history_gaps), written in the same transaction as the rows. */
    async write(events, gaps = []) {
        const report = { records: 0, attempts: 0, rejected: [] };
        if (events.length === 0 && gaps.length === 0)
            return report;
        const ds = await this.dataSource();
        try {
            await this.store(ds, events, report, gaps);
        }
        catch (err) {
            if (!isDataError(err))
                throw err;
            report.records = report.attempts = 0;
            if (gaps.length > 0)
                await this.store(ds, [], report, gaps);
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
    async store(ds, events, report, gaps = []) {
        const rows = (0, job_history_fold_1.foldJobEvents)(events);
        await ds.transaction(async (tx) => {
            await (0, history_gap_rows_1.insertHistoryGaps)(tx, gaps);
            if (rows.records.length > 0)
                await tx.query(history_upsert_statements_1.UPSERT_JOB_RECORDS, [(0, history_rows_1.rowsJson)(rows.records)]);
            if (rows.attempts.length > 0)
                await tx.query(history_upsert_statements_1.UPSERT_JOB_ATTEMPTS, [(0, history_rows_1.rowsJson)(rows.attempts)]);
        });
        report.records += rows.records.length;
        report.attempts += rows.attempts.length;
    }
}
exports.HistoryBatchWriter = HistoryBatchWriter;
/**
 * SQLSTATE classes 22 (data exception) and 23 (integrity): retrying the same rows cannot help.
 * Except a row refused by a partition's constraint: it was routed while the partition upkeep
 * attached the partition of its range (history-partitions.ts), and goes there when tried again.
 */
function isDataError(err) {
    const code = err?.driverError?.code ?? err?.code;
    if (code === '23514' && /partition constraint/.test(String(err?.message)))
        return false;
    return typeof code === 'string' && /^2[23]/.test(code);
}
/** A batch's events by job, each job's in their order, jobs in order of their first event. */
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