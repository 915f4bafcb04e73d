import { Job } from '../../domain/job';
import { HistoryQueryService, JobHistoryPage, JobHistoryQuery, JobHistoryRecord } from '../history';
import { JobOperations } from '../queue';
import { JobAttemptsResponseDto } from './dto/job-attempts-response.dto';
/** A job read by id: from the store while it holds it, from history after retention removed it. */
export type FoundJob = {
    source: 'store';
    job: Job;
} | {
    source: 'history';
    record: JobHistoryRecord;
};
/**
 * The API's reads that reach past the store into job history (HistoryModule, present only when
 * DATABASE_URL is set, hence @Optional). Without history each read answers from the store alone,
 * as documented per route, or refuses what only history can answer (a time range) with a 400.
 */
export declare class JobHistoryService {
    private readonly store;
    private readonly history?;
    constructor(store: JobOperations, history?: HistoryQueryService | undefined);
    get enabled(): boolean;
    find(id: string): Promise<FoundJob>;
    /**
     * Every attempt from history; the store's view of the latest attempt when history is off or has
     * not recorded the job's attempts yet (the writer lags the store by a batch).
     */
    attempts(id: string): Promise<JobAttemptsResponseDto>;
    /** Jobs created in [from, to), newest first: only history can answer this. */
    listCreated(query: JobHistoryQuery): Promise<JobHistoryPage>;
}
