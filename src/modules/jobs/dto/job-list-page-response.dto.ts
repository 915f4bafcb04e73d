import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { JobHistoryResponseDto } from './job-history-response.dto';
import { JobResponseDto } from './job-response.dto';

/**
 * A job from the store or as job history recorded it, told apart by `source`: the schema of
 * `GET /jobs/:id` and of each item of `GET /jobs`.
 */
export const STORE_OR_HISTORY_JOB_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(JobResponseDto) }, { $ref: getSchemaPath(JobHistoryResponseDto) }],
  discriminator: { propertyName: 'source', mapping: { store: getSchemaPath(JobResponseDto), history: getSchemaPath(JobHistoryResponseDto) } },
};

/**
 * A page of `GET /jobs`: store jobs (`source: "store"`) without from/to, jobs from job history
 * (`source: "history"`, newest first) with them.
 */
export class JobListPageResponseDto {
  @ApiProperty({ type: 'array', items: STORE_OR_HISTORY_JOB_SCHEMA })
  items: (JobResponseDto | JobHistoryResponseDto)[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` (with the same filters) for the next page; null on the last page' })
  nextCursor: string | null;
}
