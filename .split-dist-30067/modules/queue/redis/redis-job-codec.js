"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeBackoff = encodeBackoff;
exports.decodeBackoff = decodeBackoff;
exports.encodeNewJob = encodeNewJob;
exports.claimedJobHash = claimedJobHash;
exports.pairsToHash = pairsToHash;
exports.decodeJob = decodeJob;
const job_1 = require("../../../domain/job");
const job_id_1 = require("../../../domain/job-id");
const job_payload_1 = require("../job-payload");
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
/**
 * The hash of a new job as field/value pairs (the id is in the key). A job due at once (runAt at or
 * before `now`, which the caller's clock often puts a millisecond behind the store's) stores no
 * `run`: it reads back as createdAt.
 */
function encodeNewJob(job, now) {
    const f = ['type', job.type, 'st', job.runAt > now ? 'scheduled' : 'pending', 'ct', String(now)];
    if (job.payloadJson !== 'null')
        f.push('pl', job.payloadJson);
    if (job.priority !== 0)
        f.push('pr', String(job.priority));
    if (job.maxAttempts !== job_1.DEFAULT_MAX_ATTEMPTS)
        f.push('max', String(job.maxAttempts));
    if (job.runAt > now)
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
    if (job.schedule !== undefined)
        f.push('sn', job.schedule.name, 'sf', String(job.schedule.fireAt));
    if (job.group !== undefined && job.group !== '')
        f.push('grp', job.group);
    if (job.traceparent !== undefined)
        f.push('tp', job.traceparent);
    if (job.tracestate !== undefined)
        f.push('ts', job.tracestate);
    return f;
}
/** The job fields claim.lua reads and returns, in its HMGET order; tp and ts only when asked for (tracing on). */
const CLAIM_FIELDS = ['type', 'pl', 'st', 'pr', 'att', 'max', 'run', 'ct', 'bo', 'tmo', 'ik', 'cb', 'ex', 'err', 'tok', 'sn', 'sf', 'grp', 'tp', 'ts'];
/**
 * The hash of a job after the claim, from one entry of claim.lua's reply
 * ({id, token, attempts, values in CLAIM_FIELDS order as before the claim}) plus what the claim wrote.
 */
function claimedJobHash(reply, workerId, now) {
    const values = reply[3];
    const hash = {};
    for (let i = 0; i < values.length; i++) {
        const value = values[i];
        if (value !== null && value !== undefined)
            hash[CLAIM_FIELDS[i]] = value;
    }
    hash.st = 'running';
    hash.tok = String(reply[1]);
    hash.att = String(reply[2]);
    hash.w = workerId;
    hash.stt = String(now);
    return hash;
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
/** The claim writes stt but not ut (one field less per claim); every later change writes ut >= stt. */
function updatedAtOf(h, createdAt) {
    const ut = num(h.ut, createdAt);
    if (h.stt === undefined)
        return ut;
    const stt = Number(h.stt);
    return stt > ut ? stt : ut;
}
/**
 * A job record to a Job. `queue` skips re-deriving it from the id when the caller knows it (the
 * claim path). The payload is set by setStoredPayload: a long one is parsed on first read.
 */
function decodeJob(id, h, queue = (0, job_id_1.queueOfJobId)(id) ?? '') {
    const createdAt = num(h.ct, 0);
    const job = {
        id,
        queue,
        type: h.type ?? '',
        payload: null,
        status: (h.st ?? 'failed'),
        priority: num(h.pr, 0),
        attempts: num(h.att, 0),
        maxAttempts: num(h.max, job_1.DEFAULT_MAX_ATTEMPTS),
        backoff: decodeBackoff(h.bo),
        timeoutMs: num(h.tmo, job_1.DEFAULT_TIMEOUT_MS),
        runAt: num(h.run, createdAt),
        createdAt,
        updatedAt: updatedAtOf(h, createdAt),
    };
    (0, job_payload_1.setStoredPayload)(job, h.pl);
    // optional fields only when present, in a fixed order (the API's JSON key order)
    if (h.stt !== undefined)
        job.startedAt = Number(h.stt);
    if (h.ft !== undefined)
        job.finishedAt = Number(h.ft);
    if (h.w !== undefined)
        job.workerId = h.w;
    if (h.tok !== undefined && h.tok !== '0')
        job.run = Number(h.tok);
    if (h.res !== undefined)
        job.result = (0, job_payload_1.parseStoredJson)(h.res);
    else if (h.st === 'succeeded')
        job.result = null;
    if (h.err !== undefined)
        job.lastError = h.err;
    if (h.es !== undefined)
        job.lastErrorStack = h.es;
    if (h.ik !== undefined)
        job.idempotencyKey = h.ik;
    if (h.cb !== undefined)
        job.callbackUrl = h.cb;
    if (h.ex !== undefined)
        job.executionId = h.ex;
    if (h.sn !== undefined && h.sf !== undefined)
        job.schedule = { name: h.sn, fireAt: Number(h.sf) };
    if (h.grp !== undefined && h.grp !== '')
        job.group = h.grp;
    if (h.cx === '1')
        job.cancelRequested = true;
    if (h.tp !== undefined)
        job.traceparent = h.tp;
    if (h.ts !== undefined)
        job.tracestate = h.ts;
    return job;
}
//# sourceMappingURL=redis-job-codec.js.map