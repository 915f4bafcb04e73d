import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { JOB_STATUSES, JobStatus } from '../../../domain/job';
import { CATCH_UP_POLICIES, CatchUpPolicy, OVERLAP_POLICIES, OverlapPolicy } from '../../../domain/schedule';
import { JobResponseDto } from '../../jobs';

/** The job each tick makes, shown with the fields (and docs) of a job's own response. */
export class ScheduleJobResponseDto extends PickType(JobResponseDto, ['type', 'payload', 'priority', 'maxAttempts', 'backoff', 'timeoutMs', 'callbackUrl', 'group'] as const) {}

export class ScheduleCountsDto {
  @ApiProperty({ description: 'Ticks that made a job (and manual triggers)' })
  fired: number;

  @ApiProperty({ description: 'Ticks not fired because the previous run was live (overlap skip)' })
  skipped: number;

  @ApiProperty({ description: 'Ticks not fired because their time had passed (catchUp)' })
  missed: number;
}

export class ScheduleRunDto {
  @ApiProperty({ format: 'date-time', description: 'The tick (or the time of a manual trigger)' })
  fireAt: string;

  @ApiProperty()
  jobId: string;

  @ApiProperty({ enum: JOB_STATUSES, nullable: true, description: 'The job\'s status now; null once the job has left the store (GET /jobs/:id reads it from history)' })
  status: JobStatus | null;

  @ApiPropertyOptional({ description: 'Made by POST /schedules/:name/trigger' })
  trigger?: boolean;
}

export class ScheduleResponseDto {
  @ApiProperty()
  name: string;

  @ApiProperty()
  queue: string;

  @ApiPropertyOptional()
  cron?: string;

  @ApiPropertyOptional()
  everyMs?: number;

  @ApiProperty()
  timezone: string;

  @ApiProperty({ type: ScheduleJobResponseDto })
  job: ScheduleJobResponseDto;

  @ApiProperty({ enum: OVERLAP_POLICIES })
  overlap: OverlapPolicy;

  @ApiProperty({ enum: CATCH_UP_POLICIES })
  catchUp: CatchUpPolicy;

  @ApiProperty()
  maxCatchUp: number;

  @ApiPropertyOptional({ format: 'date-time' })
  startAt?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  endAt?: string;

  @ApiProperty()
  paused: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The next tick; null when paused or ended' })
  nextRunAt: string | null;

  @ApiProperty({ type: ScheduleCountsDto })
  counts: ScheduleCountsDto;

  @ApiPropertyOptional({ description: 'The job of the latest run' })
  lastJobId?: string;

  @ApiProperty({ description: 'Bumped by every PUT' })
  version: number;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class ScheduleDetailResponseDto extends ScheduleResponseDto {
  @ApiProperty({ type: [String], format: 'date-time', description: 'The next 5 ticks' })
  nextRuns: string[];

  @ApiProperty({ type: [ScheduleRunDto], description: 'The latest 20 runs, newest first' })
  lastRuns: ScheduleRunDto[];
}

export class SchedulePageResponseDto {
  @ApiProperty({ type: [ScheduleResponseDto] })
  items: ScheduleResponseDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last' })
  nextCursor: string | null;
}

export class ScheduleTriggerResponseDto {
  @ApiProperty({ description: 'The job the trigger made (GET /jobs/:id shows it)' })
  jobId: string;

  @ApiProperty({ format: 'date-time' })
  fireAt: string;
}
