import { MinuteStats, QueueStatsDelta } from '../../domain/queue-stats';
/**
 * A queue's recent activity (src/domain/queue-stats.ts), kept where its jobs are: per queue and
 * minute, outcomes per 10 s step and pickup and run histograms, each minute forgotten after
 * STATS_RETENTION_MS. Workers add deltas every few seconds (never per job); the dashboard reads a
 * window. A partitioned queue keeps its stats under the queue's own name (partition 0's slot).
 */
export declare abstract class QueueStatsStore {
    /** Adds `delta` (minutes by epoch minute number) to the queue's stored minutes: one write. */
    abstract record(queue: string, delta: QueueStatsDelta): Promise<void>;
    /** The stored minutes of the window ending at `nowMs` (windowMinutes): those that hold anything. */
    abstract read(queue: string, nowMs: number): Promise<Map<number, MinuteStats>>;
}
