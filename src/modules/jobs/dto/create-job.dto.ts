import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { MAX_ATTEMPTS_LIMIT, NAME_PATTERN, PRIORITY_MAX, PRIORITY_MIN } from '../../../domain/job';
import { MAX_CALLBACK_URL_LENGTH, MAX_DELAY_MS, MAX_IDEMPOTENCY_KEY_LENGTH, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../job-limits';
import { IsAbsentWith } from '../validation/is-absent-with.decorator';
import { IsHttpUrl } from '../validation/is-http-url.decorator';
import { IsRunAt } from '../validation/is-run-at.decorator';
import { BackoffDto } from './backoff.dto';
import { HTTP_JOB_TYPE } from '../../../domain/http-job';
import { JSON_VALUE_BRANCHES } from '../../../http/openapi-schemas';
import { OpaqueJson } from '../../../http/opaque-json.decorator';
import { HttpJobPayloadDto } from './http-job-payload.dto';

const NAME_MESSAGE = '$property must match [A-Za-z0-9_.:-]{1,100}';

const isHttpJob = (dto: { type?: unknown }): boolean => dto.type === HTTP_JOB_TYPE;

/**
 * The payload's handling, as a decorator other DTOs with a job's fields apply too (a schedule's
 * job): only http jobs have a payload shape the service knows (built as HttpJobPayloadDto and
 * checked); any other payload is opaque JSON, never walked or copied here (its depth is bounded by
 * the pipe and JobsService).
 */
export const jobPayload: PropertyDecorator = OpaqueJson({ as: (raw) => (isHttpJob(raw) ? HttpJobPayloadDto : undefined) });

@ApiExtraModels(HttpJobPayloadDto)
export class CreateJobDto {
  @ApiProperty({ pattern: NAME_PATTERN.source, example: 'email.send', description: `Handler name; "${HTTP_JOB_TYPE}" calls a URL` })
  @IsString()
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  type: string;

  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, default: 'default', description: 'One of QUEUES (400 otherwise)' })
  @IsOptional()
  @IsString()
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  queue?: string;

  @ApiPropertyOptional({
    description: `Any JSON value, handed to the handler; for type "${HTTP_JOB_TYPE}" an HttpJobPayload. At most MAX_PAYLOAD_BYTES encoded.`,
    anyOf: [{ $ref: getSchemaPath(HttpJobPayloadDto) }, ...JSON_VALUE_BRANCHES],
  })
  @jobPayload
  @ValidateIf(isHttpJob)
  @IsObject({ message: `$property must be an object with a url for ${HTTP_JOB_TYPE} jobs` })
  @ValidateNested()
  payload?: unknown;

  @ApiPropertyOptional({
    pattern: NAME_PATTERN.source,
    example: 'tenant-42',
    description:
      "Fairness group: a queue serves its groups round-robin, and a group's cap, rate limit or pause holds only its own jobs back. " +
      `Default: the queue's default group; an "${HTTP_JOB_TYPE}" job gets host:<its url's host> while HTTP_HOST_CONCURRENCY is above 0`,
  })
  @IsOptional()
  @IsString()
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  group?: string;

  @ApiPropertyOptional({ minimum: PRIORITY_MIN, maximum: PRIORITY_MAX, default: 0, description: 'Higher runs first' })
  @IsOptional()
  @IsInt()
  @Min(PRIORITY_MIN)
  @Max(PRIORITY_MAX)
  priority?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_DELAY_MS, description: 'Run no sooner than this many ms from now; exclusive with runAt' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_DELAY_MS)
  @IsAbsentWith('runAt')
  delayMs?: number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 0 }],
    description: 'Run no sooner than this time: ISO-8601 with a zone, or epoch ms; exclusive with delayMs',
  })
  @IsOptional()
  @IsRunAt()
  runAt?: string | number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ATTEMPTS_LIMIT, default: 3 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ATTEMPTS_LIMIT)
  maxAttempts?: number;

  @ApiPropertyOptional({ type: BackoffDto, description: 'Delay between attempts; default exponential from 1 s, capped at 1 h' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BackoffDto)
  backoff?: BackoffDto;

  @ApiPropertyOptional({ minimum: MIN_TIMEOUT_MS, maximum: MAX_TIMEOUT_MS, default: 90_000, description: 'Hard time limit of one attempt, ms' })
  @IsOptional()
  @IsInt()
  @Min(MIN_TIMEOUT_MS)
  @Max(MAX_TIMEOUT_MS)
  timeoutMs?: number;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
    description: 'A repeated key in the same queue returns the existing job (200) instead of adding one',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_IDEMPOTENCY_KEY_LENGTH)
  idempotencyKey?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: MAX_CALLBACK_URL_LENGTH, description: 'Called when the job ends' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CALLBACK_URL_LENGTH)
  @IsHttpUrl()
  callbackUrl?: string;
}
