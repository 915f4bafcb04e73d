import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import { JSON_VALUE_BRANCHES } from '../../../http/openapi-schemas';
import { OpaqueJson } from '../../../http/opaque-json.decorator';
import { MAX_JOB_ID_LENGTH, MAX_RETRY_IN_MS, MAX_SETTLEMENTS } from '../remote-limits';

/** A W3C traceparent (version 00): what a tracing worker's run span is known by. */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const TRACEPARENT_DOC = {
  example: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  description:
    "succeeded: the W3C traceparent of the worker's own run span (a worker that traces). A graph job keeps it, and its children's claims hand it over as parentRuns, so their run spans link this one",
};

/** The token of the lease a settle ends. */
export class ReleaseJobDto {
  @ApiProperty({ example: 7, description: 'The token of the claim that handed the job out' })
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  token: number;
}

export class CompleteJobDto extends ReleaseJobDto {
  @ApiPropertyOptional({ description: 'The job\'s result: any JSON, at most MAX_PAYLOAD_BYTES encoded', oneOf: JSON_VALUE_BRANCHES })
  @IsOptional()
  @OpaqueJson()
  result?: unknown;

  @ApiPropertyOptional(TRACEPARENT_DOC)
  @IsOptional()
  @Matches(TRACEPARENT, { message: '$property must be a W3C traceparent: 00-<32 hex>-<16 hex>-<2 hex>' })
  traceparent?: string;
}

export class FailJobDto extends ReleaseJobDto {
  @ApiProperty({ example: 'upstream answered 502', description: 'What went wrong (kept to its first 2,000 characters)' })
  @IsString()
  error: string;

  @ApiPropertyOptional({ default: true, description: 'With attempts left, run it again (after its backoff, or retryInMs); false fails it for good' })
  @IsOptional()
  @IsBoolean()
  retryable?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_RETRY_IN_MS, description: 'Overrides the job\'s backoff for this retry (e.g. an upstream\'s Retry-After)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_RETRY_IN_MS)
  retryInMs?: number;

  @ApiPropertyOptional({ description: 'The error\'s stack, kept as the job\'s lastErrorStack (first 4,000 characters)' })
  @IsOptional()
  @IsString()
  stack?: string;
}

const SETTLE_STATUSES = ['succeeded', 'failed', 'released'] as const;
const isFail = (item: { status?: unknown }): boolean => item.status === 'failed';

export class SettlementDto {
  @ApiProperty({ example: 'emails-01JD3Q5Z8V7W0000000000ABCD' })
  @IsString()
  @Length(1, MAX_JOB_ID_LENGTH)
  id: string;

  @ApiProperty({ example: 7 })
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  token: number;

  @ApiProperty({ enum: SETTLE_STATUSES, description: 'succeeded: complete it; failed: fail it; released: give it back unrun, its attempt not spent' })
  @IsIn(SETTLE_STATUSES)
  status: (typeof SETTLE_STATUSES)[number];

  @ApiPropertyOptional({ description: 'succeeded: the result (any JSON)', oneOf: JSON_VALUE_BRANCHES })
  @IsOptional()
  @OpaqueJson()
  result?: unknown;

  @ApiPropertyOptional(TRACEPARENT_DOC)
  @IsOptional()
  @Matches(TRACEPARENT, { message: '$property must be a W3C traceparent: 00-<32 hex>-<16 hex>-<2 hex>' })
  traceparent?: string;

  @ApiPropertyOptional({ description: 'failed: what went wrong (required)' })
  @ValidateIf(isFail)
  @IsString({ message: '$property must be a string (a failed result names its error)' })
  error?: string;

  @ApiPropertyOptional({ default: true, description: 'failed: run it again when attempts are left' })
  @IsOptional()
  @IsBoolean()
  retryable?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_RETRY_IN_MS, description: 'failed: overrides the job\'s backoff for this retry' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_RETRY_IN_MS)
  retryInMs?: number;

  @ApiPropertyOptional({ description: 'failed: the error\'s stack' })
  @IsOptional()
  @IsString()
  stack?: string;
}

export class SettlementsDto {
  @ApiProperty({ type: [SettlementDto], minItems: 1, maxItems: MAX_SETTLEMENTS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SETTLEMENTS)
  @ValidateNested({ each: true })
  @Type(() => SettlementDto)
  results: SettlementDto[];
}

const SETTLED_STATUSES = ['succeeded', 'scheduled', 'failed', 'cancelled', 'pending'] as const;

export class SettledJobDto {
  @ApiProperty()
  id: string;

  @ApiProperty({
    enum: SETTLED_STATUSES,
    description: 'The job\'s status after the settle: succeeded; scheduled (a retry is due), failed, cancelled (a cancel was asked for), pending (released)',
  })
  status: (typeof SETTLED_STATUSES)[number];
}

export class SettlementResultDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ enum: [...SETTLED_STATUSES, 'stale'], description: 'As a single settle answers; stale: the token was not current, nothing was recorded' })
  status: (typeof SETTLED_STATUSES)[number] | 'stale';
}

export class SettlementsResponseDto {
  @ApiProperty({ type: [SettlementResultDto], description: 'In the order sent' })
  results: SettlementResultDto[];
}
