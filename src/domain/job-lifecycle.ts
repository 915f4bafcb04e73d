import { JobEventKind } from './job-event';
import { JobStatus } from './job';

/**
 * A job's life, in one place: which state changes exist (TRANSITIONS, one row per event kind) and
 * how an attempt ends (endAttempt). The memory store calls these functions; the Lua scripts make
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
 *   running           -> cancelled          cancelled (a cancel was asked and the attempt ended: failed, released or expired)
 *   pending|scheduled -> cancelled          cancelled
 *   failed|cancelled  -> pending            retried (attempts reset)
 *   pending|scheduled|running -> failed     failed "malformed job record: ..." (a record nothing can run)
 */
export const TRANSITIONS: Readonly<Record<JobEventKind, ReadonlyArray<readonly [JobStatus | null, JobStatus]>>> = {
  enqueued: [
    [null, 'pending'],
    [null, 'scheduled'],
  ],
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
  ],
  released: [['running', 'pending']],
  expired: [
    ['running', 'pending'],
    ['running', 'failed'],
  ],
  cancel_requested: [['running', 'running']],
  cancelled: [
    ['pending', 'cancelled'],
    ['scheduled', 'cancelled'],
    ['running', 'cancelled'],
  ],
  retried: [
    ['failed', 'pending'],
    ['cancelled', 'pending'],
  ],
};

/** The error of a record nothing can run, failed where it was met: `<this>: <what is wrong>`. */
export const MALFORMED_RECORD_ERROR = 'malformed job record';

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
  if (status === 'pending' || status === 'scheduled') return 'cancel';
  if (status === 'running') return cancelRequested ? 'already_requested' : 'request';
  return 'refuse';
}

/** A retry asked through the API: only a failed or cancelled job runs again. */
export function canRetry(status: JobStatus): boolean {
  return status === 'failed' || status === 'cancelled';
}
