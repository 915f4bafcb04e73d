"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toJobJson = toJobJson;
const http_job_secrets_1 = require("./http-job-secrets");
const iso = (ms) => new Date(ms).toISOString();
function toJobJson(job) {
    const view = {
        id: job.id,
        queue: job.queue,
        type: job.type,
        payload: (0, http_job_secrets_1.redactHttpPayload)(job.type, job.payload),
        status: job.status,
        priority: job.priority,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
        backoff: { ...job.backoff },
        timeoutMs: job.timeoutMs,
        runAt: iso(job.runAt),
        createdAt: iso(job.createdAt),
        updatedAt: iso(job.updatedAt),
        source: 'store',
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
    if (job.lastErrorStack !== undefined)
        view.lastErrorStack = job.lastErrorStack;
    if (job.idempotencyKey !== undefined)
        view.idempotencyKey = job.idempotencyKey;
    if (job.callbackUrl !== undefined)
        view.callbackUrl = job.callbackUrl;
    if (job.executionId !== undefined)
        view.executionId = job.executionId;
    if (job.schedule !== undefined)
        view.schedule = { name: job.schedule.name, fireAt: iso(job.schedule.fireAt) };
    if (job.group !== undefined)
        view.group = job.group;
    if (job.cancelRequested)
        view.cancelRequested = true;
    return view;
}
//# sourceMappingURL=job-json.js.map