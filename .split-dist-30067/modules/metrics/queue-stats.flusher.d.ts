import { BeforeApplicationShutdown, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { JobStore } from '../queue';
import { QueueStatsObserver } from './queue-stats.observer';
export declare const QUEUE_STATS_FLUSH_INTERVAL = "claimq.queue-stats-flush";
/** How often this process writes its stats deltas: one pipelined write per queue that had any. */
export declare const QUEUE_STATS_FLUSH_MS = 2000;
/**
 * Writes what QueueStatsObserver gathered to the store every QUEUE_STATS_FLUSH_MS (one timer per
 * process, never per job), and once more when the workers have drained. A flush the store refuses
 * is given back and goes with the next one. A flush still running when the next is due is not
 * doubled.
 */
export declare class QueueStatsFlusher implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
    private readonly schedulerRegistry;
    private readonly observer;
    private readonly store;
    private readonly logger;
    private inFlight;
    constructor(schedulerRegistry: SchedulerRegistry, observer: QueueStatsObserver, store: Pick<JobStore, 'stats'>);
    onApplicationBootstrap(): void;
    /**
     * The last write. Nest calls ClaimModule's beforeApplicationShutdown (WorkerLifecycleService's
     * drain) before this module's in claimq's module tree, so it takes the drain's results too; the
     * store closes later, in onApplicationShutdown.
     */
    beforeApplicationShutdown(): Promise<void>;
    onApplicationShutdown(): void;
    /** Writes the deltas gathered so far. */
    flush(): Promise<void>;
    private write;
}
