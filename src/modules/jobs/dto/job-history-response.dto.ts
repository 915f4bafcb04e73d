import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES, JobStatus } from '../../../domain/job';

/**
 * A job as job history (PostgreSQL) recorded it: returned once retention has removed the job from
 * the store, and by `GET /jobs?from=&to=`. History keeps no payload, backoff, timeout or runAt, so
 * those are absent; `source` is always "history".
 */
export class JobHistoryResponseDto {
  @ApiProperty({ example: 'default-01JABCDEFG0123456789ABCD' })
  id: string;

  @ApiProperty()
  queue: string;

  @ApiPropertyOptional({ description: 'Unknown until the job\'s enqueue reached history' })
  type?: string;

  @ApiProperty({ enum: JOB_STATUSES })
  status: JobStatus;

  @ApiProperty({ description: 'Attempts started' })
  attempts: number;

  @ApiPropertyOptional()
  maxAttempts?: number;

  @ApiPropertyOptional()
  priority?: number;

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

  @ApiPropertyOptional({ description: "The handler's result (succeeded jobs)" })
  result?: unknown;

  @ApiPropertyOptional()
  lastError?: string;

  @ApiPropertyOptional()
  executionId?: string;

  @ApiProperty({ enum: ['history'], example: 'history' })
  source: 'history';
}
