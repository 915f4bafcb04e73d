"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeBackoff = encodeBackoff;
exports.decodeBackoff = decodeBackoff;
exports.encodeNewJob = encodeNewJob;
exports.pairsToHash = pairsToHash;
exports.decodeJob = decodeJob;
const job_1 = require("../../../domain/job");
const job_id_1 = require("../../../domain/job-id");
const DEFAULT_BACKOFF_TEXT = encodeBackoff(job_1.DEFAULT_BACKOFF);
function encodeBackoff(b) {
    return `${b.strategy === 'fixed' ? 'f' : 'e'}:${b.delayMs}:${b.maxDelayMs ?? ''}`;
}
function decodeBackoff(text) {
    if (!text)
        return { ...job_1.DEFAULT_BACKOFF };
    const [s, delay, max] = text.split(':');
    const backoff = { strategy: s === 'f' ? 'fixed' : 'exponential', delayMs: Number(delay) };
    if (max)
        backoff.maxDelayMs = Number(max);
    return backoff;
}
/** The hash of a new job as field/value pairs (the id is in the key). */
function encodeNewJob(job, now) {
    const f = ['type', job.type, 'st', job.runAt > now ? 'scheduled' : 'pending', 'ct', String(now)];
    if (job.payloadJson !== 'null')
        f.push('pl', job.payloadJson);
    if (job.priority !== 0)
        f.push('pr', String(job.priority));
    if (job.maxAttempts !== job_1.DEFAULT_MAX_ATTEMPTS)
        f.push('max', String(job.maxAttempts));
    if (job.runAt !== now)
        f.push('run', String(job.runAt));
    const backoff = encodeBackoff(job.backoff);
    if (backoff !== DEFAULT_BACKOFF_TEXT)
        f.push('bo', backoff);
    if (job.timeoutMs !== job_1.DEFAULT_TIMEOUT_MS)
        f.push('tmo', String(job.timeoutMs));
    if (job.idempotencyKey !== undefined)
        f.push('ik', job.idempotencyKey);
    if (job.callbackUrl !== undefined)
        f.push('cb', job.callbackUrl);
    if (job.executionId !== undefined)
        f.push('ex', job.executionId);
    return f;
}
/** Field/value pairs (as HGETALL or a script reply gives them) to a record, from `start`. */
function pairsToHash(flat, start = 0) {
    const hash = {};
    for (let i = start; i + 1 < flat.length; i += 2) {
        const field = flat[i];
        const value = flat[i + 1];
        hash[typeof field === 'string' ? field : String(field)] = typeof value === 'string' ? value : String(value);
    }
    return hash;
}
function num(text, fallback) {
    return text === undefined ? fallback : Number(text);
}
function parseJson(text) {
    if (text === undefined)
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/**
 * A job record to a Job. `queue` skips re-deriving it from the id when the caller knows it (the
 * claim path). The payload is parsed on first read, not here: a worker's handler that never
 * reads it (and the claim path, which decodes every claimed job) pays no JSON.parse; readers
 * (API serialisation, handlers) see the same value as an eager parse, once, cached.
 */
function decodeJob(id, h, queue = (0, job_id_1.queueOfJobId)(id) ?? '') {
    const createdAt = num(h.ct, 0);
    const payloadText = h.pl;
    let payload;
    let parsed = false;
    const job = {
        id,
        queue,
        type: h.type ?? '',
        get payload() {
            if (!parsed) {
                payload = parseJson(payloadText);
                parsed = true;
            }
            return payload;
        },
        set payload(value) {
            payload = value;
            parsed = true;
        },
        status: (h.st ?? 'failed'),
        priority: num(h.pr, 0),
        attempts: num(h.att, 0),
        maxAttempts: num(h.max, job_1.DEFAULT_MAX_ATTEMPTS),
        backoff: decodeBackoff(h.bo),
        timeoutMs: num(h.tmo, job_1.DEFAULT_TIMEOUT_MS),
        runAt: num(h.run, createdAt),
        createdAt,
        updatedAt: num(h.ut, createdAt),
    };
    // optional fields only when present, in a fixed order (the API's JSON key order)
    if (h.stt !== undefined)
        job.startedAt = Number(h.stt);
    if (h.ft !== undefined)
        job.finishedAt = Number(h.ft);
    if (h.w !== undefined)
        job.workerId = h.w;
    if (h.res !== undefined)
        job.result = parseJson(h.res);
    else if (h.st === 'succeeded')
        job.result = null;
    if (h.err !== undefined)
        job.lastError = h.err;
    if (h.ik !== undefined)
        job.idempotencyKey = h.ik;
    if (h.cb !== undefined)
        job.callbackUrl = h.cb;
    if (h.ex !== undefined)
        job.executionId = h.ex;
    if (h.cx === '1')
        job.cancelRequested = true;
    return job;
}
//# sourceMappingURL=redis-job-codec.js.map