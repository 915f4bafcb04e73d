"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toJobJson = toJobJson;
const iso = (ms) => new Date(ms).toISOString();
function toJobJson(job) {
    const view = {
        id: job.id,
        queue: job.queue,
        type: job.type,
        payload: job.payload,
        status: job.status,
        priority: job.priority,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
        backoff: { ...job.backoff },
        timeoutMs: job.timeoutMs,
        runAt: iso(job.runAt),
        createdAt: iso(job.createdAt),
        updatedAt: iso(job.updatedAt),
    };
    if (job.startedAt !== undefined)
        view.startedAt = iso(job.startedAt);
    if (job.finishedAt !== undefined)
        view.finishedAt = iso(job.finishedAt);
    if (job.workerId !== undefined)
        view.workerId = job.workerId;
    if (job.result !== undefined)
        view.result = job.result;
    if (job.lastError !== undefined)
        view.lastError = job.lastError;
    if (job.idempotencyKey !== undefined)
        view.idempotencyKey = job.idempotencyKey;
    if (job.callbackUrl !== undefined)
        view.callbackUrl = job.callbackUrl;
    if (job.executionId !== undefined)
        view.executionId = job.executionId;
    if (job.cancelRequested)
        view.cancelRequested = true;
    return view;
}
//# sourceMappingURL=job-json.js.map