"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryJobStore = void 0;
const backoff_1 = require("../../../domain/backoff");
const clock_1 = require("../../../domain/clock");
const errors_1 = require("../../../domain/errors");
const hard_time_limit_1 = require("../../../domain/hard-time-limit");
const job_id_1 = require("../../../domain/job-id");
const job_1 = require("../../../domain/job");
const job_store_1 = require("../job-store");
const list_cursor_1 = require("./list-cursor");
const memory_corruption_1 = require("./memory-corruption");
const memory_event_log_1 = require("./memory-event-log");
const memory_job_record_1 = require("./memory-job-record");
const memory_job_transitions_1 = require("./memory-job-transitions");
const memory_queue_1 = require("./memory-queue");
const execution_1 = require("../../../domain/execution");
const memory_execution_ops_1 = require("./memory-execution-ops");
const memory_executions_1 = require("./memory-executions");
const FINISHED = [
    ['succeeded', 'succeededMs'],
    ['failed', 'failedMs'],
    ['cancelled', 'cancelledMs'],
];
/**
 * The single-process JobStore: every index in memory, every operation synchronous (so atomic)
 * behind the async contract. What `npm start` runs with nothing else installed.
 */
class MemoryJobStore extends job_store_1.JobStore {
    /** Every state change, for the history writer to drain. */
    events;
    clock;
    random;
    graceMs;
    configuredQueues;
    queueStates = new Map();
    /** Queues that have held a job (a worker waiting on a queue does not make it one). */
    usedQueues = new Set();
    closed = false;
    constructor(options = {}) {
        super();
        this.clock = options.clock ?? clock_1.systemClock;
        this.random = options.random ?? Math.random;
        this.graceMs = options.hardTimeoutGraceMs ?? hard_time_limit_1.DEFAULT_HARD_TIMEOUT_GRACE_MS;
        this.configuredQueues = [...(options.configuredQueues ?? [])];
        this.events = new memory_event_log_1.MemoryEventLog(options.eventsMaxLen ?? memory_event_log_1.DEFAULT_EVENTS_MAX_LEN);
    }
    async enqueue(jobs) {
        if (jobs.length === 0)
            return [];
        const q = this.queueFor(jobs[0].queue);
        this.checkEnqueueBatch(q, jobs);
        const now = this.clock.now();
        const results = [];
        const events = [];
        for (const job of jobs) {
            const existingId = job.idempotencyKey === undefined ? undefined : q.idempotency.get(job.idempotencyKey);
            const existing = existingId === undefined ? undefined : q.jobs.get(existingId);
            if (existing) {
                results.push({ job: (0, memory_job_record_1.toJob)(existing.record, existing.status), created: false });
                continue;
            }
            const status = job.runAt > now ? 'scheduled' : 'pending';
            const entry = {
                id: job.id,
                queue: q.name,
                createdSeq: q.nextSeq(),
                record: (0, memory_job_record_1.createRecord)(job, status, now),
                status,
                seq: q.nextSeq(),
                enteredAt: now,
            };
            q.insert(entry, now);
            if (job.idempotencyKey !== undefined)
                q.idempotency.set(job.idempotencyKey, job.id);
            events.push((0, memory_job_transitions_1.enqueuedEvent)(entry, now));
            results.push({ job: (0, memory_job_record_1.toJob)(entry.record, status), created: true });
        }
        this.usedQueues.add(q.name);
        this.record(q, events);
        if (events.length > 0)
            q.waiters.wakeAll();
        return results;
    }
    async get(id) {
        const found = this.findEntry(id);
        return found ? (0, memory_job_record_1.toJob)(found.entry.record, found.entry.status) : null;
    }
    /** Newest first in the chosen index: entry into the status when filtered, creation otherwise. */
    async list(query) {
        const before = (0, list_cursor_1.decodeListCursor)(query.cursor);
        const q = this.queueStates.get(query.queue);
        if (!q)
            return { items: [], nextCursor: null };
        const index = query.status ? q.byStatus[query.status] : q.all;
        const limit = Math.max(1, Math.floor(query.limit));
        const items = [];
        let lastSeq = 0;
        for (const { id, seq } of index.newestFirst(before)) {
            const entry = q.jobs.get(id);
            if (!entry || (query.type !== undefined && entry.record.type !== query.type))
                continue;
            if (items.length === limit)
                return { items, nextCursor: (0, list_cursor_1.encodeListCursor)(lastSeq) };
            items.push((0, memory_job_record_1.toJob)(entry.record, entry.status));
            lastSeq = seq;
        }
        return { items, nextCursor: null };
    }
    async claim(queue, workerId, max, leaseMs) {
        const q = this.queueStates.get(queue);
        if (!q)
            return { jobs: [] };
        const now = this.clock.now();
        const events = [];
        const promoted = this.promote(q, now, Number.POSITIVE_INFINITY, events);
        const jobs = [];
        while (jobs.length < max) {
            const entry = q.takeNextPending();
            if (!entry)
                break;
            const malformed = (0, memory_job_transitions_1.failIfMalformed)(q, entry, now);
            if (malformed) {
                events.push(malformed);
                continue;
            }
            const expiresAt = (0, hard_time_limit_1.leaseUntil)(now, leaseMs, (0, hard_time_limit_1.hardDeadline)(now, entry.record.timeoutMs, this.graceMs));
            events.push((0, memory_job_transitions_1.claimJob)(q, entry, workerId, expiresAt, now));
            jobs.push({ job: (0, memory_job_record_1.toJob)(entry.record, 'running'), token: entry.record.token, leaseExpiresAt: expiresAt });
        }
        this.record(q, events);
        if (promoted > 0 && q.byStatus.pending.size > 0)
            q.waiters.wakeAll();
        if (jobs.length > 0)
            return { jobs };
        const nextDueAt = q.nextDueAt();
        return nextDueAt === undefined ? { jobs } : { jobs, nextDueAt };
    }
    async heartbeat(queue, _workerId, leases, leaseMs) {
        const q = this.queueStates.get(queue);
        const now = this.clock.now();
        return leases.map((lease) => {
            const entry = q && this.currentLease(q, lease);
            if (!entry)
                return 'stale';
            const deadline = this.hardDeadlineOf(entry);
            if (deadline <= now)
                return 'stale';
            const expiresAt = (0, hard_time_limit_1.leaseUntil)(now, leaseMs, deadline);
            entry.record.leaseExpiresAt = expiresAt;
            q.extendLease(entry, expiresAt);
            return entry.record.cancelRequested ? 'cancel' : 'ok';
        });
    }
    async complete(queue, items) {
        return this.settle(queue, items, (q, entry, item, now) => (0, memory_job_transitions_1.completeJob)(q, entry, item.resultJson, now));
    }
    async fail(queue, items) {
        return this.settle(queue, items, (q, entry, item, now) => {
            const delay = () => item.retryDelayMs ?? (0, backoff_1.backoffDelay)(entry.record.backoff, entry.record.attempts, this.random);
            return (0, memory_job_transitions_1.failJob)(q, entry, item.error, item.retryable, delay, now);
        });
    }
    async release(queue, leases) {
        return this.settle(queue, leases, (q, entry, _lease, now) => (0, memory_job_transitions_1.releaseJob)(q, entry, now));
    }
    async cancel(id) {
        const { q, entry } = this.requireEntry(id);
        const now = this.clock.now();
        if (entry.status === 'pending' || entry.status === 'scheduled') {
            this.record(q, [(0, memory_job_transitions_1.cancelJob)(q, entry, now)]);
        }
        else if (entry.status === 'running') {
            if (!entry.record.cancelRequested)
                this.record(q, [(0, memory_job_transitions_1.requestCancel)(entry, now)]);
        }
        else {
            throw new errors_1.InvalidTransitionError(id, entry.status, 'cancel');
        }
        return (0, memory_job_record_1.toJob)(entry.record, entry.status);
    }
    async retry(id) {
        const { q, entry } = this.requireEntry(id);
        if (entry.status !== 'failed' && entry.status !== 'cancelled')
            throw new errors_1.InvalidTransitionError(id, entry.status, 'retry');
        this.record(q, [(0, memory_job_transitions_1.retryJob)(q, entry, this.clock.now())]);
        q.waiters.wakeAll();
        return (0, memory_job_record_1.toJob)(entry.record, entry.status);
    }
    async reapExpired(queue, limit) {
        const result = { requeued: [], failed: [] };
        const q = this.queueStates.get(queue);
        if (!q)
            return result;
        const now = this.clock.now();
        const events = [];
        for (let n = 0; n < limit; n++) {
            const entry = q.takeExpiredLease(now);
            if (!entry)
                break;
            this.expire(q, entry, (0, hard_time_limit_1.expiryReason)(now, this.hardDeadlineOf(entry)), now, events, result);
        }
        this.record(q, events);
        if (result.requeued.length > 0)
            q.waiters.wakeAll();
        return result;
    }
    /**
     * A reaped worker that holds no lease any more leaves the registry too, so the reaper does not
     * meet the same dead worker on every pass (and crowd out newly silent ones under its limit).
     */
    async reapWorkers(queue, workerIds, limit) {
        const result = { requeued: [], failed: [] };
        const q = this.queueStates.get(queue);
        if (!q)
            return result;
        const now = this.clock.now();
        const events = [];
        let n = 0;
        for (const workerId of workerIds) {
            for (const id of [...(q.held.get(workerId) ?? [])]) {
                if (n >= limit)
                    break;
                const entry = q.jobs.get(id);
                if (!entry || entry.status !== 'running' || entry.holder !== workerId) {
                    q.held.get(workerId)?.delete(id);
                    continue;
                }
                this.expire(q, entry, `lease expired: worker ${workerId} went silent`, now, events, result);
                n++;
            }
            if ((q.held.get(workerId)?.size ?? 0) === 0) {
                q.held.delete(workerId);
                q.workers.delete(workerId);
            }
        }
        this.record(q, events);
        if (result.requeued.length > 0)
            q.waiters.wakeAll();
        return result;
    }
    async promoteDue(queue, limit) {
        const q = this.queueStates.get(queue);
        if (!q)
            return 0;
        const events = [];
        const promoted = this.promote(q, this.clock.now(), limit, events);
        this.record(q, events);
        if (promoted > 0)
            q.waiters.wakeAll();
        return promoted;
    }
    async trimFinished(queue, retention, limit) {
        const q = this.queueStates.get(queue);
        if (!q)
            return 0;
        const now = this.clock.now();
        let trimmed = 0;
        for (const [status, field] of FINISHED) {
            const cutoff = now - retention[field];
            const victims = [];
            // oldest first: the first job young enough ends the walk
            for (const { id } of q.byStatus[status].oldestFirst()) {
                if (trimmed + victims.length >= limit)
                    break;
                const entry = q.jobs.get(id);
                if (entry && entry.enteredAt > cutoff)
                    break;
                victims.push(id);
            }
            for (const id of victims) {
                const entry = q.jobs.get(id);
                if (entry)
                    q.remove(entry);
                else {
                    q.byStatus[status].delete(id);
                    q.all.delete(id);
                }
            }
            trimmed += victims.length;
        }
        return trimmed;
    }
    async counts(queue) {
        const q = this.queueStates.get(queue);
        const out = { pending: 0, scheduled: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
        if (q)
            for (const status of Object.keys(out))
                out[status] = q.byStatus[status].size;
        return out;
    }
    async queues() {
        return [...new Set([...this.configuredQueues, ...this.usedQueues])].sort();
    }
    async registerWorker(queue, workerId) {
        this.queueFor(queue).workers.set(workerId, this.clock.now());
    }
    async unregisterWorker(queue, workerId) {
        this.queueStates.get(queue)?.workers.delete(workerId);
    }
    async silentWorkers(queue, silentMs, limit) {
        const q = this.queueStates.get(queue);
        if (!q)
            return [];
        const cutoff = this.clock.now() - silentMs;
        return [...q.workers]
            .filter(([, lastSeen]) => lastSeen < cutoff)
            .sort((a, b) => a[1] - b[1])
            .slice(0, Math.max(0, limit))
            .map(([workerId]) => workerId);
    }
    async waitForWork(queue, timeoutMs, signal) {
        if (this.closed)
            return;
        return this.queueFor(queue).waiters.wait(timeoutMs, signal);
    }
    async createExecution(execution, jobs) {
        if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== execution.id)) {
            throw new errors_1.InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${execution.id}`);
        }
        const q = this.queueFor(execution.queue);
        this.checkEnqueueBatch(q, jobs);
        const created = q.executions.create(execution.id, this.clock.now(), execution.callbackUrl);
        q.executions.refresh.add(execution.id);
        await this.enqueue(jobs);
        this.usedQueues.add(q.name);
        return (0, memory_executions_1.toRecord)(created);
    }
    async getExecution(id) {
        const execution = this.executionQueue(id)?.executions.byId.get(id);
        return execution ? (0, memory_executions_1.toRecord)(execution) : null;
    }
    async listExecutionJobs(id, limit, cursor) {
        return (0, memory_execution_ops_1.listExecutionJobs)(this.executionQueue(id), id, limit, cursor);
    }
    async cancelExecution(id) {
        const q = this.executionQueue(id);
        const execution = (0, memory_execution_ops_1.requireExecution)(q, id);
        if (q)
            this.record(q, (0, memory_execution_ops_1.cancelExecutionJobs)(q, execution, this.clock.now()));
        return (0, memory_executions_1.toRecord)(execution);
    }
    async claimRefresh(queue, refresherId, max) {
        return this.queueStates.get(queue)?.executions.claim(refresherId, max, this.clock.now()) ?? [];
    }
    async ackRefresh(queue, refresherId, ids, callbacksEnqueued) {
        this.queueStates.get(queue)?.executions.ack(refresherId, ids, callbacksEnqueued);
    }
    async requeueStaleRefresh(queue, staleMs, limit) {
        return this.queueStates.get(queue)?.executions.requeueStale(this.clock.now() - staleMs, limit) ?? 0;
    }
    async refreshBacklog(queue) {
        const executions = this.queueStates.get(queue)?.executions;
        return { backlog: executions?.refresh.size ?? 0, inFlight: executions?.refreshing.size ?? 0 };
    }
    async close() {
        this.closed = true;
        for (const q of this.queueStates.values())
            q.waiters.wakeAll();
    }
    /**
     * Test seam for the contract's malformed-data cases: damages a job's record the way a bug or a
     * partial write could. 'deleted' removes the record but leaves its id in the indexes.
     */
    corruptRecordForTest(id, how) {
        const { q, entry } = this.requireEntry(id);
        if (how === 'deleted')
            q.jobs.delete(id);
        else
            (0, memory_corruption_1.damageRecord)(entry.record, how);
    }
    checkEnqueueBatch(q, jobs) {
        const ids = new Set();
        for (const job of jobs) {
            if (job.queue !== q.name)
                throw new errors_1.InvalidJobSpecError('queue', 'must be the same for every job of one enqueue call');
            if (ids.has(job.id) || q.jobs.has(job.id))
                throw new errors_1.InvalidJobSpecError('id', `${job.id} is already taken`);
            ids.add(job.id);
        }
    }
    settle(queue, items, apply) {
        const q = this.queueStates.get(queue);
        if (!q)
            return items.map(() => 'stale');
        const now = this.clock.now();
        const events = [];
        const outcomes = items.map((item) => {
            const entry = this.currentLease(q, item);
            if (!entry)
                return 'stale';
            events.push((0, memory_job_transitions_1.failIfMalformed)(q, entry, now) ?? apply(q, entry, item, now));
            return entry.status;
        });
        this.record(q, events);
        if (outcomes.includes('pending'))
            q.waiters.wakeAll();
        return outcomes;
    }
    /** startedAt + timeoutMs + grace; a damaged record counts from now with the default timeout, as the scripts do. */
    hardDeadlineOf(entry) {
        const { startedAt, timeoutMs } = entry.record;
        const started = typeof startedAt === 'number' && Number.isFinite(startedAt) ? startedAt : this.clock.now();
        const tmo = typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) ? timeoutMs : job_1.DEFAULT_TIMEOUT_MS;
        return (0, hard_time_limit_1.hardDeadline)(started, tmo, this.graceMs);
    }
    /** The job a lease names, when the lease is its current one: running, same token. */
    currentLease(q, lease) {
        const entry = q.jobs.get(lease.id);
        return entry && entry.status === 'running' && entry.record.token === lease.token ? entry : undefined;
    }
    expire(q, entry, err, now, events, result) {
        const event = (0, memory_job_transitions_1.failIfMalformed)(q, entry, now) ?? (0, memory_job_transitions_1.expireJob)(q, entry, err, now);
        events.push(event);
        if (entry.status === 'pending')
            result.requeued.push(entry.id);
        else if (entry.status === 'failed')
            result.failed.push(entry.id);
    }
    promote(q, now, limit, events) {
        let promoted = 0;
        while (promoted < limit) {
            const entry = q.takeDueScheduled(now);
            if (!entry)
                break;
            events.push((0, memory_job_transitions_1.promoteJob)(q, entry, now));
            promoted++;
        }
        return promoted;
    }
    executionQueue(id) {
        const queue = (0, execution_1.queueOfExecutionId)(id);
        return queue === undefined ? undefined : this.queueStates.get(queue);
    }
    record(q, events) {
        if (events.length > 0)
            this.events.append(q.name, events);
    }
    queueFor(name) {
        let q = this.queueStates.get(name);
        if (!q)
            this.queueStates.set(name, (q = new memory_queue_1.MemoryQueue(name)));
        return q;
    }
    findEntry(id) {
        const home = (0, job_id_1.queueOfJobId)(id);
        const homeQueue = home === undefined ? undefined : this.queueStates.get(home);
        const entry = homeQueue?.jobs.get(id);
        if (homeQueue && entry)
            return { q: homeQueue, entry };
        // ids made outside newJobId do not name their queue
        for (const q of this.queueStates.values()) {
            const found = q.jobs.get(id);
            if (found)
                return { q, entry: found };
        }
        return undefined;
    }
    requireEntry(id) {
        const found = this.findEntry(id);
        if (!found)
            throw new errors_1.JobNotFoundError(id);
        return found;
    }
}
exports.MemoryJobStore = MemoryJobStore;
//# sourceMappingURL=memory-job-store.js.map