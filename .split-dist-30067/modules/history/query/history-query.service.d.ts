import { ExecutionRecord } from '../../../domain/execution';
import { JobAttemptEntity } from '../entities/job-attempt.entity';
import { JobRecordEntity } from '../entities/job-record.entity';
import { HistoryDatabase } from '../history-database';
import { JobAttemptHistory, JobHistoryPage, JobHistoryQuery, JobHistoryRecord } from './job-history.types';
export declare const HISTORY_PAGE_DEFAULT = 100;
export declare const HISTORY_PAGE_MAX = 1000;
/**
 * The job's latest attempt completed from its row: added when the job succeeded in an attempt that
 * has no row (claimed and ended within one history batch), or ended when its row still shows it
 * running (written at the claim; the end came in a batch that folded the claim again).
 */
export declare function withRecordAttempt(rows: JobAttemptEntity[], record: JobRecordEntity | null): JobAttemptEntity[];
/**
 * What the API reads from history: a job as last recorded, its attempts, pages of jobs by queue,
 * status, type and creation time, newest first, and an execution as last refreshed. Throws
 * StoreUnavailableError (503) while Postgres is unreachable.
 */
export declare class HistoryQueryService {
    private readonly database;
    constructor(database: HistoryDatabase);
    findJob(id: string): Promise<JobHistoryRecord | null>;
    /** The `executions` row the refresh last wrote (what GET /executions/:id shows after retention). */
    findExecution(id: string): Promise<ExecutionRecord | null>;
    /**
     * A job's attempts in run order. A successful attempt claimed and ended within one history batch
     * has no row of its own (the job's row holds it): it is shown from the job's row, as is the end
     * of a latest attempt whose row was written while it ran.
     */
    listAttempts(jobId: string): Promise<JobAttemptHistory[]>;
    listJobs(query: JobHistoryQuery): Promise<JobHistoryPage>;
    /**
     * The job's row: in the partition of the time in its id, or else (history an upgrade moved into
     * the default partition, keyed by its enqueue time until the partition upkeep moves it) in the
     * default partition, through its index on id.
     */
    private findJobRow;
    /** Rows of a default partition by an indexed id column, mapped as the entity's own rows. */
    private fromDefault;
    private connected;
}
