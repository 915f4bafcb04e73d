import { PageQueryDto } from '../../jobs';

/** `GET /executions/:id/jobs`: paging only. */
export class ListExecutionJobsQueryDto extends PageQueryDto {}
