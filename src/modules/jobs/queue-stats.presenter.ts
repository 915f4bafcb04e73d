import { QueueCounts } from '../../domain/job';
import { OldestPending, QueueStatsWindow } from '../../domain/queue-stats';
import { QueueStatsResponseDto } from './dto/queue-stats-response.dto';

export interface QueueStats {
  queue: string;
  at: number;
  counts: QueueCounts;
  oldestPending: OldestPending;
  window: QueueStatsWindow;
}

/** The overview as the API shows it: times as ISO-8601, the oldest job's age from `at`. */
export function presentQueueStats(stats: QueueStats): QueueStatsResponseDto {
  const { oldestPending: oldest, window } = stats;
  const view: QueueStatsResponseDto = {
    queue: stats.queue,
    at: new Date(stats.at).toISOString(),
    counts: { ...stats.counts },
    oldestPending: {
      jobId: oldest.jobId,
      since: oldest.since === null ? null : new Date(oldest.since).toISOString(),
      ageMs: oldest.since === null ? null : Math.max(0, stats.at - oldest.since),
    },
    throughput: { stepMs: window.stepMs, from: new Date(window.from).toISOString(), succeeded: window.succeeded, failed: window.failed },
    pickupMs: window.pickupMs,
    runMs: window.runMs,
  };
  if (oldest.approximate) view.oldestPending.approximate = true;
  return view;
}
