import { Job } from '../../domain/job';
import { CompleteRequest, FailRequest, SettleOutcome, WorkerOperations } from '../queue';
import { WorkerLogger } from './worker-logger';
import { RunSpan } from '../tracing';
export type SettledListener = (job: Job, outcome: SettleOutcome, request: CompleteRequest | FailRequest, run: RunSpan | undefined) => void;
/**
 * Collects the results of one tick and sends them as ONE store.complete and ONE store.fail call
 * per queue (flushed on setImmediate; while a flush is in flight the next batch grows, which
 * batches harder under load). When the store is unreachable the results stay here and are
 * retried with capped backoff; the fencing token decides on arrival whether they still count.
 *
 * A batch the store refuses for another reason is retried one item at a time, so one bad item
 * (a result too large to store) cannot hold back the others; an item refused on its own is
 * turned into a failure (complete) or dropped and logged (fail), and its lease runs out.
 */
export declare class AckBatcher {
    private readonly store;
    private readonly logger;
    private readonly onSettled;
    private queues;
    private unsettled;
    private flushScheduled;
    private flushing;
    private retryTimer;
    private readonly backoff;
    private idleWaiters;
    /** Batches being sent now, with their queue (their leases are still this worker's meanwhile). */
    private readonly inFlight;
    constructor(store: Pick<WorkerOperations, 'complete' | 'fail'>, logger: WorkerLogger, onSettled: SettledListener);
    /** Results not yet recorded (queued or in flight). */
    get pending(): number;
    /**
     * Jobs of `queue` whose result waits here (queued or in flight): their leases are still this
     * worker's. Gathered when asked (once per heartbeat), so recording results costs nothing more.
     */
    heldIds(queue: string): string[];
    complete(job: Job, request: CompleteRequest, run?: RunSpan): void;
    fail(job: Job, request: FailRequest, run?: RunSpan): void;
    /** Flushes now (skipping any backoff wait) and resolves true when all is recorded, false on timeout. */
    drain(timeoutMs: number): Promise<boolean>;
    /** Stops retrying (after a drain that timed out); what is left is lost and its leases run out. */
    abandon(): number;
    private add;
    private scheduleFlush;
    private readonly flush;
    /** true when every item got an outcome or was given up; false when some wait for a retry. */
    private send;
    private refused;
    private requeue;
    private wakeIdleWaiters;
}
