import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { CallbackEnqueuer, UpkeepOperations } from '../queue';
import { HistoryGapStats } from './history-gap-stats';
import { QueueReapReport } from './queue-reap-report';
import { ReaperStats } from './reaper-stats';
export type { QueueReapReport } from './queue-reap-report';
/**
 * The reaper: returns the work of dead or stuck workers and keeps the indexes tidy. Runs on every
 * instance; every step is one atomic store call over a bounded batch, so concurrent passes on
 * several instances never hand out a job twice, and one pass never blocks Redis for long.
 * A pass does at most MAX_ROUNDS batches per concern and per queue (per silent worker for their
 * leases); the rest waits for the next.
 *
 * Concerns: expired leases (a lease also runs out at the job's hard time limit, timeoutMs + grace,
 * which the store enforces at claim and heartbeat, so hung jobs end here too), leases of silent
 * workers (each worker whose leases came back is recorded as dead, for GET /workers), due
 * scheduled jobs, finished jobs past retention, the event log (trimEvents), execution refreshes
 * whose instance died, finished executions past EXECUTION_RETENTION_MS; after every queue, the
 * published info of workers silent for WORKER_DEAD_MS. Each is tried on
 * its own: one that throws is logged and counted, and the others still run. Jobs the pass fails or
 * cancels get their callback.
 */
export declare class ReaperService {
    private readonly store;
    private readonly config;
    private readonly stats;
    private readonly callbacks;
    private readonly clock;
    private readonly gaps;
    static readonly MAX_ROUNDS = 10;
    private readonly logger;
    /**
     * Since when this instance has reached the store without interruption. After an outage every
     * worker looks silent (none could heartbeat), so silent workers are reaped only once the store
     * has been reachable for WORKER_DEAD_MS: live workers get a full window to check in again.
     */
    private reachableSince;
    constructor(store: UpkeepOperations, config: AppConfig, stats: ReaperStats, callbacks: CallbackEnqueuer, clock?: Clock, gaps?: HistoryGapStats);
    runPass(): Promise<QueueReapReport[]>;
    reapQueue(queue: string): Promise<QueueReapReport>;
    /**
     * Records each worker whose leases this pass returned (host and pid from its published info,
     * read before forgetSilentWorkers removes it, or from its id).
     */
    private recordDead;
    /**
     * After every queue: the info of workers silent for WORKER_DEAD_MS goes (those declared dead,
     * and processes that died holding no lease, which no queue's reap meets), a batch at a time.
     * Like the reap of silent workers, only once the store has been reachable that long.
     */
    private forgetSilentWorkers;
    /** Waits for callbacks still being enqueued (shutdown). */
    drain(): Promise<void>;
    private workersHadTimeToCheckIn;
    /** One concern; its failure is recorded and logged, and the pass goes on. */
    private step;
    /** Adds a reap's outcome to the report, under `into`'s fields; returns how many entries it ended. */
    private tally;
    /** Events lost to history (a gap): counted for the metric and readiness, and logged as the error it is. */
    private noteDropped;
    private noteMalformed;
    /** Runs `step` until it says it is done, at most MAX_ROUNDS times. */
    private rounds;
    /**
     * A store call that took a heartbeat interval or more (a Redis Cluster failover, a paused
     * server: the client holds commands until the slot answers again) held up the workers'
     * heartbeats as well, whose beats were queued with the time they were sent. As after an
     * outage, workers get WORKER_DEAD_MS from now to check in before any is declared dead; without
     * this a failover longer than WORKER_DEAD_MS would declare every live worker dead at once.
     * Returns whether the call since `startedAt` stalled.
     */
    private noteStall;
    /** One line per pass: info when it did something, a warning when a step failed, debug otherwise. */
    private logPass;
}
