import { BackoffOptions, Job, NewJob } from '../../../domain/job';
/**
 * The job hash: short field names, and fields equal to their default (or absent) not stored, so
 * a waiting job costs a few dozen bytes of Redis memory. The Lua scripts read the same names
 * (src/lua/includes/job-record.lua).
 *
 *   type  pl payload JSON   st status   pr priority     att attempts   max maxAttempts
 *   run runAt   ct createdAt   ut updatedAt (read as max(ut, stt))   stt startedAt   ft finishedAt   w workerId
 *   tok fencing token   res result JSON   err lastError   es lastErrorStack   bo backoff   tmo timeoutMs
 *   ik idempotencyKey   cb callbackUrl   ex executionId   cx cancel requested ('1')
 *   sn schedule.name   sf schedule.fireAt (both or neither)   grp group (none: the default group)
 *   cid the id of the last cancel or retry call that changed the job (its resend changes nothing)
 *   tp traceparent   ts tracestate (the span that enqueued the job; only while tracing is on)
 */
export type JobHash = Record<string, string>;
export declare function encodeBackoff(b: BackoffOptions): string;
export declare function decodeBackoff(text: string | undefined): BackoffOptions;
/**
 * The hash of a new job as field/value pairs (the id is in the key). A job due at once (runAt at or
 * before `now`, which the caller's clock often puts a millisecond behind the store's) stores no
 * `run`: it reads back as createdAt.
 */
export declare function encodeNewJob(job: NewJob, now: number): string[];
/**
 * The hash of a job after the claim, from one entry of claim.lua's reply
 * ({id, token, attempts, values in CLAIM_FIELDS order as before the claim}) plus what the claim wrote.
 */
export declare function claimedJobHash(reply: unknown[], workerId: string, now: number): JobHash;
/** Field/value pairs (as HGETALL or a script reply gives them) to a record, from `start`. */
export declare function pairsToHash(flat: unknown[], start?: number): JobHash;
/**
 * A job record to a Job. `queue` skips re-deriving it from the id when the caller knows it (the
 * claim path). The payload is set by setStoredPayload: a long one is parsed on first read.
 */
export declare function decodeJob(id: string, h: JobHash, queue?: string): Job;
