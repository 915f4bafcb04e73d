import { ClaimedJob, EnqueueResult, HeartbeatOutcome, JobStatus, Lease, NewJob } from '../../domain/job';

/**
 * The job queue: what producers and workers do to jobs. Submit, claim, keep, settle and give back
 * leases, and wait for work. One port of the job engine (job-engine.ts), injected by its own token.
 *
 * Invariants every engine keeps (test/contract/job-store.contract.ts is their executable form):
 * - A job is in exactly one state index: pending, scheduled, running (leases), succeeded, failed
 *   or cancelled; its `status` field names that index.
 * - Every claim bumps the job's fencing token. complete/fail/release/heartbeat present the token;
 *   a token that is not the job's current one, or a job that is no longer running, is `stale` and
 *   changes nothing. So a job may run twice after a crash but is recorded once.
 * - A claim spends an attempt (`attempts` += 1). release gives it back. An expired lease keeps it
 *   spent, so a job that kills its worker cannot loop forever.
 * - Pending jobs are claimed by priority (higher first), then FIFO by enqueue/promote order within
 *   a group; the groups of a queue with ready jobs are served round-robin within a priority, and
 *   caps, rate limits and pauses hold groups (or the queue) back (src/domain/fairness.ts).
 * - All time comes from the engine's injected clock; nothing reads the wall clock directly.
 * - Operations that take lists are atomic per call in Redis (one script) and bounded by the
 *   caller's batch size.
 * How each transition changes a job is decided once, in src/domain/job-lifecycle.ts.
 */
export abstract class JobQueue {
  /**
   * Adds jobs, all or nothing. A job whose idempotency key already exists in its queue is not
   * added: the existing job is returned with `created: false`; so is a job whose id exists (the
   * same call sent again, e.g. after a reconnect), which is never stored or counted twice.
   * runAt in the future -> scheduled; runAt at or before the engine's clock -> pending, with
   * runAt = createdAt (the enqueue time). All jobs of one call must share a queue (callers group
   * by queue).
   */
  abstract enqueue(jobs: NewJob[]): Promise<EnqueueResult[]>;

  /**
   * Claims up to `max` pending jobs for `workerId`, after promoting scheduled jobs that are due.
   * Each claimed job becomes running with a new token and a lease until now + leaseMs.
   * Malformed job records met on the way are moved to failed (or dropped when nothing is left
   * of them) and do not count against `max`.
   */
  abstract claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult>;

  /** Renews many leases in one call. Per lease: ok, stale (lost), or cancel (cancel was asked). */
  abstract heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]>;

  /**
   * For each worker, the leases recorded for it (running, held by that worker) whose job is not in
   * its `heldIds`: what a claim whose reply was lost left behind. Read-only; the worker releases
   * them (release gives the attempt back). One call per heartbeat, even when the worker is idle;
   * one call for the workers of many heartbeats (remote workers). `claimedBefore`: only leases
   * claimed (startedAt) before this time count, so a claim whose reply is still on its way to a
   * worker in another process is not taken for a lost one.
   */
  abstract strayLeases(queue: string, held: readonly HeldLeases[], claimedBefore?: number): Promise<StrayLease[]>;

  /**
   * How many leases of `queue` the store records for each of these workers now (running jobs they
   * hold), in their order: what GET /workers shows as busy, read from the lease index (one read
   * per worker), so it agrees with the queue's running count whenever it is read.
   */
  abstract heldCounts(queue: string, workerIds: readonly string[]): Promise<number[]>;

  /**
   * A running job's progress and log lines (job-progress.ts), per item only while its lease is
   * current: 'ok', or 'stale' (changes nothing). Each kept job keeps its newest `logLines` lines.
   * An event per item and kind (progress, log), for the live streams.
   */
  abstract report(queue: string, items: ReportRequest[], logLines: number): Promise<ReportOutcome[]>;

  /**
   * running -> succeeded. Per item: the new status, or 'stale'. The same completion applied twice
   * (same token, still current: its reply was lost) answers 'succeeded' again and changes nothing.
   */
  abstract complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]>;

  /**
   * running -> scheduled (retryable, attempts left; after the job's backoff or retryDelayMs),
   * -> failed (not retryable, or attempts exhausted), or -> cancelled when a cancel was asked.
   * The same failure applied twice (same token, still current, same error) answers the job's
   * status again and changes nothing.
   */
  abstract fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]>;

  /** running -> pending, the attempt given back (shutdown, or a type this worker cannot run). */
  abstract release(queue: string, leases: Lease[]): Promise<SettleOutcome[]>;

  /**
   * Resolves when work may have arrived in `queue` (an enqueue, a promotion) or after timeoutMs.
   * Spurious wake-ups are allowed; callers claim and wait again. `signal` ends the wait early.
   */
  abstract waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void>;

  /**
   * Whether the store signals `work` for `queue` (Outbox.onSignal): once a claim there took fewer
   * jobs than it asked for, the next change that makes work claimable sends one, to every instance.
   * A worker that hears the signals then waits on them, for as long as nothing is due, rather than
   * on waitForWork. Default: no.
   */
  signalsWork(_queue: string): Promise<boolean> {
    return Promise.resolve(false);
  }
}

export interface ClaimResult {
  jobs: ClaimedJob[];
  /**
   * Epoch ms of the earliest scheduled job, or of the next token of a rate limit that held jobs
   * back, when the claim took fewer jobs than it asked for: lets a worker sleep just enough.
   */
  nextDueAt?: number;
  /** Jobs are still pending after a claim that took `max` (an engine that can tell cheaply says so). */
  more?: boolean;
  /** Scheduled jobs this claim promoted to pending. */
  promoted?: number;
}

export interface ReportRequest extends Lease {
  /** The progress as JSON text (progressJson), or none. */
  progressJson?: string;
  /** Log lines, oldest first (logLineText), or none. */
  lines?: string[];
}

export type ReportOutcome = 'ok' | 'stale';

export interface CompleteRequest extends Lease {
  /** The handler's result, as JSON text (undefined -> null). */
  resultJson?: string;
  /**
   * Tracing on, a graph job: the traceparent of the run span that succeeded. Its children's run
   * spans link it (ClaimedJob.parentRuns).
   */
  runTraceparent?: string;
}

export interface FailRequest extends Lease {
  error: string;
  retryable: boolean;
  /** Overrides the job's backoff for this retry (e.g. an HTTP 429's Retry-After; 0 = at once). */
  retryDelayMs?: number;
  /** The thrown error's stack, kept beside `error` as the job's `lastErrorStack`. */
  stack?: string;
}

export type SettleOutcome = JobStatus | 'stale';

/** The jobs a worker says it holds (strayLeases). */
export interface HeldLeases {
  workerId: string;
  heldIds: readonly string[];
}

/** A lease recorded for a worker that did not name it. */
export interface StrayLease extends Lease {
  workerId: string;
}
