import { BulkCancelJobsDto, BulkJobActionResponseDto, BulkRetryJobsDto } from './dto/bulk-job-action.dto';
import { JobsService } from './jobs.service';
/**
 * Cancel or retry a queue's jobs by filter, one bounded batch per call: the caller (the dashboard,
 * a script) calls again with `nextCursor` until it is null (bulk-job-action.ts).
 */
export declare class BulkJobsController {
    private readonly jobs;
    constructor(jobs: JobsService);
    cancel(queue: string, dto: BulkCancelJobsDto): Promise<BulkJobActionResponseDto>;
    retry(queue: string, dto: BulkRetryJobsDto): Promise<BulkJobActionResponseDto>;
    private run;
}
