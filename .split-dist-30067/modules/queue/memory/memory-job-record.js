"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createRecord = createRecord;
exports.findMalformation = findMalformation;
exports.toJob = toJob;
const job_1 = require("../../../domain/job");
const fairness_1 = require("../../../domain/fairness");
const job_payload_1 = require("../job-payload");
/** A runAt at or before `now` is stored as `now` (= createdAt), as the Redis store reads a job due at once. */
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
        runAt: job.runAt > now ? job.runAt : now,
        createdAt: now,
        updatedAt: now,
        token: 0,
        idempotencyKey: job.idempotencyKey,
        callbackUrl: job.callbackUrl,
        executionId: job.executionId,
        schedule: job.schedule && { ...job.schedule },
        // the default group is kept as no group, as a Job shows it
        group: job.group === undefined || job.group === fairness_1.DEFAULT_GROUP ? undefined : job.group,
        cancelRequested: false,
        traceparent: job.traceparent,
        tracestate: job.tracestate,
    };
}
const NUMERIC_FIELDS = ['priority', 'attempts', 'maxAttempts', 'timeoutMs', 'runAt', 'createdAt', 'token'];
const TEXT_FIELDS = ['id', 'queue', 'type', 'payloadJson'];
/** The numeric fields the Redis store checks too, in its order. */
const SHARED_NUMERIC_FIELDS = ['attempts', 'maxAttempts', 'priority', 'token'];
/**
 * What is wrong with a record, or undefined when every field a transition reads is sound. The
 * first problem found, in the order and words of src/lua/includes/job-record.lua (missing type,
 * missing status, then attempts, maxAttempts, priority, token "is not a number"), so both stores
 * fail a damaged record with the same error; then what only this store's records can lose.
 */
function findMalformation(record) {
    const loose = record;
    const absent = (f) => loose[f] === undefined || loose[f] === null || loose[f] === '';
    if (absent('type'))
        return 'missing type';
    if (absent('status'))
        return 'missing status';
    for (const f of SHARED_NUMERIC_FIELDS) {
        if (loose[f] !== undefined && (typeof loose[f] !== 'number' || !Number.isFinite(loose[f])))
            return `${f} is not a number`;
    }
    const missing = [...TEXT_FIELDS, ...NUMERIC_FIELDS].filter((f) => loose[f] === undefined || loose[f] === null);
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
    if (loose.group !== undefined && typeof loose.group !== 'string')
        return 'group not text';
    return undefined;
}
function num(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
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
        payload: null,
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
    (0, job_payload_1.setStoredPayload)(job, typeof record.payloadJson === 'string' ? record.payloadJson : undefined);
    if (record.startedAt !== undefined)
        job.startedAt = record.startedAt;
    if (record.finishedAt !== undefined)
        job.finishedAt = record.finishedAt;
    if (record.workerId !== undefined)
        job.workerId = record.workerId;
    if (record.token > 0)
        job.run = record.token;
    if (record.resultJson !== undefined)
        job.result = (0, job_payload_1.parseStoredJson)(record.resultJson);
    if (record.lastError !== undefined)
        job.lastError = record.lastError;
    if (record.lastErrorStack !== undefined)
        job.lastErrorStack = record.lastErrorStack;
    if (record.idempotencyKey !== undefined)
        job.idempotencyKey = record.idempotencyKey;
    if (record.callbackUrl !== undefined)
        job.callbackUrl = record.callbackUrl;
    if (record.executionId !== undefined)
        job.executionId = record.executionId;
    if (record.schedule !== undefined)
        job.schedule = { ...record.schedule };
    if (typeof record.group === 'string' && record.group !== fairness_1.DEFAULT_GROUP)
        job.group = record.group;
    if (record.cancelRequested)
        job.cancelRequested = true;
    if (typeof record.traceparent === 'string')
        job.traceparent = record.traceparent;
    if (typeof record.tracestate === 'string')
        job.tracestate = record.tracestate;
    return job;
}
//# sourceMappingURL=memory-job-record.js.map