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
export declare function presentQueueStats(stats: QueueStats): QueueStatsResponseDto;
