"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisQueueStats = void 0;
const queue_stats_1 = require("../../../domain/queue-stats");
const queue_stats_store_1 = require("../queue-stats-store");
/** The hash field of each part of a minute: `s:<step>` `f:<step>` `p:<bucket>` `r:<bucket>`. */
const FIELDS = [
    ['s', 'succeeded'],
    ['f', 'failed'],
    ['p', 'pickup'],
    ['r', 'run'],
];
const PART_OF = new Map(FIELDS);
const RETENTION_S = Math.ceil(queue_stats_1.STATS_RETENTION_MS / 1000);
/**
 * QueueStatsStore on Redis: one hash per queue and minute, `<prefix>:{<queue>}:stats:<minute>`,
 * in the queue's slot, expiring STATS_RETENTION_MS after its last write. A delta is one pipeline
 * (HINCRBY per non-zero field, EXPIRE per minute); a read is one pipeline of HGETALL over the
 * window's minutes (at most 16), never a SCAN. Not a script: counters that add up need no atomic
 * step, and a lost flush loses a few seconds of dashboard figures, nothing of the jobs.
 */
class RedisQueueStats extends queue_stats_store_1.QueueStatsStore {
    redis;
    keys;
    call;
    constructor(redis, keys, call) {
        super();
        this.redis = redis;
        this.keys = keys;
        this.call = call;
    }
    async record(queue, delta) {
        const keys = this.keys(queue);
        const pipeline = this.redis.pipeline();
        let commands = 0;
        for (const [minute, stats] of delta) {
            const key = keys.statsMinute(minute);
            let any = false;
            for (const [prefix, part] of FIELDS) {
                const values = stats[part];
                for (let i = 0; i < values.length; i++) {
                    if (values[i] === 0)
                        continue;
                    pipeline.hincrby(key, `${prefix}:${i}`, values[i]);
                    any = true;
                    commands++;
                }
            }
            if (any)
                pipeline.expire(key, RETENTION_S);
        }
        if (commands === 0)
            return;
        await this.call(async () => {
            const replies = (await pipeline.exec()) ?? [];
            const failed = replies.find(([error]) => error);
            if (failed)
                throw failed[0];
        });
    }
    async read(queue, nowMs) {
        const keys = this.keys(queue);
        const minutes = (0, queue_stats_1.windowMinutes)(nowMs);
        const pipeline = this.redis.pipeline();
        for (const minute of minutes)
            pipeline.hgetall(keys.statsMinute(minute));
        const replies = await this.call(async () => (await pipeline.exec()) ?? []);
        const out = new Map();
        minutes.forEach((minute, i) => {
            const [error, hash] = replies[i] ?? [null, null];
            if (error)
                throw error;
            const stats = decodeMinute(hash);
            if (stats)
                out.set(minute, stats);
        });
        return out;
    }
}
exports.RedisQueueStats = RedisQueueStats;
/** A minute's hash; null when empty. Fields of another shape (a later version's) are ignored. */
function decodeMinute(hash) {
    if (!hash)
        return null;
    const entries = Object.entries(hash);
    if (entries.length === 0)
        return null;
    const stats = (0, queue_stats_1.emptyMinute)();
    for (const [field, value] of entries) {
        const part = PART_OF.get(field.slice(0, 1));
        const index = Number(field.slice(2));
        const n = Number(value);
        if (!part || field[1] !== ':' || !Number.isInteger(index) || index < 0 || index >= stats[part].length || !Number.isFinite(n))
            continue;
        stats[part][index] = n;
    }
    return stats;
}
//# sourceMappingURL=redis-queue-stats.js.map