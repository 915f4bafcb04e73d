import { Clock } from '../../domain/clock';
import { Lease } from '../../domain/job';
import { RunningJob } from './running-job';
/**
 * The jobs this process is running, by queue: what the heartbeat renews and shutdown releases.
 * It also adds up the time slots spend busy (slot-milliseconds per queue, exact: the running count
 * times the time it held, summed at each change), so utilization over any window is a counter's
 * rate (claimq_worker_busy_slot_seconds_total) instead of a sample of a gauge that misses short jobs.
 */
export declare class RunningJobs {
    private readonly clock;
    private readonly byQueue;
    private readonly busyTime;
    private total;
    private emptyWaiters;
    constructor(clock?: Clock);
    get size(): number;
    count(queue: string): number;
    /**
     * Adds a claimed attempt. One attempt per job id: when the job was claimed again while an older
     * attempt of it still runs here (its lease ran out and this worker won it back), the older one
     * is taken out and returned, for the caller to abort: its token is stale, and left in place it
     * would be counted for ever (its settle no longer finds it) and renewed in place of the new one.
     */
    add(job: RunningJob): RunningJob | undefined;
    remove(job: RunningJob): void;
    /** Slot-seconds the jobs of `queue` have run here, up to now (never decreasing). */
    busySlotSeconds(queue: string): number;
    /** Adds the busy time of `running` slots up to now, before the count changes. */
    private countChanging;
    inQueue(queue: string): RunningJob[];
    all(): RunningJob[];
    static leasesOf(jobs: RunningJob[]): Lease[];
    /** Resolves true when no job is running, or false after timeoutMs. */
    whenEmpty(timeoutMs: number): Promise<boolean>;
}
