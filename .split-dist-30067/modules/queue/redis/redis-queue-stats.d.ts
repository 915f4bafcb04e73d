import type { RedisClient } from './redis-connection';
import { MinuteStats, QueueStatsDelta } from '../../../domain/queue-stats';
import { QueueStatsStore } from '../queue-stats-store';
import { RedisQueueKeys } from './redis-queue-keys';
type Call = <T>(op: () => Promise<T>) => Promise<T>;
/**
 * QueueStatsStore on Redis: one hash per queue and minute, `<prefix>:{<queue>}:stats:<minute>`,
 * in the queue's slot, expiring STATS_RETENTION_MS after its last write. A delta is one pipeline
 * (HINCRBY per non-zero field, EXPIRE per minute); a read is one pipeline of HGETALL over the
 * window's minutes (at most 16), never a SCAN. Not a script: counters that add up need no atomic
 * step, and a lost flush loses a few seconds of dashboard figures, nothing of the jobs.
 */
export declare class RedisQueueStats extends QueueStatsStore {
    private readonly redis;
    private readonly keys;
    private readonly call;
    constructor(redis: RedisClient, keys: (queue: string) => RedisQueueKeys, call: Call);
    record(queue: string, delta: QueueStatsDelta): Promise<void>;
    read(queue: string, nowMs: number): Promise<Map<number, MinuteStats>>;
}
export {};
