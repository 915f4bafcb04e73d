import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES, JobStatus, NAME_PATTERN } from '../../../domain/job';
import { PARENT_FAILURE_POLICIES, ParentFailurePolicy } from '../../../domain/job-graph';
import { JobJson, JobScheduleJson } from '../../../domain/job-json';
import { jsonValueProperty } from '../../../http/openapi-schemas';
import { BackoffDto } from './backoff.dto';

export class JobScheduleResponseDto implements JobScheduleJson {
  @ApiProperty({ example: 'nightly-report', description: 'The recurring schedule that fired the job' })
  name: string;

  @ApiProperty({ format: 'date-time', description: 'The tick the job was fired for' })
  fireAt: string;
}

/** A job as the API returns it: the domain Job with times as ISO-8601 strings. */
export class JobResponseDto implements JobJson {
  @ApiProperty({ example: 'default-01JABCDEFG0123456789ABCD' })
  id: string;

  @ApiProperty()
  queue: string;

  @ApiProperty()
  type: string;

  @ApiProperty(jsonValueProperty('The JSON value given at enqueue (null when none was given)'))
  payload: unknown;

  @ApiProperty({ enum: JOB_STATUSES })
  status: JobStatus;

  @ApiProperty()
  priority: number;

  @ApiProperty({ description: 'Attempts started so far' })
  attempts: number;

  @ApiProperty()
  maxAttempts: number;

  @ApiProperty({ type: BackoffDto })
  backoff: BackoffDto;

  @ApiProperty()
  timeoutMs: number;

  @ApiProperty({ format: 'date-time' })
  runAt: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;

  @ApiPropertyOptional({ format: 'date-time' })
  startedAt?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  finishedAt?: string;

  @ApiPropertyOptional()
  workerId?: string;

  @ApiPropertyOptional(jsonValueProperty("The handler's result (succeeded jobs)"))
  result?: unknown;

  @ApiPropertyOptional()
  lastError?: string;

  @ApiPropertyOptional({ description: "The stack of lastError's error, when the handler threw one with a stack (at most 4,000 characters)" })
  lastErrorStack?: string;

  @ApiPropertyOptional()
  idempotencyKey?: string;

  @ApiPropertyOptional()
  callbackUrl?: string;

  @ApiPropertyOptional()
  executionId?: string;

  @ApiPropertyOptional({ type: JobScheduleResponseDto, description: 'Set on jobs a recurring schedule fired; clients cannot set it' })
  schedule?: JobScheduleResponseDto;

  @ApiPropertyOptional({
    pattern: NAME_PATTERN.source,
    example: 'tenant-42',
    description: "The job's fairness group (README, Fairness and rate limits); absent: the queue's default group",
  })
  group?: string;

  @ApiPropertyOptional({ description: 'A cancel was asked while the job was running' })
  cancelRequested?: boolean;

  @ApiPropertyOptional(jsonValueProperty('The latest progress its handler reported (ctx.progress: a number or a JSON value of at most 4 KB); absent until one did'))
  progress?: unknown;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the progress was reported' })
  progressAt?: string;

  @ApiPropertyOptional({ minimum: 0, description: 'Log lines its handlers wrote, in all (GET /jobs/{id}/logs pages the kept ones); absent until one did' })
  logLines?: number;

  @ApiPropertyOptional({ minimum: 0, description: 'How many of the oldest lines were dropped (the job keeps its newest JOB_LOG_LINES)' })
  logLinesDropped?: number;

  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, description: "The job's key in its execution's graph" })
  key?: string;

  @ApiPropertyOptional({ type: [String], description: 'The keys of the jobs of its execution it waits on (its parents)' })
  dependsOn?: string[];

  @ApiPropertyOptional({ enum: PARENT_FAILURE_POLICIES, description: "What a parent's failure, cancel or skip does to it (jobs with dependsOn)" })
  onParentFailure?: ParentFailurePolicy;

  @ApiProperty({ enum: ['store'], example: 'store', description: 'Read from the job store; a job as job history recorded it has `source: "history"`' })
  source: 'store';
}
