"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createRecord = createRecord;
exports.findMalformation = findMalformation;
exports.toJob = toJob;
const job_1 = require("../../../domain/job");
function createRecord(job, status, now) {
    return {
        id: job.id,
        queue: job.queue,
        type: job.type,
        payloadJson: job.payloadJson,
        status,
        priority: job.priority,
        attempts: 0,
        maxAttempts: job.maxAttempts,
        backoff: { ...job.backoff },
        timeoutMs: job.timeoutMs,
        runAt: job.runAt,
        createdAt: now,
        updatedAt: now,
        token: 0,
        idempotencyKey: job.idempotencyKey,
        callbackUrl: job.callbackUrl,
        executionId: job.executionId,
        cancelRequested: false,
    };
}
const NUMERIC_FIELDS = ['priority', 'attempts', 'maxAttempts', 'timeoutMs', 'runAt', 'createdAt', 'token'];
const TEXT_FIELDS = ['id', 'queue', 'type', 'payloadJson'];
/** What is wrong with a record, or undefined when every field a transition reads is sound. */
function findMalformation(record) {
    const loose = record;
    const missing = [...TEXT_FIELDS, ...NUMERIC_FIELDS, 'status'].filter((f) => loose[f] === undefined || loose[f] === null);
    if (missing.length > 0)
        return `missing ${missing.join(', ')}`;
    const notText = TEXT_FIELDS.filter((f) => typeof loose[f] !== 'string');
    if (notText.length > 0)
        return `${notText.join(', ')} not text`;
    const notNumbers = NUMERIC_FIELDS.filter((f) => typeof loose[f] !== 'number' || !Number.isFinite(loose[f]));
    if (notNumbers.length > 0)
        return `${notNumbers.join(', ')} not a number`;
    if (!job_1.JOB_STATUSES.includes(record.status))
        return `unknown status ${String(record.status)}`;
    const backoff = record.backoff;
    if (!backoff || (backoff.strategy !== 'fixed' && backoff.strategy !== 'exponential') || !Number.isFinite(backoff.delayMs)) {
        return 'backoff not valid';
    }
    return undefined;
}
function num(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
function parseJson(text) {
    if (typeof text !== 'string')
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/**
 * A fresh Job for callers (nothing shared with the record). `status` is the index the job sits
 * in, which is the truth; damaged fields read as neutral values so `get` never throws.
 */
function toJob(record, status) {
    const job = {
        id: String(record.id),
        queue: String(record.queue),
        type: typeof record.type === 'string' ? record.type : '',
        payload: parseJson(record.payloadJson),
        status,
        priority: num(record.priority),
        attempts: num(record.attempts),
        maxAttempts: num(record.maxAttempts),
        backoff: { ...record.backoff },
        timeoutMs: num(record.timeoutMs),
        runAt: num(record.runAt),
        createdAt: num(record.createdAt),
        updatedAt: num(record.updatedAt),
    };
    if (record.startedAt !== undefined)
        job.startedAt = record.startedAt;
    if (record.finishedAt !== undefined)
        job.finishedAt = record.finishedAt;
    if (record.workerId !== undefined)
        job.workerId = record.workerId;
    if (record.resultJson !== undefined)
        job.result = parseJson(record.resultJson);
    if (record.lastError !== undefined)
        job.lastError = record.lastError;
    if (record.idempotencyKey !== undefined)
        job.idempotencyKey = record.idempotencyKey;
    if (record.callbackUrl !== undefined)
        job.callbackUrl = record.callbackUrl;
    if (record.executionId !== undefined)
        job.executionId = record.executionId;
    if (record.cancelRequested)
        job.cancelRequested = true;
    return job;
}
//# sourceMappingURL=memory-job-record.js.map