import { Clock } from '../../domain/clock';
import { ClaimedJob } from '../../domain/job';
import { WorkerOperations } from '../queue';
import { WorkerLogger } from './worker-logger';
import { ClaimSpan, JobTracer } from '../tracing';
/** Longest idle wait before claiming again anyway (a lost wake-up costs at most this). */
export declare const MAX_IDLE_WAIT_MS = 5000;
export interface ClaimLoopDeps {
    store: WorkerOperations;
    workerId: string;
    /** Slots of this queue (WORKER_CONCURRENCY is per queue). */
    concurrency: number;
    leaseMs: number;
    clock: Clock;
    logger: WorkerLogger;
    maxIdleWaitMs?: number;
    /** How many jobs of this queue are running now. */
    active: () => number;
    /** Takes the jobs of one claim (and its span, tracing on); calls `loop.slotFreed()` as each job's slot frees. */
    run: (jobs: ClaimedJob[], claim: ClaimSpan | undefined) => void;
    /** Records a `claim` span per claim that took jobs or failed (default: off). */
    tracer?: JobTracer;
}
/**
 * The claim loop of one queue. Claims as many jobs as it has free slots in one call; when the
 * queue has nothing more it waits on store.waitForWork (woken by enqueues and promotions, or
 * after min(5 s, next scheduled job)); when it is full it sleeps until a slot frees, then claims
 * on the next setImmediate so the completions of one tick lead to a single claim.
 * Store errors pause it with capped exponential backoff; it never throws.
 */
export declare class ClaimLoop {
    readonly queue: string;
    private readonly deps;
    private stopped;
    private readonly stopSignal;
    private slotWaiter;
    /** Ends the current waitForWork early (nudge, stop). */
    private idleWait;
    /** When the current waitForWork ends by itself (its timeout). */
    private idleUntil;
    /**
     * Earliest due time of the nudges that came while a claim was in flight (its answer may predate
     * them); -Infinity: due now; undefined: none.
     */
    private nudgedDueAt;
    private slotWakeScheduled;
    private running;
    private readonly backoff;
    private claiming;
    private readonly tracer;
    constructor(queue: string, deps: ClaimLoopDeps);
    start(): void;
    /** Stops claiming; resolves when no claim is in flight any more. */
    /**
     * Resolves once the claim in flight now (if any) has handed its jobs to `run` or failed: its
     * leases are then either known to the worker or stray (a reply lost on the wire).
     */
    claimSettled(): Promise<void>;
    stop(): Promise<void>;
    /** A job of this queue settled. Several in the same tick wake the loop once. */
    readonly slotFreed: () => void;
    /**
     * Something changed that the store does not wake waiters for (a job of ours went to scheduled
     * for a retry, due at `dueAt` at the earliest; unknown: maybe now). An idle loop claims again
     * now to learn the new next due time, unless its wait ends by then anyway: most retries of a
     * busy queue then cost nothing, not even a store call.
     */
    nudge(dueAt?: number): void;
    private loop;
    private waitForWork;
    private pauseAfter;
    private recovered;
    private wakeSlotWaiter;
}
