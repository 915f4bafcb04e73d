/**
 * The hard time limit of a running attempt: startedAt + timeoutMs + grace. The worker aborts a job
 * at timeoutMs; the grace covers a handler that ignores its signal. Past the hard limit no lease is
 * renewed, so the lease runs out there and the reaper ends the attempt with HARD_TIME_LIMIT_ERROR
 * (src/lua/includes/hard-limit.lua mirrors this for the Redis scripts).
 */
export declare const DEFAULT_HARD_TIMEOUT_GRACE_MS = 60000;
export declare const HARD_TIME_LIMIT_ERROR = "exceeded its hard time limit (timeoutMs + grace)";
export declare const LEASE_EXPIRED_ERROR = "lease expired";
/** The reason a silent worker's leases were ended (src/lua/reap-workers.lua writes the same words). */
export declare function workerSilentError(workerId: string): string;
export declare function hardDeadline(startedAt: number, timeoutMs: number, graceMs: number): number;
/** The lease expiry a claim or heartbeat at `now` grants: never past the hard deadline. */
export declare function leaseUntil(now: number, leaseMs: number, deadline: number): number;
/** The reason an unsettled lease ended when the reaper met it at `now`. */
export declare function expiryReason(now: number, deadline: number): string;
