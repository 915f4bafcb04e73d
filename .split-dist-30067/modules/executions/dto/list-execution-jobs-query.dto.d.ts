import { PageQueryDto } from '../../jobs';
/** `GET /executions/:id/jobs`: paging only. */
export declare class ListExecutionJobsQueryDto extends PageQueryDto {
}
