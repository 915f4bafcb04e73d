"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MALFORMED_PREFIX = void 0;
exports.failIfMalformed = failIfMalformed;
exports.claimJob = claimJob;
exports.completeJob = completeJob;
exports.failJob = failJob;
exports.releaseJob = releaseJob;
exports.expireJob = expireJob;
exports.promoteJob = promoteJob;
exports.cancelJob = cancelJob;
exports.requestCancel = requestCancel;
exports.retryJob = retryJob;
exports.enqueuedEvent = enqueuedEvent;
const memory_job_record_1 = require("./memory-job-record");
/**
 * The state changes of one job: each updates the record, moves the job between the queue's
 * indexes and returns the event that records the change. Callers have already checked that the
 * change is allowed (status, token); these functions only apply it.
 */
exports.MALFORMED_PREFIX = 'malformed job record';
function attemptsOf(record) {
    return typeof record.attempts === 'number' && Number.isFinite(record.attempts) ? record.attempts : 0;
}
function finish(q, entry, status, now) {
    const r = entry.record;
    r.updatedAt = now;
    r.leaseExpiresAt = undefined;
    if (status === 'succeeded' || status === 'failed' || status === 'cancelled')
        r.finishedAt = now;
    q.place(entry, status, now);
}
function event(entry, k, now, extra = {}) {
    const out = { k, id: entry.id, st: entry.status, att: attemptsOf(entry.record), at: now };
    for (const [key, value] of Object.entries(extra))
        if (value !== undefined)
            out[key] = value;
    return out;
}
/** Fails a job whose record cannot be trusted. Returns undefined when the record is sound. */
function failIfMalformed(q, entry, now) {
    const problem = (0, memory_job_record_1.findMalformation)(entry.record);
    if (problem === undefined)
        return undefined;
    const err = `${exports.MALFORMED_PREFIX}: ${problem}`;
    entry.record.lastError = err;
    finish(q, entry, 'failed', now);
    return event(entry, 'failed', now, { err });
}
function claimJob(q, entry, workerId, leaseExpiresAt, now) {
    const r = entry.record;
    r.attempts += 1;
    r.token += 1;
    r.workerId = workerId;
    r.startedAt = now;
    r.updatedAt = now;
    r.leaseExpiresAt = leaseExpiresAt;
    q.place(entry, 'running', now, leaseExpiresAt);
    q.hold(entry, workerId);
    return event(entry, 'claimed', now, { w: workerId });
}
function completeJob(q, entry, resultJson, now) {
    const res = resultJson ?? 'null';
    entry.record.resultJson = res;
    const w = entry.record.workerId;
    finish(q, entry, 'succeeded', now);
    return event(entry, 'succeeded', now, { w, res });
}
/** The end of an attempt that did not succeed: cancelled when asked, else failed or retried. */
function failJob(q, entry, err, retryable, delayMs, now) {
    const r = entry.record;
    const w = r.workerId;
    r.lastError = err;
    if (r.cancelRequested) {
        finish(q, entry, 'cancelled', now);
        return event(entry, 'cancelled', now, { w, err });
    }
    if (!retryable || r.attempts >= r.maxAttempts) {
        finish(q, entry, 'failed', now);
        return event(entry, 'failed', now, { w, err });
    }
    const delay = Math.max(0, delayMs());
    r.runAt = now + delay;
    finish(q, entry, delay === 0 ? 'pending' : 'scheduled', now);
    return event(entry, 'retry_scheduled', now, { w, err });
}
/** running -> pending with the attempt given back (or cancelled, when a cancel was asked). */
function releaseJob(q, entry, now) {
    const r = entry.record;
    const w = r.workerId;
    r.attempts = Math.max(0, r.attempts - 1);
    if (r.cancelRequested) {
        finish(q, entry, 'cancelled', now);
        return event(entry, 'cancelled', now, { w });
    }
    finish(q, entry, 'pending', now);
    return event(entry, 'released', now, { w });
}
/** A lost lease: the attempt stays spent; pending again, failed when none are left, cancelled when asked. */
function expireJob(q, entry, err, now) {
    const r = entry.record;
    const w = r.workerId;
    r.lastError = err;
    if (r.cancelRequested) {
        finish(q, entry, 'cancelled', now);
        return event(entry, 'cancelled', now, { w, err });
    }
    finish(q, entry, r.attempts >= r.maxAttempts ? 'failed' : 'pending', now);
    return event(entry, 'expired', now, { w, err });
}
function promoteJob(q, entry, now) {
    finish(q, entry, 'pending', now);
    return event(entry, 'promoted', now);
}
function cancelJob(q, entry, now) {
    finish(q, entry, 'cancelled', now);
    return event(entry, 'cancelled', now);
}
function requestCancel(entry, now) {
    entry.record.cancelRequested = true;
    entry.record.updatedAt = now;
    return event(entry, 'cancel_requested', now);
}
/** failed|cancelled -> pending, a fresh set of attempts, runnable now. */
function retryJob(q, entry, now) {
    const r = entry.record;
    r.attempts = 0;
    r.runAt = now;
    r.cancelRequested = false;
    r.finishedAt = undefined;
    r.resultJson = undefined;
    finish(q, entry, 'pending', now);
    return event(entry, 'retried', now);
}
function enqueuedEvent(entry, now) {
    const r = entry.record;
    return event(entry, 'enqueued', now, {
        type: r.type,
        prio: r.priority,
        ctime: r.createdAt,
        max: r.maxAttempts,
        ...(r.executionId !== undefined ? { exec: r.executionId } : {}),
    });
}
//# sourceMappingURL=memory-job-transitions.js.map