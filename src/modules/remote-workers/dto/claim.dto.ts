import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsNotIn, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { HTTP_JOB_TYPE } from '../../../domain/http-job';
import { NAME_PATTERN } from '../../../domain/job';
import { JobResponseDto } from '../../jobs';
import { MAX_CLAIM_JOBS, MAX_CLAIM_TYPES, MAX_CLAIM_WAIT_MS } from '../remote-limits';
import { RemoteWorkerDto } from './remote-worker.dto';

export class ClaimJobsDto {
  @ApiProperty({ type: RemoteWorkerDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => RemoteWorkerDto)
  worker: RemoteWorkerDto;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CLAIM_JOBS, default: 1, description: 'The most jobs this claim takes' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CLAIM_JOBS)
  max?: number;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_CLAIM_TYPES,
    description: `The job types the worker runs; a job of another type is handed back (retryable, after its backoff). Default: every type but "${HTTP_JOB_TYPE}", which the service's own workers run`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CLAIM_TYPES)
  @IsString({ each: true })
  @Matches(NAME_PATTERN, { each: true, message: '$property must hold names matching [A-Za-z0-9_.:-]{1,100}' })
  @IsNotIn([HTTP_JOB_TYPE], { each: true, message: `$property may not name "${HTTP_JOB_TYPE}": its jobs run in the service's own workers, their secrets never leave it` })
  types?: string[];

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_CLAIM_WAIT_MS, default: 0, description: 'With no job ready, how long to wait for one (a long poll) before answering with none' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_CLAIM_WAIT_MS)
  waitMs?: number;
}

export class ClaimedJobDto {
  @ApiProperty({ type: JobResponseDto, description: 'The job, as GET /jobs/{id} shows it' })
  job: JobResponseDto;

  @ApiProperty({ example: 7, description: 'The fencing token: every heartbeat and settle of this job presents it' })
  token: number;

  @ApiProperty({ format: 'date-time', description: 'When the lease ends unless a heartbeat renews it' })
  leaseExpiresAt: string;

  @ApiPropertyOptional({ description: 'W3C trace context the job was enqueued under (tracing on): the parent of the run span' })
  traceparent?: string;

  @ApiPropertyOptional()
  tracestate?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { split: { parts: 4 } },
    description: "A job of an execution's graph (dependsOn): its parents' results by their keys (a parent that ended without succeeding, onParentFailure run, is absent)",
  })
  parents?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { split: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    description: "A graph job whose parents' runs were traced: the W3C traceparent of each parent's successful run span, by key (a remote worker sends its own with the result): link your run span to them",
  })
  parentRuns?: Record<string, string>;
}

export class ClaimJobsResponseDto {
  @ApiProperty({ type: [ClaimedJobDto] })
  jobs: ClaimedJobDto[];

  @ApiProperty({ example: 300000, description: 'How long a lease lasts from a claim or heartbeat (LEASE_MS)' })
  leaseMs: number;

  @ApiProperty({ example: 60000, description: 'How often to send a heartbeat (HEARTBEAT_MS)' })
  heartbeatMs: number;
}
