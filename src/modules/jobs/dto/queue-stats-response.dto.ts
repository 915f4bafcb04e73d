import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { QueueCounts } from '../../../domain/job';
import { STATS_STEP_MS, STATS_WINDOW_STEPS } from '../../../domain/queue-stats';
import { QueueCountsDto } from './queue-counts.dto';

export class OldestPendingDto {
  @ApiProperty({ type: String, nullable: true, description: 'The pending job that has waited longest; null: no job is pending' })
  jobId: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Since when it is runnable: its runAt (a delay, a retry) or else its creation' })
  since: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'at - since, in ms' })
  ageMs: number | null;

  @ApiPropertyOptional({
    description:
      'Present (true) when the store looked at only a bounded number of index heads (Redis: 200 named groups, 32 priorities per group, 64 list entries past cancelled jobs) and more were left: the job shown may not be the oldest',
  })
  approximate?: boolean;
}

export class ThroughputDto {
  @ApiProperty({ example: STATS_STEP_MS, description: 'The width of a step, ms' })
  stepMs: number;

  @ApiProperty({ format: 'date-time', description: 'The start of the first step' })
  from: string;

  @ApiProperty({ type: [Number], description: `Jobs that succeeded per step, oldest first (${STATS_WINDOW_STEPS} steps, the last one the current, partial step)` })
  succeeded: number[];

  @ApiProperty({ type: [Number], description: 'Failed attempts per step (failed for good or to be retried), oldest first' })
  failed: number[];
}

export class LatencyDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Median, ms, from a log-scale histogram (buckets 1.5x wide, interpolated inside the bucket); null: no sample' })
  p50: number | null;

  @ApiProperty({ type: Number, nullable: true, description: '95th percentile, ms, as p50' })
  p95: number | null;

  @ApiProperty({ description: 'Samples in the window' })
  count: number;
}

/** A queue's overview for the dashboard: counts now, its oldest waiting job, the last 15 minutes. */
export class QueueStatsResponseDto {
  @ApiProperty()
  queue: string;

  @ApiProperty({ format: 'date-time', description: 'When this was read' })
  at: string;

  @ApiProperty({ type: QueueCountsDto })
  counts: QueueCounts;

  @ApiProperty({ type: OldestPendingDto })
  oldestPending: OldestPendingDto;

  @ApiProperty({ type: ThroughputDto, description: 'Results recorded by the workers per 10 s step over 15 minutes (they write every 2 s)' })
  throughput: ThroughputDto;

  @ApiProperty({ type: LatencyDto, description: 'From runnable (max of runAt, createdAt) to claimed, over the last 15 to 16 minutes' })
  pickupMs: LatencyDto;

  @ApiProperty({ type: LatencyDto, description: 'From claim to recorded result, over the last 15 to 16 minutes' })
  runMs: LatencyDto;
}
