import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';
import { DEFAULT_QUEUE, JOB_STATUSES, JobStatus, NAME_PATTERN } from '../../../domain/job';
import { PageQueryDto } from './page-query.dto';

const NAME_MESSAGE = '$property must match [A-Za-z0-9_.:-]{1,100}';

export class ListJobsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    pattern: NAME_PATTERN.source,
    default: DEFAULT_QUEUE,
    description: 'Without from/to, one of QUEUES (400 otherwise); job history (from/to) answers any queue it recorded',
  })
  @IsOptional()
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  queue?: string;

  @ApiPropertyOptional({ enum: JOB_STATUSES })
  @IsOptional()
  @IsIn(JOB_STATUSES)
  status?: JobStatus;

  @ApiPropertyOptional({ pattern: NAME_PATTERN.source })
  @IsOptional()
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  type?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2030-01-01T00:00:00Z',
    description: 'Jobs created at or after this time (ISO-8601). Read from job history: 400 when history is off (no DATABASE_URL)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: '$property must be an ISO-8601 date-time' })
  from?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2030-01-02T00:00:00Z',
    description: 'Jobs created before this time (ISO-8601). Read from job history: 400 when history is off (no DATABASE_URL)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: '$property must be an ISO-8601 date-time' })
  to?: string;
}
