"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.queueOfExecutionId = exports.newExecutionId = exports.MAX_EXECUTION_JOBS = exports.EXECUTION_STATUSES = void 0;
exports.deriveExecutionStatus = deriveExecutionStatus;
exports.isExecutionFinal = isExecutionFinal;
exports.toExecution = toExecution;
exports.moveCount = moveCount;
const job_id_1 = require("./job-id");
/**
 * An execution: a group of jobs of one queue with one status. Plain TypeScript, shared by both
 * stores, the refresh and the API.
 */
exports.EXECUTION_STATUSES = ['running', 'succeeded', 'failed', 'partial'];
/** Most jobs one execution may hold (POST /executions). */
exports.MAX_EXECUTION_JOBS = 10_000;
/**
 * running until every job is final; then succeeded (all succeeded), failed (none succeeded: all
 * failed or cancelled) or partial. An execution whose jobs all matched existing idempotency keys
 * holds none, and is vacuously succeeded.
 */
function deriveExecutionStatus(counts, total) {
    const done = counts.succeeded + counts.failed + counts.cancelled;
    if (done < total)
        return 'running';
    if (counts.succeeded === total)
        return 'succeeded';
    if (counts.succeeded === 0)
        return 'failed';
    return 'partial';
}
function isExecutionFinal(status) {
    return status !== 'running';
}
/**
 * The record with its status. The last change of the counters is the one that made the execution
 * final, so a final execution finished at its `updatedAt`.
 */
function toExecution(record) {
    const status = deriveExecutionStatus(record.counts, record.total);
    const execution = { ...record, counts: { ...record.counts }, status };
    if (isExecutionFinal(status))
        execution.finishedAt = record.updatedAt;
    return execution;
}
/** The counters of a status change: one job leaves `from` (absent for a new job) and joins `to`. */
function moveCount(counts, from, to) {
    if (from !== undefined)
        counts[from] -= 1;
    counts[to] += 1;
}
/** Execution ids carry their queue as job ids do, so the execution's keys need no lookup. */
exports.newExecutionId = job_id_1.newJobId;
exports.queueOfExecutionId = job_id_1.queueOfJobId;
//# sourceMappingURL=execution.js.map