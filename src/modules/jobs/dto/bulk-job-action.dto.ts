import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { JobStatus, NAME_PATTERN } from '../../../domain/job';
import { BULK_ACTION_STATUSES, DEFAULT_BULK_LIMIT, MAX_BULK_LIMIT } from '../bulk-job-action';
import { MAX_CURSOR_LENGTH } from '../job-limits';

/** The body of a bulk action but its status: the type filter and the batch's paging. */
abstract class BulkJobActionDto {
  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, description: 'Only jobs of this type' })
  @IsOptional()
  @Matches(NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' })
  type?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_BULK_LIMIT, default: DEFAULT_BULK_LIMIT, description: 'Jobs this call looks at (one page of the listing)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_BULK_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous call of the same bulk action' })
  @IsOptional()
  @IsString()
  @Length(1, MAX_CURSOR_LENGTH)
  cursor?: string;
}

export class BulkCancelJobsDto extends BulkJobActionDto {
  @ApiPropertyOptional({ enum: BULK_ACTION_STATUSES.cancel, default: BULK_ACTION_STATUSES.cancel[0], description: 'The jobs to cancel: running ones are asked to cancel' })
  @IsOptional()
  @IsIn(BULK_ACTION_STATUSES.cancel)
  status?: JobStatus;
}

export class BulkRetryJobsDto extends BulkJobActionDto {
  @ApiPropertyOptional({ enum: BULK_ACTION_STATUSES.retry, default: BULK_ACTION_STATUSES.retry[0], description: 'The jobs to retry' })
  @IsOptional()
  @IsIn(BULK_ACTION_STATUSES.retry)
  status?: JobStatus;
}

export class BulkJobActionResponseDto {
  @ApiProperty({ description: 'Jobs this call looked at: one page of the filtered listing' })
  processed: number;

  @ApiProperty({ description: 'Jobs it cancelled (or asked to cancel) or retried' })
  changed: number;

  @ApiProperty({ description: 'Jobs that had moved on since the page was read (gone, or in a state the action does not take)' })
  skipped: number;

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` to the next call; null once the listing is done' })
  nextCursor: string | null;
}
