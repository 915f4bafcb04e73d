import { JobEventKind } from './job-event';
import { JobStatus } from './job';
import { hardDeadline, leaseUntil } from './hard-time-limit';

/**
 * A job's life, in one place: which state changes exist (TRANSITIONS, one row per event kind) and
 * the decision of each: enqueue, claim, heartbeat, how an attempt ends (complete, fail, release,
 * expire: endAttempt), cancel, retry and promote. The memory store calls these functions; the Lua scripts make
 * the same decision in one include each (src/lua/includes/end-attempt.lua mirrors endAttempt), and
 * the contract suite runs every transition on both stores and compares the event streams they
 * emit, each event checked against TRANSITIONS (test/contract/event-streams.spec.ts).
 *
 *   enqueued          -> pending | scheduled
 *   pending           -> running            claimed
 *   scheduled         -> pending            promoted
 *   running           -> succeeded          succeeded
 *   running           -> scheduled|pending  retry_scheduled (retryable, attempts left; pending when the delay is 0)
 *   running           -> failed             failed (not retryable, or no attempts left)
 *   running           -> pending            released (the attempt given back)
 *   running           -> pending|failed     expired (lease lost or hard time limit; the attempt stays spent)
 *   running           -> running            cancel_requested (ends at the attempt's end, below)
 *   running           -> running            progress, log (a handler's report; job-progress.ts)
 *   running           -> cancelled          cancelled (a cancel was asked and the attempt ended: failed, released or expired)
 *   pending|scheduled -> cancelled          cancelled
 *   failed|cancelled  -> pending            retried (attempts reset)
 *   pending|scheduled|running -> failed     failed "malformed job record: ..." (a record nothing can run)
 * A job of an execution's graph (src/domain/job-graph.ts):
 *   enqueued          -> blocked            (it has parents)
 *   blocked           -> pending|scheduled  unblocked (its last parent's end satisfied it)
 *   blocked           -> failed|skipped     failed, skipped (a parent's end, policy fail|skip)
 *   blocked           -> cancelled          cancelled
 *   failed|cancelled|skipped -> blocked|pending  retried (it, or an ancestor whose end ended it)
 */
export const TRANSITIONS: Readonly<Record<JobEventKind, ReadonlyArray<readonly [JobStatus | null, JobStatus]>>> = {
  enqueued: [
    [null, 'pending'],
    [null, 'scheduled'],
    [null, 'blocked'],
  ],
  unblocked: [
    ['blocked', 'pending'],
    ['blocked', 'scheduled'],
  ],
  skipped: [['blocked', 'skipped']],
  claimed: [['pending', 'running']],
  promoted: [['scheduled', 'pending']],
  succeeded: [['running', 'succeeded']],
  retry_scheduled: [
    ['running', 'scheduled'],
    ['running', 'pending'],
  ],
  failed: [
    ['running', 'failed'],
    ['pending', 'failed'],
    ['scheduled', 'failed'],
    ['blocked', 'failed'],
  ],
  released: [['running', 'pending']],
  expired: [
    ['running', 'pending'],
    ['running', 'failed'],
  ],
  cancel_requested: [['running', 'running']],
  progress: [['running', 'running']],
  log: [['running', 'running']],
  cancelled: [
    ['pending', 'cancelled'],
    ['scheduled', 'cancelled'],
    ['running', 'cancelled'],
    ['blocked', 'cancelled'],
  ],
  retried: [
    ['failed', 'pending'],
    ['cancelled', 'pending'],
    ['skipped', 'pending'],
    ['failed', 'blocked'],
    ['cancelled', 'blocked'],
    ['skipped', 'blocked'],
  ],
};

/** The error of a record nothing can run, failed where it was met: `<this>: <what is wrong>`. */
export const MALFORMED_RECORD_ERROR = 'malformed job record';

/** An attempt's error text is kept short, whoever ran it: it travels in every fail call and event. */
export const MAX_ERROR_CHARS = 2_000;
/** The error's stack is kept with the job (lastErrorStack), cut to this many characters. */
export const MAX_ERROR_STACK_CHARS = 4_000;

/**
 * What is wrong with a damaged record, in the words both engines use (the memory engine's
 * findMalformation; src/lua/includes/job-record.lua through its generated constants).
 */
export const MALFORMATION = {
  missingType: 'missing type',
  missingStatus: 'missing status',
  /** After the field's name: `attempts is not a number`. */
  notANumber: ' is not a number',
} as const;

/**
 * Whether a job that finished (entered its final index) at `finishedAt` is past its retention at
 * `now`: strictly older than `retentionMs` (trim.lua: ZRANGEBYSCORE up to the exclusive cutoff), so
 * a retention of 0 keeps a job finished in this very millisecond until the next.
 */
export function pastRetention(finishedAt: number, now: number, retentionMs: number): boolean {
  return finishedAt < now - retentionMs;
}

/** Whether `kind` may move a job from `from` (null: a new job) to `to`. */
export function isTransition(kind: JobEventKind, from: JobStatus | null, to: JobStatus): boolean {
  return TRANSITIONS[kind].some(([f, t]) => f === from && t === to);
}

/** How an attempt ends. `fail` carries the worker's verdict; the decision is endAttempt's. */
export type AttemptEnd =
  | { how: 'complete' }
  | { how: 'fail'; retryable: boolean }
  | { how: 'release' }
  | { how: 'expire' };

/** What endAttempt reads of the job. */
export interface RunningAttempt {
  /** Attempts spent, this one included. */
  attempts: number;
  maxAttempts: number;
  cancelRequested: boolean;
}

/**
 * The decision at the end of an attempt. `status` 'retry' means: scheduled after the retry delay,
 * or pending at once when that delay is 0 (retryStatus); the caller computes the delay only then.
 */
export interface AttemptOutcome {
  event: Extract<JobEventKind, 'succeeded' | 'retry_scheduled' | 'failed' | 'released' | 'expired' | 'cancelled'>;
  status: JobStatus | 'retry';
  /** The attempts after the change: a release gives the attempt back, everything else keeps it spent. */
  attempts: number;
}

/**
 * How a running attempt ends:
 * - complete -> succeeded (the work was done, even when a cancel was asked meanwhile);
 * - otherwise a cancel that was asked wins -> cancelled, the attempt kept spent (it ran);
 * - fail: retryable with attempts left -> retry, else -> failed;
 * - release -> pending, the attempt given back (shutdown, or a type this worker cannot run);
 * - expire -> pending with the attempt spent, or failed when none are left (a job that kills its
 *   worker cannot loop forever).
 */
export function endAttempt(job: RunningAttempt, end: AttemptEnd): AttemptOutcome {
  const spent = job.attempts;
  if (end.how === 'complete') return { event: 'succeeded', status: 'succeeded', attempts: spent };
  if (job.cancelRequested) return { event: 'cancelled', status: 'cancelled', attempts: spent };
  const left = spent < job.maxAttempts;
  switch (end.how) {
    case 'fail':
      return end.retryable && left ? { event: 'retry_scheduled', status: 'retry', attempts: spent } : { event: 'failed', status: 'failed', attempts: spent };
    case 'release':
      return { event: 'released', status: 'pending', attempts: Math.max(0, spent - 1) };
    case 'expire':
      return { event: 'expired', status: left ? 'pending' : 'failed', attempts: spent };
  }
}

/** A retry's status once its delay is known: at once (pending) or later (scheduled). */
export function retryStatus(delayMs: number): 'pending' | 'scheduled' {
  return delayMs > 0 ? 'scheduled' : 'pending';
}

/**
 * A cancel asked through the API: pending|scheduled -> cancelled at once; running -> cancel
 * requested (the job stays running; its next heartbeat answers 'cancel' and the attempt's end is
 * 'cancelled'); asked again while running -> nothing new; a final job -> refused.
 */
export function cancelDecision(status: JobStatus, cancelRequested: boolean): 'cancel' | 'request' | 'already_requested' | 'refuse' {
  if (status === 'pending' || status === 'scheduled' || status === 'blocked') return 'cancel';
  if (status === 'running') return cancelRequested ? 'already_requested' : 'request';
  return 'refuse';
}

/** A retry asked through the API: only a failed, cancelled or skipped job runs again. */
export function canRetry(status: JobStatus): boolean {
  return status === 'failed' || status === 'cancelled' || status === 'skipped';
}

// The other transitions, decided here and applied by the stores: the memory store calls these; each
// Redis script applies the same decision under its guards (current token, status), and
// test/contract/store-parity.spec.ts holds the two to the same records and events.

/** How a new job enters its queue at `now`: scheduled while its runAt is ahead, else pending from now. */
export interface EnqueueDecision {
  status: 'pending' | 'scheduled';
  /** runAt as stored: a due job's is its enqueue time (enqueue-jobs.lua). */
  runAt: number;
}

export function enqueueDecision(runAt: number, now: number): EnqueueDecision {
  return runAt > now ? { status: 'scheduled', runAt } : { status: 'pending', runAt: now };
}

/** What a claim at `now` makes of a pending job (claim.lua). */
export interface ClaimDecision {
  /** One more attempt spent. */
  attempts: number;
  /** The new fencing token: one more than the last, never reset. */
  token: number;
  startedAt: number;
  /** now + leaseMs, never past the attempt's hard time limit (hard-time-limit.ts). */
  leaseExpiresAt: number;
}

export function claimDecision(job: { attempts: number; token: number; timeoutMs: number }, now: number, leaseMs: number, graceMs: number): ClaimDecision {
  return {
    attempts: job.attempts + 1,
    token: job.token + 1,
    startedAt: now,
    leaseExpiresAt: leaseUntil(now, leaseMs, hardDeadline(now, job.timeoutMs, graceMs)),
  };
}

/**
 * A heartbeat of a lease that is still the job's (heartbeat.lua): renewed to now + leaseMs, never
 * past the hard time limit; at or past that limit it is not renewed and answers 'stale' (the
 * reaper ends the attempt there); a requested cancel answers 'cancel', the lease renewed so the
 * worker can end the attempt.
 */
export type HeartbeatDecision = { outcome: 'ok' | 'cancel'; leaseExpiresAt: number } | { outcome: 'stale' };

export function heartbeatDecision(deadline: number, cancelRequested: boolean, now: number, leaseMs: number): HeartbeatDecision {
  if (deadline <= now) return { outcome: 'stale' };
  return { outcome: cancelRequested ? 'cancel' : 'ok', leaseExpiresAt: leaseUntil(now, leaseMs, deadline) };
}

/** A promotion through the API (promote-job.lua): only a scheduled job, pending from now. */
export function promoteDecision(status: JobStatus, now: number): { runAt: number } | 'refuse' {
  return status === 'scheduled' ? { runAt: now } : 'refuse';
}

/**
 * A retry through the API (retry.lua): a failed or cancelled job runs again, pending from now with
 * a fresh set of attempts; nothing of the earlier run stays but its error and its run number (the
 * fencing token is never reset): no worker, start, finish, result or cancel request.
 */
export interface RetryDecision {
  status: 'pending';
  attempts: 0;
  runAt: number;
}

export function retryDecision(status: JobStatus, now: number): RetryDecision | 'refuse' {
  return canRetry(status) ? { status: 'pending', attempts: 0, runAt: now } : 'refuse';
}
