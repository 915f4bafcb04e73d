import { Clock } from '../../../domain/clock';
import { MinuteStats, QueueStatsDelta } from '../../../domain/queue-stats';
import { QueueStatsStore } from '../queue-stats-store';
/** QueueStatsStore in process memory: per queue, the minutes kept, forgotten after STATS_RETENTION_MS as Redis expires them. */
export declare class MemoryQueueStats extends QueueStatsStore {
    private readonly clock;
    private readonly queues;
    constructor(clock: Clock);
    record(queue: string, delta: QueueStatsDelta): Promise<void>;
    read(queue: string, nowMs: number): Promise<Map<number, MinuteStats>>;
    /** Minutes whose retention has passed, as a Redis minute key expires STATS_RETENTION_MS after its last write. */
    private forgetOld;
}
