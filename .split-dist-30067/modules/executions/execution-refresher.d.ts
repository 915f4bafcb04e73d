import { Clock } from '../../domain/clock';
import { Execution } from '../../domain/execution';
import { ExecutionOperations, JobOperations } from '../queue';
import { JobTracer } from '../tracing';
import { ExecutionStatusSink, RejectedExecution } from './execution-status.writer';
export interface ExecutionRefresherOptions {
    /** Names this instance's in-flight refreshes (no spaces). */
    refresherId: string;
    batch: number;
    maxPayloadBytes: number;
    /** HTTP_HOST_CONCURRENCY > 0: the callbacks (`http` jobs) get their receiver's host group. */
    hostGroups?: boolean;
    /** Executions the database refused as data: written no more, acknowledged with the rest. */
    onRejected?: (queue: string, rejected: RejectedExecution[]) => void;
    /** Traces each callback's enqueue, a trace of its own (default: off). */
    tracer?: JobTracer;
}
/**
 * One refresh batch of one queue: claim up to `batch` dirty executions (one store call), write
 * their status (one statement, when a database is configured), enqueue the callbacks of those
 * that just ended (one enqueue; each callback's idempotency key is the execution's, so two
 * refreshers never send one twice), then acknowledge. A failure before the ack leaves the batch
 * in flight; the reaper returns it to the refresh set after REFRESH_STALE_MS. A record the
 * database refuses as data is set aside (reported through onRejected) and acknowledged with the
 * rest, so it cannot hold back the other executions of its queue.
 */
export declare class ExecutionRefresher {
    private readonly store;
    private readonly sink;
    private readonly clock;
    private readonly options;
    constructor(store: ExecutionOperations & Pick<JobOperations, 'get' | 'enqueue'>, sink: ExecutionStatusSink | undefined, clock: Clock, options: ExecutionRefresherOptions);
    get refresherId(): string;
    refreshBatch(queue: string): Promise<Execution[]>;
}
