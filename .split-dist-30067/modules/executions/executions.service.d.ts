import { Execution } from '../../domain/execution';
import { JobSpec } from '../../domain/job';
import { JobsService } from '../jobs';
import { HistoryQueryService } from '../history';
import { ListPage, ExecutionOperations, JobOperations } from '../queue';
import { JobTracer } from '../tracing';
/**
 * Create, read and cancel executions. The status is derived from the store's counters, which are
 * always current (the `executions` table in PostgreSQL follows them through the refresh). Once
 * EXECUTION_RETENTION_MS has removed a finished execution from the store, a read answers from that
 * table (HistoryModule, present only when DATABASE_URL is set, hence @Optional).
 */
export declare class ExecutionsService {
    private readonly store;
    private readonly jobs;
    private readonly tracer;
    private readonly history?;
    constructor(store: ExecutionOperations & Pick<JobOperations, 'get'>, jobs: JobsService, tracer: JobTracer, history?: HistoryQueryService | undefined);
    /** `created` is false when `idempotencyKey` named an execution of the queue: that one is returned. */
    create(specs: JobSpec[], callbackUrl?: string, idempotencyKey?: string): Promise<{
        id: string;
        total: number;
        created: boolean;
    }>;
    get(id: string): Promise<Execution>;
    /**
     * The queue's executions still in the store, newest first (those EXECUTION_RETENTION_MS has
     * removed are in history only). Each as GET /executions/:id shows it.
     */
    list(queue: string, limit: number, cursor?: string): Promise<{
        items: Execution[];
        nextCursor: string | null;
    }>;
    listJobs(id: string, limit: number, cursor?: string): Promise<ListPage>;
    cancel(id: string): Promise<Execution>;
}
