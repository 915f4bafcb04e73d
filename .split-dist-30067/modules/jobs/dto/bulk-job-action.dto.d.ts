import { JobStatus } from '../../../domain/job';
/** The body of a bulk action but its status: the type filter and the batch's paging. */
declare abstract class BulkJobActionDto {
    type?: string;
    limit?: number;
    cursor?: string;
}
export declare class BulkCancelJobsDto extends BulkJobActionDto {
    status?: JobStatus;
}
export declare class BulkRetryJobsDto extends BulkJobActionDto {
    status?: JobStatus;
}
export declare class BulkJobActionResponseDto {
    processed: number;
    changed: number;
    skipped: number;
    nextCursor: string | null;
}
export {};
