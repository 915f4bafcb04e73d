"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.requireExecution = requireExecution;
exports.listExecutionJobs = listExecutionJobs;
exports.cancelExecutionJobs = cancelExecutionJobs;
const errors_1 = require("../../../domain/errors");
const execution_job_cursor_1 = require("../execution-job-cursor");
const memory_job_record_1 = require("./memory-job-record");
const memory_job_transitions_1 = require("./memory-job-transitions");
/** Execution reads and the cancel of a whole execution, over one MemoryQueue. */
function requireExecution(q, id) {
    const execution = q?.executions.byId.get(id);
    if (!execution)
        throw new errors_1.ExecutionNotFoundError(id);
    return execution;
}
function listExecutionJobs(q, id, limit, cursor) {
    const execution = requireExecution(q, id);
    const start = (0, execution_job_cursor_1.decodeOffsetCursor)(cursor);
    const count = Math.max(1, Math.floor(limit));
    const ids = execution.jobIds.slice(start, start + count);
    const items = [];
    for (const jobId of ids) {
        const entry = q?.jobs.get(jobId);
        if (entry)
            items.push((0, memory_job_record_1.toJob)(entry.record, entry.status));
    }
    return { items, nextCursor: ids.length < count ? null : (0, execution_job_cursor_1.encodeOffsetCursor)(start + ids.length) };
}
/** pending|scheduled -> cancelled, running -> cancel requested; final jobs are left as they are. */
function cancelExecutionJobs(q, execution, now) {
    const events = [];
    for (const jobId of execution.jobIds) {
        const entry = q.jobs.get(jobId);
        if (!entry)
            continue;
        const change = (0, memory_job_transitions_1.cancelJob)(q, entry, now);
        if (change !== undefined && change !== 'refused')
            events.push(change);
    }
    return events;
}
//# sourceMappingURL=memory-execution-ops.js.map