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
    /** The runtime started claiming: its slots, to be read when wanted (a scrape), never per job. */
    onStarted?(slots: WorkerSlots): void;
    /** The runtime stopped: it has no slots any more. */
    onStopped?(): void;
}
/** A worker process's slots as they are now, per queue it claims from. */
export interface WorkerSlots {
    readonly queues: readonly string[];
    /** Slots per queue (WORKER_CONCURRENCY). */
    readonly perQueue: number;
    /** Slots running a job now. */
    busy(queue: string): number;
    /** Slot-seconds spent running jobs since the process started (never decreasing). */
    busySlotSeconds(queue: string): number;
}
/** Optional provider token: ClaimModule passes the observer bound here, if any, to the runtime. */
export declare const WORKER_OBSERVER: unique symbol;
