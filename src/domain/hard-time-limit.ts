/**
 * The hard time limit of a running attempt: startedAt + timeoutMs + grace. The worker aborts a job
 * at timeoutMs; the grace covers a handler that ignores its signal. Past the hard limit no lease is
 * renewed, so the lease runs out there and the reaper ends the attempt with HARD_TIME_LIMIT_ERROR
 * (src/lua/includes/hard-limit.lua applies it in the Redis scripts, with these constants generated
 * into them: src/modules/queue/redis/lua-constants.ts).
 */
export const DEFAULT_HARD_TIMEOUT_GRACE_MS = 60_000;

export const HARD_TIME_LIMIT_ERROR = 'exceeded its hard time limit (timeoutMs + grace)';
export const LEASE_EXPIRED_ERROR = 'lease expired';

/** The words around the worker's id in workerSilentError (reap-workers.lua gets them generated: lua-constants.ts). */
export const WORKER_SILENT_ERROR_PARTS = ['worker ', ' went silent'] as const;

/** The reason a silent worker's leases were ended. */
export function workerSilentError(workerId: string): string {
  return `${WORKER_SILENT_ERROR_PARTS[0]}${workerId}${WORKER_SILENT_ERROR_PARTS[1]}`;
}

export function hardDeadline(startedAt: number, timeoutMs: number, graceMs: number): number {
  return startedAt + timeoutMs + graceMs;
}

/** The lease expiry a claim or heartbeat at `now` grants: never past the hard deadline. */
export function leaseUntil(now: number, leaseMs: number, deadline: number): number {
  return Math.min(now + leaseMs, deadline);
}

/** The reason an unsettled lease ended when the reaper met it at `now`. */
export function expiryReason(now: number, deadline: number): string {
  return deadline <= now ? HARD_TIME_LIMIT_ERROR : LEASE_EXPIRED_ERROR;
}
