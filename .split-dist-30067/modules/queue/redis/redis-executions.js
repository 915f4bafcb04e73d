"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisExecutions = void 0;
const errors_1 = require("../../../domain/errors");
const execution_1 = require("../../../domain/execution");
const execution_list_cursor_1 = require("../execution-list-cursor");
const redis_execution_codec_1 = require("./redis-execution-codec");
const redis_job_codec_1 = require("./redis-job-codec");
const execution_job_cursor_1 = require("../execution-job-cursor");
/** Jobs one cancel-execution call looks at (the script is bounded; the caller loops). */
const CANCEL_SLICE = 1_000;
/**
 * The execution operations of the Redis store. Counters live in one hash per execution under the
 * queue's hash tag, changed only by the scripts, in the same call as each job transition.
 */
class RedisExecutions {
    redis;
    keys;
    run;
    constructor(redis, keys, run) {
        this.redis = redis;
        this.keys = keys;
        this.run = run;
    }
    async create(execution, jobs, now) {
        if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== execution.id)) {
            throw new errors_1.InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${execution.id}`);
        }
        const args = [execution.id, execution.callbackUrl ?? '', execution.idempotencyKey ?? '', jobs.length];
        for (const job of jobs) {
            const fields = (0, redis_job_codec_1.encodeNewJob)(job, now);
            args.push(job.id, fields.length / 2);
            for (const field of fields)
                args.push(field);
        }
        // the id is another execution's when the idempotency key named it (nothing was written)
        const [id, hash] = (await this.run('create-execution', execution.queue, args, now));
        return (0, redis_execution_codec_1.decodeExecution)(String(id), (0, redis_job_codec_1.pairsToHash)(hash));
    }
    async get(id) {
        const queue = (0, execution_1.queueOfExecutionId)(id);
        if (queue === undefined)
            return null;
        const hash = await this.redis.hgetall(this.keys(queue).execution(id));
        return Object.keys(hash).length === 0 ? null : (0, redis_execution_codec_1.decodeExecution)(id, hash);
    }
    /** A page of the queue's executions after `after`, newest first (list-executions.lua). */
    async list(queue, limit, after) {
        const count = Math.max(1, Math.floor(limit));
        // one more than the page: whether a next page exists
        const args = after ? [after.createdAt, after.id, count + 1] : ['', '', count + 1];
        const reply = (await this.run('list-executions', queue, args));
        const page = reply.slice(0, count);
        // an entry without its hash (not one create-execution.lua leaves) is passed over
        const items = page.filter(([, , hash]) => hash.length > 0).map(([id, , hash]) => (0, redis_execution_codec_1.decodeExecution)(String(id), (0, redis_job_codec_1.pairsToHash)(hash)));
        if (reply.length <= count)
            return { items, nextCursor: null };
        const [id, score] = page[count - 1];
        return { items, nextCursor: (0, execution_list_cursor_1.encodeExecutionCursor)({ createdAt: Number(score), id: String(id) }) };
    }
    /** Offset cursor: an execution's job list never changes once created. Deleted jobs are skipped. */
    async listJobs(id, limit, cursor) {
        const keys = this.keysOf(id);
        const start = (0, execution_job_cursor_1.decodeOffsetCursor)(cursor);
        const count = Math.max(1, Math.floor(limit));
        const [[, exists], [, ids]] = ((await this.redis
            .multi()
            .exists(keys.execution(id))
            .lrange(keys.executionJobs(id), start, start + count - 1)
            .exec()) ?? []);
        if (!exists)
            throw new errors_1.ExecutionNotFoundError(id);
        const pipeline = this.redis.pipeline();
        for (const jobId of ids)
            pipeline.hgetall(keys.job(jobId));
        const hashes = ids.length > 0 ? ((await pipeline.exec()) ?? []) : [];
        const items = [];
        for (let i = 0; i < ids.length; i++) {
            const [error, raw] = hashes[i];
            if (error)
                throw error;
            const hash = raw;
            if (Object.keys(hash).length > 0)
                items.push((0, redis_job_codec_1.decodeJob)(ids[i], hash));
        }
        return { items, nextCursor: ids.length < count ? null : (0, execution_job_cursor_1.encodeOffsetCursor)(start + ids.length) };
    }
    async cancel(id) {
        const queue = this.queueOf(id);
        for (let offset = 0; offset >= 0;) {
            const reply = (await this.run('cancel-execution', queue, [id, offset, CANCEL_SLICE]));
            if (reply[0] === 'not_found')
                throw new errors_1.ExecutionNotFoundError(id);
            offset = Number(reply[1]);
        }
        const record = await this.get(id);
        if (!record)
            throw new errors_1.ExecutionNotFoundError(id);
        return record;
    }
    async claimRefresh(queue, refresherId, max) {
        if (/\s/.test(refresherId))
            throw new Error(`refresher id ${JSON.stringify(refresherId)} must not contain spaces`);
        const replies = (await this.run('refresh-claim', queue, [refresherId, Math.max(0, Math.floor(max))]));
        return replies.map((reply) => (0, redis_execution_codec_1.decodeExecution)(String(reply[0]), (0, redis_job_codec_1.pairsToHash)(reply, 1)));
    }
    async ackRefresh(queue, refresherId, ids, callbacksEnqueued) {
        if (ids.length === 0 && callbacksEnqueued.length === 0)
            return;
        await this.run('refresh-ack', queue, [refresherId, ids.length, ...ids, ...callbacksEnqueued]);
    }
    async requeueStale(queue, staleMs, limit) {
        return Number(await this.run('refresh-requeue', queue, [staleMs, limit]));
    }
    async trim(queue, retentionMs, limit) {
        return Number(await this.run('trim-executions', queue, [retentionMs, Math.max(0, Math.floor(limit))]));
    }
    async backlog(queue) {
        const keys = this.keys(queue);
        const replies = (await this.redis.multi().scard(keys.refresh).zcard(keys.refreshing).exec()) ?? [];
        return { backlog: Number(replies[0]?.[1] ?? 0), inFlight: Number(replies[1]?.[1] ?? 0) };
    }
    queueOf(id) {
        const queue = (0, execution_1.queueOfExecutionId)(id);
        if (queue === undefined)
            throw new errors_1.ExecutionNotFoundError(id);
        return queue;
    }
    keysOf(id) {
        return this.keys(this.queueOf(id));
    }
}
exports.RedisExecutions = RedisExecutions;
//# sourceMappingURL=redis-executions.js.map