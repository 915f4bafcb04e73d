"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toJobHistoryRecord = toJobHistoryRecord;
exports.toJobAttemptHistory = toJobAttemptHistory;
const ms = (d) => (d === null ? undefined : d.getTime());
const opt = (v) => (v === null ? undefined : v);
function toJobHistoryRecord(e) {
    return {
        id: e.id,
        queue: e.queue,
        type: opt(e.type),
        status: e.status,
        attempts: e.attempts,
        maxAttempts: opt(e.maxAttempts),
        priority: opt(e.priority),
        createdAt: e.createdAt.getTime(),
        updatedAt: e.updatedAt.getTime(),
        startedAt: ms(e.startedAt),
        finishedAt: ms(e.finishedAt),
        workerId: opt(e.workerId),
        result: e.status === 'succeeded' ? e.result : undefined,
        lastError: opt(e.lastError),
        executionId: opt(e.executionId),
    };
}
function toJobAttemptHistory(e) {
    return {
        jobId: e.jobId,
        attempt: e.attempt,
        workerId: opt(e.workerId),
        startedAt: ms(e.startedAt),
        finishedAt: ms(e.finishedAt),
        outcome: e.outcome,
        error: opt(e.error),
    };
}
//# sourceMappingURL=history-record.mapper.js.map