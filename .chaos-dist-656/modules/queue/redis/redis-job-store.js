"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobStore = void 0;
const clock_1 = require("../../../domain/clock");
const hard_time_limit_1 = require("../../../domain/hard-time-limit");
const errors_1 = require("../../../domain/errors");
const job_id_1 = require("../../../domain/job-id");
const job_store_1 = require("../job-store");
const redis_availability_1 = require("./redis-availability");
const redis_job_codec_1 = require("./redis-job-codec");
const redis_job_lister_1 = require("./redis-job-lister");
const redis_queue_keys_1 = require("./redis-queue-keys");
const redis_scripts_1 = require("./redis-scripts");
const redis_wake_waiter_1 = require("./redis-wake-waiter");
const redis_executions_1 = require("./redis-executions");
/** Scheduled jobs a claim promotes before popping: bounds the claim script's work. */
const CLAIM_PROMOTE_LIMIT = 1_000;
/**
 * The JobStore on Redis: every state change is one Lua script over one queue's keys (one hash
 * slot), batched per call. See src/lua for the scripts and redis-job-codec.ts for the job hash.
 */
class RedisJobStore extends job_store_1.JobStore {
    redis;
    prefix;
    clock;
    configuredQueues;
    eventsMaxLen;
    graceMs;
    scripts;
    availability;
    lister;
    waiter;
    executions;
    keyCache = new Map();
    registeredQueues = new Set();
    constructor(options) {
        super();
        this.redis = options.redis;
        this.prefix = options.prefix;
        this.clock = options.clock ?? clock_1.systemClock;
        this.configuredQueues = options.configuredQueues ?? [];
        this.eventsMaxLen = options.eventsMaxLen ?? 100_000;
        this.graceMs = options.hardTimeoutGraceMs ?? hard_time_limit_1.DEFAULT_HARD_TIMEOUT_GRACE_MS;
        this.scripts = new redis_scripts_1.RedisScripts(this.redis);
        this.availability = new redis_availability_1.RedisAvailability(this.redis);
        this.lister = new redis_job_lister_1.RedisJobLister(this.redis);
        this.waiter = new redis_wake_waiter_1.RedisWakeWaiter(this.redis);
        this.executions = new redis_executions_1.RedisExecutions(this.redis, (queue) => this.keys(queue), (script, queue, args, now) => this.run(script, queue, args, now));
    }
    async enqueue(jobs) {
        if (jobs.length === 0)
            return [];
        const queue = jobs[0].queue;
        if (jobs.some((j) => j.queue !== queue))
            throw new errors_1.InvalidJobSpecError('queue', 'must be the same for every job of one call');
        const now = this.clock.now();
        const args = [jobs.length];
        const encoded = jobs.map((job) => (0, redis_job_codec_1.encodeNewJob)(job, now));
        jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
        return this.availability.call(async () => {
            await this.registerQueue(queue);
            const replies = (await this.run('enqueue', queue, args, now));
            return replies.map((reply, i) => {
                if (reply[0] === 1)
                    return { job: (0, redis_job_codec_1.decodeJob)(jobs[i].id, (0, redis_job_codec_1.pairsToHash)(encoded[i]), queue), created: true };
                return { job: (0, redis_job_codec_1.decodeJob)(String(reply[1]), (0, redis_job_codec_1.pairsToHash)(reply, 2)), created: false };
            });
        });
    }
    async get(id) {
        const queue = (0, job_id_1.queueOfJobId)(id);
        if (queue === undefined)
            return null;
        const hash = await this.availability.call(() => this.redis.hgetall(this.keys(queue).job(id)));
        return Object.keys(hash).length === 0 ? null : (0, redis_job_codec_1.decodeJob)(id, hash);
    }
    async list(query) {
        return this.availability.call(() => this.lister.list(this.keys(query.queue), query));
    }
    async claim(queue, workerId, max, leaseMs) {
        const now = this.clock.now();
        const count = Math.max(0, Math.floor(max));
        const [claimed, nextDueAt] = (await this.availability.call(() => this.run('claim', queue, [workerId, count, leaseMs, CLAIM_PROMOTE_LIMIT, this.graceMs], now)));
        const jobs = claimed.map((reply) => {
            const hash = (0, redis_job_codec_1.pairsToHash)(reply, 1);
            const job = (0, redis_job_codec_1.decodeJob)(String(reply[0]), hash, queue);
            return { job, token: Number(hash.tok), leaseExpiresAt: (0, hard_time_limit_1.leaseUntil)(now, leaseMs, (0, hard_time_limit_1.hardDeadline)(now, job.timeoutMs, this.graceMs)) };
        });
        return jobs.length === 0 && nextDueAt >= 0 ? { jobs, nextDueAt } : { jobs };
    }
    async heartbeat(queue, _workerId, leases, leaseMs) {
        if (leases.length === 0)
            return [];
        const args = [leaseMs, this.graceMs, ...leases.flatMap((l) => [l.id, l.token])];
        return this.availability.call(() => this.run('heartbeat', queue, args));
    }
    async complete(queue, items) {
        if (items.length === 0)
            return [];
        const args = new Array(items.length * 3);
        for (let i = 0, k = 0; i < items.length; i++, k += 3) {
            args[k] = items[i].id;
            args[k + 1] = items[i].token;
            args[k + 2] = items[i].resultJson ?? '';
        }
        return this.availability.call(() => this.run('complete', queue, args));
    }
    async fail(queue, items) {
        if (items.length === 0)
            return [];
        const args = items.flatMap((f) => [f.id, f.token, f.error, f.retryable ? '1' : '0', f.retryDelayMs ?? '', Math.random()]);
        return this.availability.call(() => this.run('fail', queue, args));
    }
    async release(queue, leases) {
        if (leases.length === 0)
            return [];
        const args = leases.flatMap((l) => [l.id, l.token]);
        return this.availability.call(() => this.run('release', queue, args));
    }
    async cancel(id) {
        return this.changeOne('cancel', id);
    }
    async retry(id) {
        return this.changeOne('retry', id);
    }
    async reapExpired(queue, limit) {
        const reply = (await this.availability.call(() => this.run('reap', queue, [limit, this.graceMs])));
        return reapResult(reply);
    }
    async reapWorkers(queue, workerIds, limit) {
        if (workerIds.length === 0)
            return { requeued: [], failed: [] };
        const reply = (await this.availability.call(() => this.run('reap-workers', queue, [limit, ...workerIds])));
        return reapResult(reply);
    }
    async promoteDue(queue, limit) {
        return this.availability.call(() => this.run('promote', queue, [limit]));
    }
    async trimFinished(queue, retention, limit) {
        const args = [limit, retention.succeededMs, retention.failedMs, retention.cancelledMs];
        return this.availability.call(() => this.run('trim', queue, args));
    }
    async counts(queue) {
        const keys = this.keys(queue);
        const statuses = ['pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled'];
        return this.availability.call(async () => {
            const pipeline = this.redis.pipeline();
            for (const status of statuses)
                pipeline.zcard((0, redis_job_lister_1.indexKey)(keys, status));
            const replies = (await pipeline.exec()) ?? [];
            const counts = {};
            statuses.forEach((status, i) => {
                const [error, n] = replies[i];
                if (error)
                    throw error;
                counts[status] = Number(n);
            });
            return counts;
        });
    }
    async queues() {
        const stored = await this.availability.call(() => this.redis.smembers((0, redis_queue_keys_1.queueSetKey)(this.prefix)));
        return [...new Set([...this.configuredQueues, ...stored])].sort();
    }
    async registerWorker(queue, workerId) {
        await this.availability.call(() => this.redis.zadd(this.keys(queue).workers, this.clock.now(), workerId));
    }
    async unregisterWorker(queue, workerId) {
        await this.availability.call(() => this.redis.zrem(this.keys(queue).workers, workerId));
    }
    async silentWorkers(queue, silentMs, limit) {
        const before = this.clock.now() - silentMs;
        return this.availability.call(() => this.redis.zrangebyscore(this.keys(queue).workers, '-inf', `(${before}`, 'LIMIT', 0, limit));
    }
    async waitForWork(queue, timeoutMs, signal) {
        await this.availability.call(() => this.waiter.wait(this.keys(queue).wake, timeoutMs, signal));
    }
    /** PING on the command connection (readiness); StoreUnavailableError when Redis does not answer. */
    async ping() {
        await this.availability.call(() => this.redis.ping());
    }
    async createExecution(execution, jobs) {
        return this.availability.call(async () => {
            await this.registerQueue(execution.queue);
            return this.executions.create(execution, jobs, this.clock.now());
        });
    }
    async getExecution(id) {
        return this.availability.call(() => this.executions.get(id));
    }
    async listExecutionJobs(id, limit, cursor) {
        return this.availability.call(() => this.executions.listJobs(id, limit, cursor));
    }
    async cancelExecution(id) {
        return this.availability.call(() => this.executions.cancel(id));
    }
    async claimRefresh(queue, refresherId, max) {
        return this.availability.call(() => this.executions.claimRefresh(queue, refresherId, max));
    }
    async ackRefresh(queue, refresherId, ids, callbacksEnqueued) {
        await this.availability.call(() => this.executions.ackRefresh(queue, refresherId, ids, callbacksEnqueued));
    }
    async requeueStaleRefresh(queue, staleMs, limit) {
        return this.availability.call(() => this.executions.requeueStale(queue, staleMs, limit));
    }
    async refreshBacklog(queue) {
        return this.availability.call(() => this.executions.backlog(queue));
    }
    async close() {
        await this.waiter.close();
        if (this.redis.status === 'end')
            return;
        if (this.redis.status !== 'ready') {
            this.redis.disconnect();
            return;
        }
        try {
            await this.redis.quit();
        }
        catch {
            this.redis.disconnect();
        }
    }
    async changeOne(action, id) {
        const queue = (0, job_id_1.queueOfJobId)(id);
        if (queue === undefined)
            throw new errors_1.JobNotFoundError(id);
        const reply = (await this.availability.call(() => this.run(action, queue, [id])));
        if ((0, errors_1.isStoreRefusal)(reply[0]))
            throw (0, errors_1.storeRefusalError)(reply[0], id, action, String(reply[1] ?? 'unknown'));
        return (0, redis_job_codec_1.decodeJob)(id, (0, redis_job_codec_1.pairsToHash)(reply, 1));
    }
    /** `now` is passed when the caller also uses it, so the script and the reply agree on the time. */
    run(script, queue, args, now = this.clock.now()) {
        return this.scripts.run(script, this.keys(queue).scriptKeys(), [now, this.eventsMaxLen, ...args]);
    }
    keys(queue) {
        let keys = this.keyCache.get(queue);
        if (!keys) {
            keys = new redis_queue_keys_1.RedisQueueKeys(this.prefix, queue);
            this.keyCache.set(queue, keys);
        }
        return keys;
    }
    async registerQueue(queue) {
        if (this.registeredQueues.has(queue))
            return;
        await this.redis.sadd((0, redis_queue_keys_1.queueSetKey)(this.prefix), queue);
        this.registeredQueues.add(queue);
    }
}
exports.RedisJobStore = RedisJobStore;
function reapResult([requeued, failed, malformed]) {
    return malformed && malformed.length > 0 ? { requeued, failed, malformed } : { requeued, failed };
}
//# sourceMappingURL=redis-job-store.js.map