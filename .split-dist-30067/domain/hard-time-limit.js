"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LEASE_EXPIRED_ERROR = exports.HARD_TIME_LIMIT_ERROR = exports.DEFAULT_HARD_TIMEOUT_GRACE_MS = void 0;
exports.workerSilentError = workerSilentError;
exports.hardDeadline = hardDeadline;
exports.leaseUntil = leaseUntil;
exports.expiryReason = expiryReason;
/**
 * The hard time limit of a running attempt: startedAt + timeoutMs + grace. The worker aborts a job
 * at timeoutMs; the grace covers a handler that ignores its signal. Past the hard limit no lease is
 * renewed, so the lease runs out there and the reaper ends the attempt with HARD_TIME_LIMIT_ERROR
 * (src/lua/includes/hard-limit.lua mirrors this for the Redis scripts).
 */
exports.DEFAULT_HARD_TIMEOUT_GRACE_MS = 60_000;
exports.HARD_TIME_LIMIT_ERROR = 'exceeded its hard time limit (timeoutMs + grace)';
exports.LEASE_EXPIRED_ERROR = 'lease expired';
/** The reason a silent worker's leases were ended (src/lua/reap-workers.lua writes the same words). */
function workerSilentError(workerId) {
    return `worker ${workerId} went silent`;
}
function hardDeadline(startedAt, timeoutMs, graceMs) {
    return startedAt + timeoutMs + graceMs;
}
/** The lease expiry a claim or heartbeat at `now` grants: never past the hard deadline. */
function leaseUntil(now, leaseMs, deadline) {
    return Math.min(now + leaseMs, deadline);
}
/** The reason an unsettled lease ended when the reaper met it at `now`. */
function expiryReason(now, deadline) {
    return deadline <= now ? exports.HARD_TIME_LIMIT_ERROR : exports.LEASE_EXPIRED_ERROR;
}
//# sourceMappingURL=hard-time-limit.js.map