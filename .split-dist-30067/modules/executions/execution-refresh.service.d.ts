import { JobOperations } from '../queue';
import { ExecutionRefreshMetrics } from './execution-refresh.metrics';
import { ExecutionRefresher } from './execution-refresher';
/**
 * Runs the refresh on this instance: for each queue, batches until the refresh set is drained or
 * MAX_ROUNDS batches were done. Every instance runs it; the claim splits the work between them,
 * so no execution is refreshed twice for one change and nothing is scanned.
 */
export declare class ExecutionRefreshService {
    private readonly store;
    private readonly refresher;
    private readonly metrics;
    private readonly batch;
    static readonly MAX_ROUNDS = 20;
    /** The queue list is re-read this often, not every pass: an idle instance stays cheap. */
    static readonly QUEUE_LIST_TTL_MS = 10000;
    private readonly logger;
    private knownQueues;
    private queuesReadAt;
    constructor(store: Pick<JobOperations, 'queues'>, refresher: ExecutionRefresher, metrics: ExecutionRefreshMetrics, batch: number);
    /** Returns how many executions were refreshed. Errors are logged per queue; the next pass retries. */
    runPass(): Promise<number>;
    private queues;
    refreshQueue(queue: string): Promise<number>;
}
