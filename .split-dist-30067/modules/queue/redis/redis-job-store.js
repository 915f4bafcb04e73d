"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobStore = void 0;
const redis_groups_1 = require("./redis-groups");
const redis_schedules_1 = require("./redis-schedules");
const redis_worker_directory_1 = require("./redis-worker-directory");
const redis_audit_log_1 = require("./redis-audit-log");
const audit_store_1 = require("../audit-store");
const redis_queue_stats_1 = require("./redis-queue-stats");
const within_timeout_1 = require("../../../common/within-timeout");
const clock_1 = require("../../../domain/clock");
const hard_time_limit_1 = require("../../../domain/hard-time-limit");
const node_crypto_1 = require("node:crypto");
const cluster_key_slot_1 = __importDefault(require("cluster-key-slot"));
const errors_1 = require("../../../domain/errors");
const job_1 = require("../../../domain/job");
const job_id_1 = require("../../../domain/job-id");
const job_store_1 = require("../job-store");
const redis_availability_1 = require("./redis-availability");
const redis_connection_1 = require("./redis-connection");
const redis_store_health_1 = require("./redis-store-health");
const redis_job_event_sources_1 = require("../events/redis-job-event-sources");
const redis_job_event_source_1 = require("../events/redis-job-event-source");
const redis_event_backlog_1 = require("../events/redis-event-backlog");
const redis_job_codec_1 = require("./redis-job-codec");
const redis_job_lister_1 = require("./redis-job-lister");
const redis_queue_keys_1 = require("./redis-queue-keys");
const redis_server_info_1 = require("./redis-server-info");
const redis_scripts_1 = require("./redis-scripts");
const redis_wake_waiter_1 = require("./redis-wake-waiter");
const redis_executions_1 = require("./redis-executions");
const execution_list_cursor_1 = require("../execution-list-cursor");
const queue_partition_1 = require("../../../domain/queue-partition");
const partition_board_1 = require("../partitions/partition-board");
/** How long readiness on a cluster may take in all, below the probe's own timeout (HEALTH_CHECK_TIMEOUT_MS, 1 s). */
const CLUSTER_PING_BUDGET_MS = 700;
/** HISTORY_BACKLOG_MAX_MB's default, in bytes. */
const DEFAULT_HISTORY_BACKLOG_MAX_BYTES = 1024 * 1024 * 1024;
/**
 * oldest-pending.lua's bounds: named groups, priority tiers per zset and entries per list it looks
 * at (dead entries of cancelled priority-0 jobs are passed). Past them it answers `approximate`.
 */
const OLDEST_PENDING_GROUPS = 200;
const OLDEST_PENDING_TIERS = 32;
const OLDEST_PENDING_LIST_ENTRIES = 64;
/** Scheduled jobs a claim promotes before popping: bounds the claim script's work. */
const CLAIM_PROMOTE_LIMIT = 1_000;
/**
 * The JobStore on Redis: every state change is one Lua script over one queue's keys (one hash
 * slot), batched per call. See src/lua for the scripts and redis-job-codec.ts for the job hash.
 */
class RedisJobStore extends job_store_1.JobStore {
    redis;
    replicaWait;
    clusterSeeds;
    prefix;
    clock;
    configuredQueues;
    eventsMaxLen;
    historyBacklogMaxBytes;
    graceMs;
    /** complete.lua's ARGV[3]. */
    deleteSucceededFlag;
    scripts;
    availability;
    lister;
    waiter;
    executions;
    keyCache = new Map();
    registeredQueues = new Set();
    health;
    schedules;
    groups;
    workers;
    audit;
    stats;
    /** HTTP_HOST_CONCURRENCY: host groups' cap (claim.lua's ARGV[8]; 0 = none). */
    hostConcurrency;
    /** claim.lua's ARGV[10]: return the jobs' trace context (tracing on). */
    traceContextFlag;
    constructor(options) {
        super();
        this.redis = options.redis;
        this.clusterSeeds = options.clusterSeeds ?? [];
        this.replicaWait = options.replicaWait && options.replicaWait.replicas > 0 ? options.replicaWait : undefined;
        this.prefix = options.prefix;
        this.clock = options.clock ?? clock_1.systemClock;
        this.configuredQueues = options.configuredQueues ?? [];
        this.eventsMaxLen = options.eventsMaxLen ?? 100_000;
        this.historyBacklogMaxBytes = options.historyBacklogMaxBytes ?? DEFAULT_HISTORY_BACKLOG_MAX_BYTES;
        this.graceMs = options.hardTimeoutGraceMs ?? hard_time_limit_1.DEFAULT_HARD_TIMEOUT_GRACE_MS;
        this.deleteSucceededFlag = options.deleteSucceeded === true ? '1' : '0';
        this.traceContextFlag = options.traceContext === true ? '1' : '0';
        this.scripts = new redis_scripts_1.RedisScripts(this.redis);
        this.availability = new redis_availability_1.RedisAvailability(this.redis);
        this.lister = new redis_job_lister_1.RedisJobLister(this.redis);
        this.waiter = new redis_wake_waiter_1.RedisWakeWaiter(this.redis);
        this.health = new redis_store_health_1.RedisStoreHealth('redis', this, options.allowEviction === true);
        this.executions = new redis_executions_1.RedisExecutions(this.redis, (queue) => this.keys(queue), (script, queue, args, now) => this.run(script, queue, args, now, script === 'create-execution' ? this.replicaWait : undefined));
        this.hostConcurrency = options.hostConcurrency ?? 0;
        this.groups = new redis_groups_1.RedisGroups(this.redis, (queue) => this.keys(queue), (script, queue, args) => this.run(script, queue, args), (op) => this.availability.call(op), this.clock, this.hostConcurrency);
        this.stats = new redis_queue_stats_1.RedisQueueStats(this.redis, (queue) => this.keys(queue), (op) => this.availability.call(op));
        this.schedules = new redis_schedules_1.RedisSchedules(this.redis, this.keys(redis_queue_keys_1.SCHEDULES_KEY_SPACE), (script, args) => this.run(script, redis_queue_keys_1.SCHEDULES_KEY_SPACE, args), (op) => this.availability.call(op));
        this.workers = new redis_worker_directory_1.RedisWorkerDirectory(this.redis, this.keys(redis_queue_keys_1.WORKERS_KEY_SPACE), (script, args) => this.run(script, redis_queue_keys_1.WORKERS_KEY_SPACE, args), (op) => this.availability.call(op), this.clock);
        this.audit = new redis_audit_log_1.RedisAuditLog(this.redis, this.keys(redis_queue_keys_1.AUDIT_KEY_SPACE), (now, args) => this.run('audit-append', redis_queue_keys_1.AUDIT_KEY_SPACE, args, now), (op) => this.availability.call(op), options.auditMaxEntries ?? audit_store_1.DEFAULT_AUDIT_MAX_ENTRIES);
    }
    async enqueue(jobs) {
        return (await this.enqueueWith('enqueue', jobs)).results;
    }
    async enqueuePartition(jobs) {
        const { results, reply } = await this.enqueueWith('enqueue-partition', jobs);
        return { results, before: (0, partition_board_1.workFromReply)(reply[1]), after: (0, partition_board_1.workFromReply)(reply[2]) };
    }
    /** enqueue.lua or enqueue-partition.lua (the same arguments; the reply's first item lists the jobs not created). */
    async enqueueWith(script, jobs) {
        if (jobs.length === 0)
            return { results: [], reply: [[], [0, '', ''], [0, '', '']] };
        const queue = jobs[0].queue;
        if (jobs.some((j) => j.queue !== queue))
            throw new errors_1.InvalidJobSpecError('queue', 'must be the same for every job of one call');
        const now = this.clock.now();
        const args = [jobs.length];
        const encoded = jobs.map((job) => (0, redis_job_codec_1.encodeNewJob)(job, now));
        jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
        return this.availability.call(async () => {
            await this.registerQueue(queue);
            // the reply lists only the jobs not created (their idempotency key matched): {index, id, hash...}
            const reply = (await this.run(script, queue, args, now, this.replicaWait));
            const results = new Array(jobs.length);
            for (const notCreated of reply[0]) {
                const hash = (0, redis_job_codec_1.pairsToHash)(notCreated, 2);
                // a job a bulk across partitions has staged and not settled (stage.lua) may yet be rolled back
                results[Number(notCreated[0]) - 1] = { job: (0, redis_job_codec_1.decodeJob)(String(notCreated[1]), hash), created: false, ...(hash.stg !== undefined ? { inDoubt: true } : {}) };
            }
            for (let i = 0; i < jobs.length; i++) {
                results[i] ??= { job: (0, redis_job_codec_1.decodeJob)(jobs[i].id, (0, redis_job_codec_1.pairsToHash)(encoded[i]), queue), created: true };
            }
            return { results: results, reply };
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
        return this.claimWith(queue, workerId, max, leaseMs, false, false);
    }
    async claimPartition(partition, workerId, max, leaseMs, budgeted) {
        return this.claimWith(partition, workerId, max, leaseMs, budgeted, true);
    }
    async takeRateTokens(partition, max) {
        const [taken, nextAt] = (await this.availability.call(() => this.run('rate-take', partition, [Math.max(0, Math.floor(max)), (0, node_crypto_1.randomBytes)(8).toString('hex')])));
        return nextAt >= 0 ? { taken, nextAt } : { taken };
    }
    async refundRateTokens(partition, tokens) {
        if (tokens <= 0)
            return;
        await this.availability.call(() => this.run('rate-refund', partition, [Math.floor(tokens), (0, node_crypto_1.randomBytes)(8).toString('hex')]));
    }
    async claimWith(queue, workerId, max, leaseMs, budgeted, withWork) {
        const now = this.clock.now();
        const count = Math.max(0, Math.floor(max));
        const args = [workerId, count, leaseMs, CLAIM_PROMOTE_LIMIT, this.graceMs, this.hostConcurrency, budgeted ? '1' : '0', this.traceContextFlag, withWork ? '1' : '0'];
        const [claimed, nextDueAt, , more, promoted, work] = (await this.availability.call(() => this.run('claim', queue, args, now)));
        const jobs = claimed.map((reply) => {
            const token = Number(reply[1]);
            const hash = (0, redis_job_codec_1.claimedJobHash)(reply, workerId, now);
            const job = (0, redis_job_codec_1.decodeJob)(String(reply[0]), hash, queue);
            return { job, token, leaseExpiresAt: (0, hard_time_limit_1.leaseUntil)(now, leaseMs, (0, hard_time_limit_1.hardDeadline)(now, job.timeoutMs, this.graceMs)) };
        });
        const result = jobs.length < count && nextDueAt >= 0 ? { jobs, nextDueAt } : { jobs };
        if (more === 1)
            result.more = true;
        if (promoted > 0)
            result.promoted = promoted;
        if (work)
            result.work = (0, partition_board_1.workFromReply)(work);
        return result;
    }
    async heartbeat(queue, leases, leaseMs) {
        if (leases.length === 0)
            return [];
        const args = [leaseMs, this.graceMs, ...leases.flatMap((l) => [l.id, l.token])];
        return this.availability.call(() => this.run('heartbeat', queue, args));
    }
    async strayLeases(queue, workerId, heldIds) {
        const keys = this.keys(queue);
        const reply = (await this.availability.call(() => this.scripts.run('stray-leases', keys, [workerId, ...heldIds])));
        const leases = [];
        for (let i = 0; i + 1 < reply.length; i += 2)
            leases.push({ id: reply[i], token: Number(reply[i + 1]) });
        return leases;
    }
    async complete(queue, items) {
        if (items.length === 0)
            return [];
        const args = new Array(1 + items.length * 3);
        args[0] = this.deleteSucceededFlag;
        for (let i = 0, k = 1; i < items.length; i++, k += 3) {
            args[k] = items[i].id;
            args[k + 1] = items[i].token;
            args[k + 2] = items[i].resultJson ?? '';
        }
        return this.settled(queue, items.length, await this.availability.call(() => this.run('complete', queue, args, undefined, this.replicaWait)));
    }
    /** Called with a queue (a partition) where a settle or reap put a group held at its cap back in the round. */
    rejoinListener;
    onGroupsRejoined(listener) {
        this.rejoinListener = listener;
    }
    /** A settle script's outcomes, less the trailing 'rejoined' it adds when a group rejoined the round. */
    settled(queue, count, reply) {
        const outcomes = reply;
        if (outcomes.length > count) {
            outcomes.length = count;
            this.rejoinListener?.(queue);
        }
        return outcomes;
    }
    async fail(queue, items) {
        if (items.length === 0)
            return [];
        const args = items.flatMap((f) => [f.id, f.token, f.error, f.retryable ? '1' : '0', f.retryDelayMs ?? '', Math.random(), f.stack ?? '']);
        return this.settled(queue, items.length, await this.availability.call(() => this.run('fail', queue, args)));
    }
    async release(queue, leases) {
        if (leases.length === 0)
            return [];
        const args = leases.flatMap((l) => [l.id, l.token]);
        return this.settled(queue, leases.length, await this.availability.call(() => this.run('release', queue, args)));
    }
    async cancel(id) {
        return this.changeOne('cancel', id);
    }
    async retry(id) {
        return this.changeOne('retry', id);
    }
    async promote(id) {
        return this.changeOne('promote', id);
    }
    async reapExpired(queue, limit) {
        const reply = (await this.availability.call(() => this.run('reap', queue, [limit, this.graceMs])));
        if (Number(reply[4]) > 0)
            this.rejoinListener?.(queue);
        return reapResult(reply);
    }
    async reapWorkers(queue, workerIds, limit, silentMs) {
        if (workerIds.length === 0)
            return { requeued: [], failed: [], cancelled: [] };
        const now = this.clock.now();
        const args = [limit, now - silentMs, ...workerIds];
        const reply = (await this.availability.call(() => this.run('reap-workers', queue, args, now)));
        if (Number(reply[4]) > 0)
            this.rejoinListener?.(queue);
        return reapResult(reply);
    }
    async promoteDue(queue, limit) {
        return this.availability.call(() => this.run('promote', queue, [limit]));
    }
    async trimFinished(queue, retention, limit) {
        const args = [limit, retention.succeededMs, retention.failedMs, retention.cancelledMs];
        return this.availability.call(() => this.run('trim', queue, args));
    }
    async trimEvents(queue, limit) {
        const args = [redis_job_event_source_1.HISTORY_CONSUMER_GROUP, this.historyBacklogMaxBytes, Math.max(1, Math.floor(limit))];
        const [scanned, dropped, fromMs, toMs, gapEvents, more] = (await this.availability.call(() => this.run('events-trim', queue, args)));
        return {
            scanned,
            more: more === 1,
            dropped: dropped > 0 ? [{ queue, events: dropped, gap: { fromMs, toMs, events: gapEvents } }] : [],
        };
    }
    async counts(queue) {
        const reply = (await this.availability.call(() => this.scripts.run('counts', this.keys(queue), [])));
        const counts = {};
        job_1.JOB_STATUSES.forEach((status, i) => (counts[status] = Number(reply[i])));
        return counts;
    }
    /** oldest-pending.lua: the heads of the default group's structures and of up to OLDEST_PENDING_GROUPS named groups'. */
    async oldestPending(queue) {
        const [id, since, approximate] = (await this.availability.call(() => this.run('oldest-pending', queue, [OLDEST_PENDING_GROUPS, OLDEST_PENDING_TIERS, OLDEST_PENDING_LIST_ENTRIES])));
        const out = id ? { jobId: id, since: Number(since) } : { jobId: null, since: null };
        if (Number(approximate) === 1)
            out.approximate = true;
        return out;
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
    // PartitionHost: what PartitionedJobStore needs beyond the contract (partition-host.ts)
    async waitForToken(queue, timeoutMs, signal) {
        return (await this.availability.call(() => this.waiter.wait(this.keys(queue).wake, timeoutMs, signal))) !== undefined;
    }
    async partitionWork(partition, touch) {
        return (0, partition_board_1.workFromReply)((await this.availability.call(() => this.run('partition-work', partition, [touch ? '1' : '0']))));
    }
    async reportWork(queue, index, work, wake) {
        const args = [index, work.seq, work.top ?? '', work.dueAt ?? '', wake ? '1' : '0'];
        await this.availability.call(() => this.run('board-report', queue, args));
    }
    async readBoard(queue) {
        const [board, zero] = (await this.availability.call(() => this.run('board-read', queue, [])));
        const reports = new Map();
        for (let i = 0; i + 1 < board.length; i += 2) {
            const work = (0, partition_board_1.workFromBoardEntry)(board[i + 1]);
            if (work && /^\d+$/.test(board[i]))
                reports.set(Number(board[i]), work);
        }
        return { reports, zero: (0, partition_board_1.workFromReply)(zero) };
    }
    async readPartitionLayout(queue) {
        return this.availability.call(() => this.redis.hgetall(this.keys(queue).partitions));
    }
    async setPartitionCount(queue, count) {
        return (0, redis_job_codec_1.pairsToHash)((await this.availability.call(() => this.run('partitions-count', queue, [count]))), 0);
    }
    // StagingHost: a bulk across partitions in two phases (partition-host.ts, stage*.lua)
    async stageJobs(partition, stageId, deadline, jobs) {
        const now = this.clock.now();
        const args = [stageId, deadline, jobs.length];
        const encoded = jobs.map((job) => (0, redis_job_codec_1.encodeNewJob)(job, now));
        jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
        return this.availability.call(async () => {
            await this.registerQueue(partition);
            const notCreated = (await this.run('stage', partition, args, now));
            const results = new Array(jobs.length);
            for (const reply of notCreated) {
                const i = Number(reply[0]) - 1;
                const id = String(reply[1]);
                const hash = (0, redis_job_codec_1.pairsToHash)(reply, 2);
                // its own job (this call sent twice): staged by this stage, so created by it
                if (id === jobs[i].id && hash.stg === stageId)
                    continue;
                results[i] = { job: (0, redis_job_codec_1.decodeJob)(id, hash), created: false, ...(hash.stg !== undefined ? { inDoubt: true } : {}) };
            }
            for (let i = 0; i < jobs.length; i++) {
                results[i] ??= { job: (0, redis_job_codec_1.decodeJob)(jobs[i].id, (0, redis_job_codec_1.pairsToHash)(encoded[i]), partition), created: true };
            }
            return results;
        });
    }
    async commitStage(partition, stageId, decide) {
        const args = decide ? [stageId, decide.by, decide.keepUntil] : [stageId];
        const [committed] = (await this.availability.call(() => this.run('stage-commit', partition, args, this.clock.now(), this.replicaWait)));
        return committed < 0 ? null : { committed };
    }
    async rollbackStage(partition, stageId) {
        return (await this.availability.call(() => this.run('stage-rollback', partition, [stageId])));
    }
    async expiredStages(partition, limit) {
        return this.availability.call(() => this.redis.zrangebyscore(this.keys(partition).stages, '-inf', this.clock.now(), 'LIMIT', 0, limit));
    }
    async isCommitted(partition, stageId) {
        return (await this.availability.call(() => this.redis.zscore(this.keys(partition).commits, stageId))) !== null;
    }
    async forgetCommits(partition) {
        await this.availability.call(() => this.redis.zremrangebyscore(this.keys(partition).commits, '-inf', this.clock.now()));
    }
    async dropPartition(partition) {
        return (await this.availability.call(() => this.run('partition-drop', partition, []))) === 1;
    }
    async retirePartition(queue, index, guardMs) {
        return (0, redis_job_codec_1.pairsToHash)((await this.availability.call(() => this.run('partitions-retire', queue, [index, guardMs]))), 0);
    }
    async addPartition(queue, index, k) {
        return (0, redis_job_codec_1.pairsToHash)((await this.availability.call(() => this.run('partitions-add', queue, [index, k]))), 0);
    }
    /**
     * On one server any free suffix (the smallest from `index` on). On a Redis Cluster the first
     * free suffix whose slot's master, as ioredis knows the slot map now, holds the fewest of the
     * queue's partitions: N partitions then spread evenly over the masters (each master's share of
     * a queue is what bench:cluster measures).
     */
    partitionSuffix(queue, index, taken) {
        const used = new Set(taken);
        const free = (k) => k >= 1 && !used.has(k);
        const redis = this.redis;
        const masterOf = (k) => (0, redis_connection_1.isCluster)(redis) ? redis.slots[(0, cluster_key_slot_1.default)(this.keys((0, queue_partition_1.partitionName)(queue, k)).seq)]?.[0] : undefined;
        const load = new Map();
        if ((0, redis_connection_1.isCluster)(redis)) {
            for (const node of redis.nodes('master'))
                load.set(`${node.options.host}:${node.options.port}`, 0);
            for (const k of used) {
                const master = masterOf(k);
                if (master !== undefined)
                    load.set(master, (load.get(master) ?? 0) + 1);
            }
        }
        let first = index;
        while (!free(first))
            first++;
        if (load.size === 0)
            return first;
        const least = Math.min(...load.values());
        for (let k = first; k < first + 10_000; k++) {
            if (free(k) && load.get(masterOf(k) ?? '') === least)
                return k;
        }
        return first;
    }
    async findByIdempotencyKey(queue, key) {
        const keys = this.keys(queue);
        return this.availability.call(async () => {
            const id = await this.redis.hget(keys.idem, key);
            if (id === null)
                return null;
            const hash = await this.redis.hgetall(keys.job(id));
            return Object.keys(hash).length === 0 ? null : (0, redis_job_codec_1.decodeJob)(id, hash);
        });
    }
    /** Version and memory settings of the server (INFO; on a cluster, of every master), for the start check and readiness. */
    async serverInfo() {
        return this.availability.call(() => ((0, redis_connection_1.isCluster)(this.redis) ? (0, redis_server_info_1.readClusterServerInfo)(this.redis) : (0, redis_server_info_1.readRedisServerInfo)(this.redis)));
    }
    /**
     * Readiness: PING on the command connection; on a cluster, CLUSTER INFO must say
     * cluster_state:ok and the slot of every queue must answer a read on its master (a cluster that
     * is ok overall may still have a slot whose master is failing over). StoreUnavailableError names
     * what failed.
     */
    async ping() {
        const redis = this.redis;
        if (!(0, redis_connection_1.isCluster)(redis)) {
            await this.availability.call(() => redis.ping());
            return;
        }
        // every step within one budget below the probe's timeout, so a 503 names the step that hung
        const until = Date.now() + CLUSTER_PING_BUDGET_MS;
        const answer = async (what, work) => {
            try {
                return await (0, within_timeout_1.withinTimeout)(this.availability.call(work), Math.max(1, until - Date.now()));
            }
            catch (error) {
                throw new errors_1.StoreUnavailableError(`${what} does not answer: ${error.message}`);
            }
        };
        const [info, stored] = await Promise.all([
            answer('Redis Cluster: CLUSTER INFO', () => redis.cluster('INFO')),
            answer(`the queue list (slot ${(0, cluster_key_slot_1.default)((0, redis_queue_keys_1.queueSetKey)(this.prefix))})`, () => redis.smembers((0, redis_queue_keys_1.queueSetKey)(this.prefix))),
        ]);
        const { state } = (0, redis_server_info_1.readClusterInfo)(String(info));
        if (state !== 'ok')
            throw new errors_1.StoreUnavailableError(`Redis Cluster is not ok: CLUSTER INFO says cluster_state:${state}`);
        const bySlot = new Map();
        for (const queue of new Set([...this.configuredQueues, ...stored])) {
            const slot = (0, cluster_key_slot_1.default)(this.keys(queue).seq);
            if (!bySlot.has(slot))
                bySlot.set(slot, queue);
        }
        await Promise.all([...bySlot].map(([slot, queue]) => answer(`queue ${queue} (slot ${slot})`, () => redis.exists(this.keys(queue).seq))));
    }
    /**
     * The start check of a cluster: it must answer (its slot map read from a seed node) and be
     * cluster_state:ok, or claimq does not start. A single server that cannot be reached at start is
     * left to readiness instead (it may be starting too); a cluster that cannot be reached is most
     * often a wrong REDIS_CLUSTER_NODES.
     */
    async checkTopology(timeoutMs) {
        const redis = this.redis;
        if (!(0, redis_connection_1.isCluster)(redis))
            return;
        const seeds = this.clusterSeeds.map((seed) => `${seed.host}:${seed.port}`).join(', ') || 'the configured nodes';
        if (redis.status !== 'ready') {
            await new Promise((resolve, reject) => {
                let lastError = 'no answer';
                const onError = (error) => {
                    lastError = error.message;
                };
                const timer = setTimeout(() => {
                    redis.off('error', onError);
                    redis.off('ready', onReady);
                    // ask the seeds themselves why: not up, not a cluster node, or a cluster without slots
                    void (0, redis_connection_1.diagnoseClusterSeeds)(this.clusterSeeds, redis.options.redisOptions ?? {}).then((why) => reject(new Error(`REDIS_CLUSTER_NODES: no Redis Cluster answered at ${seeds} within ${timeoutMs} ms (${why ?? `no seed accepts a connection: ${lastError}`})`)));
                }, timeoutMs);
                const onReady = () => {
                    clearTimeout(timer);
                    redis.off('error', onError);
                    resolve();
                };
                redis.on('error', onError);
                redis.once('ready', onReady);
            });
        }
        let info;
        try {
            info = String(await redis.cluster('INFO'));
        }
        catch (error) {
            throw new Error(`REDIS_CLUSTER_NODES: CLUSTER INFO failed at ${seeds}: ${error.message}`);
        }
        const { state } = (0, redis_server_info_1.readClusterInfo)(info);
        if (state !== 'ok') {
            throw new Error(`REDIS_CLUSTER_NODES: the Redis Cluster at ${seeds} is not ok (cluster_state:${state}); claimq starts once every slot has a master`);
        }
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
    async listExecutions(queue, limit, cursor) {
        const after = (0, execution_list_cursor_1.decodeExecutionCursor)(cursor);
        return this.availability.call(() => this.executions.list(queue, limit, after));
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
    async trimExecutions(queue, retentionMs, limit) {
        return this.availability.call(() => this.executions.trim(queue, retentionMs, limit));
    }
    async refreshBacklog(queue) {
        return this.availability.call(() => this.executions.backlog(queue));
    }
    /** One stream per queue, each read on a connection of its own (a copy of this store's settings). */
    eventSources(options) {
        return new redis_job_event_sources_1.RedisJobEventSources({
            connect: (name) => (0, redis_connection_1.duplicateRedisClient)(this.redis, { connectionName: name }),
            keysOf: (queue) => this.keys(queue),
            ...options,
        });
    }
    /**
     * The queue's stream as the history consumer group sees it: entries delivered and not acknowledged
     * (XPENDING) and entries not delivered yet (the group's lag), with the time of the oldest of
     * either (an entry id starts with the Redis time it was added). Three reads of the queue's slot;
     * before the writer made the group, the whole stream is behind.
     */
    async eventBacklog(queue) {
        return this.availability.call(() => (0, redis_event_backlog_1.readEventBacklog)(this.redis, this.keys(queue).events, redis_job_event_source_1.HISTORY_CONSUMER_GROUP));
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
        // the call's own id: a resend of this very call answers as the first did (includes/change-one-job.lua)
        const callId = (0, node_crypto_1.randomBytes)(8).toString('hex');
        const script = action === 'promote' ? 'promote-job' : action;
        const reply = (await this.availability.call(() => this.run(script, queue, [id, callId])));
        if ((0, errors_1.isStoreRefusal)(reply[0]))
            throw (0, errors_1.storeRefusalError)(reply[0], id, action, String(reply[1] ?? 'unknown'));
        return (0, redis_job_codec_1.decodeJob)(id, (0, redis_job_codec_1.pairsToHash)(reply, 1));
    }
    /**
     * `now` is passed when the caller also uses it, so the script and the reply agree on the time.
     * With `wait`, the reply comes once that many replicas hold the write (RedisScripts.runDurable).
     */
    run(script, queue, args, now = this.clock.now(), wait) {
        const all = [now, this.eventsMaxLen, ...args];
        return wait ? this.scripts.runDurable(script, this.keys(queue), all, wait) : this.scripts.run(script, this.keys(queue), all);
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
/** reap.lua and reap-workers.lua reply { requeued, failed, malformed, cancelled }. */
function reapResult([requeued, failed, malformed, cancelled]) {
    const result = { requeued, failed, cancelled: cancelled ?? [] };
    if (malformed && malformed.length > 0)
        result.malformed = malformed;
    return result;
}
//# sourceMappingURL=redis-job-store.js.map