import { Clock } from '../../domain/clock';
import { NewJob } from '../../domain/job';
import { ScheduleDefinition } from '../../domain/schedule';
import { ClaimqMetrics } from '../metrics';
import { JobStore } from '../queue';
import { JobTracer } from '../tracing';
export interface ScheduleFirerOptions {
    batch: number;
    leaseMs: number;
    misfireGraceMs: number;
    /**
     * How long before their tick schedules are claimed and their fires prepared (the claim, the
     * definitions read, the cron times computed), so that at the tick only the enqueue is left.
     * Must be well under leaseMs. 0: claimed when due.
     */
    aheadMs?: number;
    /**
     * A schedule whose fire could not be planned (a definition this version cannot evaluate, as in a
     * rolling upgrade, or a time zone this runtime does not know): it stays claimed, and is tried
     * again by whichever instance claims it after its lease.
     */
    onPlanError?: (name: string, error: unknown) => void;
    /** HTTP_HOST_CONCURRENCY > 0: an `http` job whose template has no group gets its host's (jobOf). */
    hostGroups?: boolean;
    /** Traces each fire's enqueue, a trace of its own per job (default: off). */
    tracer?: JobTracer;
}
/** The scheduler's aheadMs: preparing 1,000 fires takes tens of ms on a busy 2-core machine. */
export declare const FIRE_AHEAD_MS = 500;
/** What one pass did, for the loop that runs passes. */
export interface FirePass {
    /** Schedules claimed. */
    claimed: number;
    /** Jobs made (fires whose job already existed, from a fire cut short before, not counted). */
    fired: number;
    /** The claim took a full batch: more may be due now. */
    full: boolean;
    /** The earliest due time (or lease end) left in the index. */
    nextDueAt: number | null;
}
/**
 * One scheduler pass: claim due schedules (a lease and a fencing token each), work out their due
 * ticks (planFire: catchUp), skip those whose previous run is live (overlap 'skip'), enqueue one
 * job per tick with the idempotency key of (schedule, tick), and record the fire (settle). No Nest
 * here: SchedulerService runs passes, tests call pass() on a clock they move.
 *
 * Exactly once: a tick's job is made only by the holder of the schedule's claim, and its
 * idempotency key makes a repeat (a fire cut short by a crash, done again by the next claimer
 * after the lease) return the job already made. So whichever instance and however many times,
 * one tick makes one job, as long as that job is still in the store when the repeat comes
 * (SCHEDULER_LEASE_MS against the queue's retention; README, Schedules).
 */
export declare class ScheduleFirer {
    private readonly store;
    private readonly clock;
    private readonly options;
    private readonly metrics?;
    constructor(store: Pick<JobStore, 'enqueue' | 'get' | 'schedules'>, clock: Clock, options: ScheduleFirerOptions, metrics?: ClaimqMetrics | undefined);
    pass(): Promise<FirePass>;
    /**
     * Resolves once the clock reads `at` (a timer may fire a little before the wall clock gets
     * there). A wall clock stepped back does not hold the pass for longer than it was prepared ahead.
     */
    private until;
    /** The schedule's fire, planned as of its tick when claimed ahead of it; undefined when it cannot be planned. */
    private plan;
    /**
     * overlap 'skip': no tick fires while the schedule's latest job is pending, scheduled or running,
     * and of several due ticks only the latest (the others would overlap it at once).
     */
    private applyOverlap;
    private isLive;
    /** Enqueues every fire's jobs, grouped by queue; returns the ids of jobs made by this pass. */
    private enqueue;
    private settlement;
    private countTicks;
}
/** What jobOf may be told beyond the tick. */
export interface JobOfOptions {
    /** Default: the tick's (tickIdempotencyKey); a manual trigger passes its own. */
    idempotencyKey?: string;
    /** As normalizeJobSpec's: an `http` job without a group gets its host's. */
    hostGroups?: boolean;
}
/** The job a tick makes: the template, in the schedule's queue, runnable now, keyed by the tick. */
export declare function jobOf(name: string, definition: ScheduleDefinition, fireAt: number, now: number, options?: JobOfOptions): NewJob;
