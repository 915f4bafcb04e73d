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
exports.retryJob = retryJob;
exports.enqueuedEvent = enqueuedEvent;
const job_lifecycle_1 = require("../../../domain/job-lifecycle");
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
    // a stack belongs to its error (endRunningAttempt): this error has none
    delete entry.record.lastErrorStack;
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
    return event(entry, 'claimed', now, { w: workerId, run: r.token });
}
function completeJob(q, entry, resultJson, now) {
    entry.record.resultJson = resultJson ?? 'null';
    return endRunningAttempt(q, entry, { how: 'complete' }, now, { res: resultJson });
}
/** The end of an attempt that did not succeed, as endAttempt decides: cancelled when asked, else retried or failed. */
function failJob(q, entry, err, retryable, delayMs, now, stack) {
    return endRunningAttempt(q, entry, { how: 'fail', retryable }, now, { err, stack }, delayMs);
}
/** running -> pending with the attempt given back; or cancelled, when a cancel was asked (endAttempt). */
function releaseJob(q, entry, now) {
    return endRunningAttempt(q, entry, { how: 'release' }, now, {});
}
/** A lost lease: the attempt stays spent; pending again, failed when none are left, cancelled when asked (endAttempt). */
function expireJob(q, entry, err, now) {
    return endRunningAttempt(q, entry, { how: 'expire' }, now, { err });
}
/**
 * Applies endAttempt's decision to a running job: the record, its index and the event, which
 * names the attempt's worker and run. `text` is what the end carries (a result or an error).
 */
function endRunningAttempt(q, entry, end, now, text, retryDelayMs = () => 0) {
    const r = entry.record;
    const w = r.workerId;
    const run = r.token;
    const outcome = (0, job_lifecycle_1.endAttempt)({ attempts: r.attempts, maxAttempts: r.maxAttempts, cancelRequested: r.cancelRequested === true }, end);
    r.attempts = outcome.attempts;
    if (text.err !== undefined) {
        // the stack belongs to this error or to none (fail.lua's `es`)
        r.lastError = text.err;
        if (text.stack)
            r.lastErrorStack = text.stack;
        else
            delete r.lastErrorStack;
    }
    let status = outcome.status;
    if (status === 'retry') {
        const delay = Math.max(0, retryDelayMs());
        r.runAt = now + delay;
        status = (0, job_lifecycle_1.retryStatus)(delay);
    }
    finish(q, entry, status, now);
    return event(entry, outcome.event, now, { w, run, ...text });
}
function promoteJob(q, entry, now) {
    finish(q, entry, 'pending', now);
    return event(entry, 'promoted', now);
}
/**
 * A cancel asked through the API (one job or an execution's), as cancelDecision says: the event
 * it records, undefined when nothing changes (a cancel already requested), or 'refused' for a
 * final job.
 */
function cancelJob(q, entry, now) {
    switch ((0, job_lifecycle_1.cancelDecision)(entry.status, entry.record.cancelRequested)) {
        case 'cancel':
            finish(q, entry, 'cancelled', now);
            return event(entry, 'cancelled', now);
        case 'request':
            entry.record.cancelRequested = true;
            entry.record.updatedAt = now;
            return event(entry, 'cancel_requested', now, { w: entry.record.workerId });
        case 'already_requested':
            return undefined;
        case 'refuse':
            return 'refused';
    }
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
        ...(r.schedule !== undefined ? { sn: r.schedule.name, sf: r.schedule.fireAt } : {}),
    });
}
//# sourceMappingURL=memory-job-transitions.js.map