import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, Length, Matches, ValidateBy } from 'class-validator';
import { DEFAULT_QUEUE, JOB_STATUSES, JobStatus, NAME_PATTERN } from '../../../domain/job';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../job-limits';
import { PageQueryDto } from './page-query.dto';

/** The filters a lookup by idempotency key cannot take: it names one job. */
const NOT_WITH_IDEMPOTENCY_KEY = ['status', 'type', 'cursor', 'from', 'to'] as const;

/** 400 naming the key when one of NOT_WITH_IDEMPOTENCY_KEY is given with it. */
function IsAloneAsLookup(): PropertyDecorator {
  return ValidateBy({
    name: 'isAloneAsLookup',
    validator: {
      validate: (value: unknown, args) =>
        value === undefined || NOT_WITH_IDEMPOTENCY_KEY.every((other) => (args?.object as Record<string, unknown>)[other] === undefined),
      defaultMessage: (args) =>
        `$property cannot be combined with ${NOT_WITH_IDEMPOTENCY_KEY.filter((other) => (args?.object as Record<string, unknown>)[other] !== undefined).join(', ')}`,
    },
  });
}

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

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
    description: 'The job this idempotency key names in the queue: a page of 0 or 1 item. Not with status, type, cursor, from or to (400)',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_IDEMPOTENCY_KEY_LENGTH)
  @IsAloneAsLookup()
  idempotencyKey?: string;
}
