import { ClaimedJob, Job } from '../../domain/job';
import { SettleOutcome } from '../queue';

/**
 * Hooks the worker runtime calls as jobs move (metrics implement it). Plain synchronous calls on
 * the hot path: an implementation must be cheap and must not throw.
 */
export interface WorkerObserver {
  /** A claim handed these jobs to this process; `now` is the runtime clock at hand-over. */
  onClaimed(jobs: readonly ClaimedJob[], now: number): void;
  /** The store recorded a job's result: its new status, or `stale` when the lease had been lost. */
  onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void;
  /** An `http` job or callback was refused a connection by the egress policy, by this rule. */
  onEgressDenied?(rule: string): void;
}

/** Optional provider token: ClaimModule passes the observer bound here, if any, to the runtime. */
export const WORKER_OBSERVER = Symbol('WORKER_OBSERVER');
