"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisSchedules = void 0;
const schedule_1 = require("../../../domain/schedule");
const schedule_store_1 = require("../schedule-store");
const redis_job_codec_1 = require("./redis-job-codec");
/**
 * The Redis ScheduleStore: every key in SCHEDULES_KEY_SPACE's slot, every change one script.
 * Hash fields: def (definition JSON), ver, next (epoch ms, '' when ended), p (paused '1'), ct, ut,
 * last (latest run's job id), lt (the last tick a fire dealt with), f/s/m (fired, skipped,
 * missed), tok (the current claim's token, removed by the settle).
 */
class RedisSchedules extends schedule_store_1.ScheduleStore {
    redis;
    keys;
    run;
    call;
    constructor(redis, keys, run, call) {
        super();
        this.redis = redis;
        this.keys = keys;
        this.run = run;
        this.call = call;
    }
    async put(name, definition, nextAt, paused) {
        const [created, pairs] = (await this.call(() => this.run('schedule-put', [name, JSON.stringify(definition), nextAt ?? '', paused ? '1' : '0'])));
        return { created: created === 1, schedule: decodeSchedule(name, (0, redis_job_codec_1.pairsToHash)(pairs)) };
    }
    async get(name) {
        const key = this.keys.schedule(name);
        const [[hashError, hash], [runsError, runs]] = (await this.call(() => this.redis.multi().hgetall(key).lrange(`${key}:runs`, 0, -1).exec()));
        if (hashError ?? runsError)
            throw hashError ?? runsError;
        if (Object.keys(hash).length === 0)
            return null;
        return { ...decodeSchedule(name, hash), runs: runs.map(decodeRun) };
    }
    async list(limit, cursor) {
        const count = Math.max(1, Math.floor(limit));
        return this.call(async () => {
            const names = await this.redis.zrangebylex(this.keys.scheduleNames, cursor === undefined ? '-' : `(${cursor}`, '+', 'LIMIT', 0, count + 1);
            const page = names.slice(0, count);
            const pipeline = this.redis.pipeline();
            for (const name of page)
                pipeline.hgetall(this.keys.schedule(name));
            const replies = page.length > 0 ? ((await pipeline.exec()) ?? []) : [];
            const items = [];
            replies.forEach(([error, hash], i) => {
                if (error)
                    throw error;
                // deleted between the two reads: left out
                if (Object.keys(hash).length > 0)
                    items.push(decodeSchedule(page[i], hash));
            });
            return { items, nextCursor: names.length > count ? page[page.length - 1] : null };
        });
    }
    async delete(name) {
        return (await this.call(() => this.run('schedule-delete', [name]))) === 1;
    }
    async setPaused(name, paused, nextAt) {
        const pairs = (await this.call(() => this.run('schedule-pause', [name, paused ? '1' : '0', nextAt ?? ''])));
        return pairs ? decodeSchedule(name, (0, redis_job_codec_1.pairsToHash)(pairs)) : null;
    }
    async claimDue(max, leaseMs, aheadMs = 0) {
        const [claimed, nextDueAt] = (await this.call(() => this.run('schedule-claim', [Math.max(0, Math.floor(max)), leaseMs, aheadMs])));
        return {
            claimed: claimed.map(([name, token, pairs]) => ({ schedule: decodeSchedule(name, (0, redis_job_codec_1.pairsToHash)(pairs)), token: Number(token) })),
            nextDueAt: Number(nextDueAt) >= 0 ? Number(nextDueAt) : null,
        };
    }
    async settle(items) {
        if (items.length === 0)
            return [];
        const args = [items.length];
        for (const item of items) {
            // the list keeps the latest SCHEDULE_RUNS_KEPT: a catch-up of 1,000 sends only those
            const runs = item.runs.slice(-schedule_1.SCHEDULE_RUNS_KEPT);
            args.push(item.name, item.token, item.version, item.nextAt ?? '', item.lastTick ?? '', item.fired, item.skipped, item.missed, runs.length);
            for (const run of runs)
                args.push(run.fireAt, run.jobId, run.trigger ? '1' : '0');
        }
        return (await this.call(() => this.run('schedule-settle', args)));
    }
    async recordRun(name, run) {
        return (await this.call(() => this.run('schedule-record', [name, run.fireAt, run.jobId, run.trigger ? '1' : '0']))) === 1;
    }
}
exports.RedisSchedules = RedisSchedules;
function decodeSchedule(name, h) {
    const schedule = {
        name,
        definition: JSON.parse(h.def),
        paused: h.p === '1',
        nextAt: h.next === undefined || h.next === '' ? null : Number(h.next),
        version: Number(h.ver),
        createdAt: Number(h.ct),
        updatedAt: Number(h.ut),
        fired: Number(h.f ?? 0),
        skipped: Number(h.s ?? 0),
        missed: Number(h.m ?? 0),
    };
    if (h.last !== undefined)
        schedule.lastJobId = h.last;
    if (h.lt !== undefined)
        schedule.lastTick = Number(h.lt);
    return schedule;
}
function decodeRun(entry) {
    const [fireAt, jobId, flag] = entry.split(' ');
    return flag === 't' ? { fireAt: Number(fireAt), jobId, trigger: true } : { fireAt: Number(fireAt), jobId };
}
//# sourceMappingURL=redis-schedules.js.map