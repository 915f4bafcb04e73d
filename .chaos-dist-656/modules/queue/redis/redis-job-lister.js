"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobLister = void 0;
exports.indexKey = indexKey;
const job_1 = require("../../../domain/job");
const redis_job_codec_1 = require("./redis-job-codec");
const redis_list_cursor_1 = require("./redis-list-cursor");
/** Entries one list call may examine when a type filter skips most of them; then a cursor returns. */
const EXAMINE_BUDGET = 1_000;
const WINDOW = 200;
/**
 * Lists jobs newest-first within a state index (highest score first: finish time for final
 * states, due time for scheduled, lease expiry for running, priority then order for pending).
 * Without a status filter it walks the indexes in the order of JOB_STATUSES. A type filter is
 * applied within a bounded window, so a page may come back short with a cursor to continue.
 */
class RedisJobLister {
    redis;
    constructor(redis) {
        this.redis = redis;
    }
    async list(keys, query) {
        const limit = Math.max(1, Math.floor(query.limit));
        const walk = query.status ? [query.status] : [...job_1.JOB_STATUSES];
        let position = (0, redis_list_cursor_1.decodeRedisListCursor)(query.cursor);
        let index = position?.index ?? 0;
        const found = [];
        let examined = 0;
        let lastSeen;
        while (index < walk.length && found.length <= limit && examined < EXAMINE_BUDGET) {
            const key = indexKey(keys, walk[index]);
            const start = position && position.index === index ? await this.resumeRank(key, position) : 0;
            const want = query.type === undefined ? limit + 1 - found.length : WINDOW;
            const entries = await this.redis.zrevrange(key, start, start + want - 1, 'WITHSCORES');
            const pipeline = this.redis.pipeline();
            for (let i = 0; i < entries.length; i += 2)
                pipeline.hgetall(keys.job(entries[i]));
            const hashes = entries.length > 0 ? ((await pipeline.exec()) ?? []) : [];
            for (let i = 0; i < entries.length && found.length <= limit; i += 2) {
                const at = { index, score: Number(entries[i + 1]), id: entries[i] };
                examined++;
                lastSeen = at;
                const [error, raw] = hashes[i / 2];
                if (error)
                    throw error;
                const hash = (0, redis_job_codec_1.pairsToHash)(Object.entries(raw).flat());
                if (Object.keys(hash).length === 0)
                    continue;
                if (query.type !== undefined && hash.type !== query.type)
                    continue;
                found.push({ job: (0, redis_job_codec_1.decodeJob)(at.id, hash), at });
            }
            if (found.length > limit)
                break;
            if (entries.length / 2 < want) {
                index++;
                position = undefined;
            }
            else {
                position = lastSeen;
            }
        }
        if (found.length > limit) {
            return { items: found.slice(0, limit).map((f) => f.job), nextCursor: (0, redis_list_cursor_1.encodeRedisListCursor)(found[limit - 1].at) };
        }
        const done = index >= walk.length;
        return {
            items: found.map((f) => f.job),
            nextCursor: done || !lastSeen ? null : (0, redis_list_cursor_1.encodeRedisListCursor)(position ?? { index, score: 0, id: '' }),
        };
    }
    /** The rank just after the cursor's entry; by score when that entry has left the index. */
    async resumeRank(key, p) {
        if (p.id === '')
            return 0;
        const rank = await this.redis.zrevrank(key, p.id);
        if (rank !== null)
            return rank + 1;
        return this.redis.zcount(key, `(${p.score}`, '+inf');
    }
}
exports.RedisJobLister = RedisJobLister;
function indexKey(keys, status) {
    switch (status) {
        case 'pending':
            return keys.pending;
        case 'scheduled':
            return keys.scheduled;
        case 'running':
            return keys.leases;
        case 'succeeded':
            return keys.succeeded;
        case 'failed':
            return keys.failed;
        case 'cancelled':
            return keys.cancelled;
    }
}
//# sourceMappingURL=redis-job-lister.js.map