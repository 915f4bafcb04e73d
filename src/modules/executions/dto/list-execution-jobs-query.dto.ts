import { PageQueryDto } from '../../jobs/dto/page-query.dto';

/** `GET /executions/:id/jobs`: paging only. */
export class ListExecutionJobsQueryDto extends PageQueryDto {}
