"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisWorkerDirectory = void 0;
const worker_info_1 = require("../../../domain/worker-info");
const worker_directory_1 = require("../worker-directory");
/**
 * The Redis WorkerDirectory: every key in WORKERS_KEY_SPACE's slot (redis-queue-keys.ts). A
 * heartbeat is one MULTI (HSET info + ZADD beats), so the hash and the zset name the same workers;
 * reads go through the zset (ZREVRANGEBYSCORE, bounded) and HMGET; forgetting silent entries is
 * workers-forget.lua; a dead worker is LPUSH + LTRIM in one MULTI.
 */
class RedisWorkerDirectory extends worker_directory_1.WorkerDirectory {
    redis;
    keys;
    run;
    call;
    clock;
    constructor(redis, keys, run, call, clock) {
        super();
        this.redis = redis;
        this.keys = keys;
        this.run = run;
        this.call = call;
        this.clock = clock;
    }
    async publish(info) {
        const now = this.clock.now();
        await this.call(() => this.exec(this.redis.multi().hset(this.keys.workerInfo, info.id, (0, worker_info_1.encodeWorkerInfo)(info)).zadd(this.keys.workerBeats, now, info.id)));
    }
    async remove(workerId) {
        await this.call(() => this.exec(this.redis.multi().hdel(this.keys.workerInfo, workerId).zrem(this.keys.workerBeats, workerId)));
    }
    async live(silentMs, limit) {
        const cutoff = this.clock.now() - silentMs;
        const count = Math.max(0, Math.floor(limit));
        if (count === 0)
            return [];
        const beats = await this.call(() => this.redis.zrevrangebyscore(this.keys.workerBeats, '+inf', cutoff, 'WITHSCORES', 'LIMIT', 0, count));
        const workers = await this.withInfo(beats);
        return workers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    async find(workerIds) {
        const ids = [...new Set(workerIds)];
        if (ids.length === 0)
            return [];
        const scores = await this.call(() => this.redis.zmscore(this.keys.workerBeats, ...ids));
        const beats = [];
        ids.forEach((id, i) => {
            const score = scores[i];
            if (score !== null)
                beats.push(id, score);
        });
        return this.withInfo(beats);
    }
    async forgetSilent(silentMs, limit) {
        return (await this.call(() => this.run('workers-forget', [Math.max(0, Math.floor(silentMs)), Math.max(0, Math.floor(limit))])));
    }
    async recordDead(record) {
        const text = (0, worker_info_1.encodeDeadWorker)({ ...record, jobIds: record.jobIds.slice(0, worker_info_1.DEAD_WORKER_JOB_IDS) });
        await this.call(() => this.exec(this.redis.multi().lpush(this.keys.deadWorkers, text).ltrim(this.keys.deadWorkers, 0, worker_info_1.DEAD_WORKERS_KEPT - 1)));
    }
    async dead() {
        const texts = await this.call(() => this.redis.lrange(this.keys.deadWorkers, 0, worker_info_1.DEAD_WORKERS_KEPT - 1));
        const records = [];
        for (const text of texts) {
            const record = (0, worker_info_1.decodeDeadWorker)(text);
            if (record)
                records.push(record);
        }
        return records;
    }
    /** `beats`: id, score pairs; the workers among them whose info reads back. */
    async withInfo(beats) {
        if (beats.length === 0)
            return [];
        const ids = [];
        for (let i = 0; i < beats.length; i += 2)
            ids.push(beats[i]);
        const texts = await this.call(() => this.redis.hmget(this.keys.workerInfo, ...ids));
        const workers = [];
        ids.forEach((id, i) => {
            const info = (0, worker_info_1.decodeWorkerInfo)(id, texts[i]);
            if (info)
                workers.push({ ...info, lastHeartbeatAt: Number(beats[2 * i + 1]) });
        });
        return workers;
    }
    /** Runs a MULTI; a command's error is thrown, the replies returned in order. */
    async exec(multi) {
        const replies = (await multi.exec()) ?? [];
        return replies.map(([error, reply]) => {
            if (error)
                throw error;
            return reply;
        });
    }
}
exports.RedisWorkerDirectory = RedisWorkerDirectory;
//# sourceMappingURL=redis-worker-directory.js.map