import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { JobResponseDto } from './job-response.dto';

/** What history records of every job it has seen. */
const RECORDED = ['id', 'queue', 'status', 'attempts', 'createdAt', 'updatedAt', 'startedAt', 'finishedAt', 'workerId', 'result', 'lastError', 'executionId', 'schedule', 'progress', 'progressAt', 'logLines'] as const;
/** What it knows only once the job's enqueue reached it. */
const FROM_ENQUEUE = ['type', 'maxAttempts', 'priority'] as const;

/**
 * A job as job history (PostgreSQL) recorded it: returned once retention has removed the job from
 * the store, and by `GET /jobs?from=&to=`. The fields are JobResponseDto's (swagger's mapped
 * types keep one declaration of each); history keeps no payload, backoff, timeout or runAt, so
 * those are absent, and type, maxAttempts and priority are unknown until the job's enqueue
 * reached history. `GET /jobs/{id}/logs` pages the log lines history keeps (its newest JOB_LOG_LINES). `source` is always "history".
 */
export class JobHistoryResponseDto extends IntersectionType(PickType(JobResponseDto, RECORDED), PartialType(PickType(JobResponseDto, FROM_ENQUEUE))) {
  @ApiProperty({ enum: ['history'], example: 'history' })
  source: 'history';
}
