import { JobStatus } from '../../../domain/job';
import { PageQueryDto } from './page-query.dto';
export declare class ListJobsQueryDto extends PageQueryDto {
    queue?: string;
    status?: JobStatus;
    type?: string;
    from?: string;
    to?: string;
    idempotencyKey?: string;
}
