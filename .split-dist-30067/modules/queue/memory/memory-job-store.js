"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryJobStore = void 0;
const memory_groups_1 = require("./memory-groups");
const memory_schedules_1 = require("./memory-schedules");
const memory_worker_directory_1 = require("./memory-worker-directory");
const memory_audit_log_1 = require("./memory-audit-log");
const audit_store_1 = require("../audit-store");
const memory_queue_stats_1 = require("./memory-queue-stats");
const backoff_1 = require("../../../domain/backoff");
const clock_1 = require("../../../domain/clock");
const errors_1 = require("../../../domain/errors");
const hard_time_limit_1 = require("../../../domain/hard-time-limit");
const job_id_1 = require("../../../domain/job-id");
const job_lifecycle_1 = require("../../../domain/job-lifecycle");
const job_1 = require("../../../domain/job");
const job_store_1 = require("../job-store");
const list_cursor_1 = require("./list-cursor");
const execution_list_cursor_1 = require("../execution-list-cursor");
const memory_job_event_sources_1 = require("../events/memory-job-event-sources");
const store_health_1 = require("../store-health");
const memory_event_log_1 = require("./memory-event-log");
const memory_job_record_1 = require("./memory-job-record");
const memory_job_transitions_1 = require("./memory-job-transitions");
const memory_queue_1 = require("./memory-queue");
const fairness_1 = require("../../../domain/fairness");
const execution_1 = require("../../../domain/execution");
const memory_execution_ops_1 = require("./memory-execution-ops");
const memory_executions_1 = require("./memory-executions");
/** The statuses a failure leaves a job in (pending also after a scheduled retry's promotion); fail.lua's FAIL_OUTCOMES. */
const FAIL_OUTCOMES = new Set(['scheduled', 'pending', 'failed', 'cancelled']);
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
    keepEvents;
    clock;
    random;
    graceMs;
    deleteSucceeded;
    hostConcurrency;
    configuredQueues;
    queueStates = new Map();
    /** Queues that have held a job (a worker waiting on a queue does not make it one). */
    usedQueues = new Set();
    /** Partition layouts and partitioned queues' boards (partition-host.ts). */
    layouts = new Map();
    boards = new Map();
    closed = false;
    constructor(options = {}) {
        super();
        this.clock = options.clock ?? clock_1.systemClock;
        this.random = options.random ?? Math.random;
        this.graceMs = options.hardTimeoutGraceMs ?? hard_time_limit_1.DEFAULT_HARD_TIMEOUT_GRACE_MS;
        this.deleteSucceeded = options.deleteSucceeded === true;
        this.hostConcurrency = options.hostConcurrency ?? 0;
        this.configuredQueues = [...(options.configuredQueues ?? [])];
        this.events = new memory_event_log_1.MemoryEventLog(options.historyBacklogMaxBytes ?? memory_event_log_1.DEFAULT_EVENT_LOG_MAX_BYTES);
        this.keepEvents = options.keepEvents ?? true;
        this.schedules = new memory_schedules_1.MemorySchedules(this.clock);
        this.workers = new memory_worker_directory_1.MemoryWorkerDirectory(this.clock);
        this.stats = new memory_queue_stats_1.MemoryQueueStats(this.clock);
        this.groups = new memory_groups_1.MemoryGroups({ find: (queue) => this.queueStates.get(queue), open: (queue) => this.queueFor(queue) }, this.clock, this.hostConcurrency);
        this.audit = new memory_audit_log_1.MemoryAuditLog(options.auditMaxEntries ?? audit_store_1.DEFAULT_AUDIT_MAX_ENTRIES);
    }
    async enqueue(jobs) {
        if (jobs.length === 0)
            return [];
        return this.enqueueInto(this.queueFor(jobs[0].queue), jobs);
    }
    async enqueuePartition(jobs) {
        if (jobs.length === 0)
            return { results: [], before: { seq: 0, top: null, dueAt: null }, after: { seq: 0, top: null, dueAt: null } };
        const q = this.queueFor(jobs[0].queue);
        const before = workOf(q, this.clock.now());
        const results = this.enqueueInto(q, jobs);
        // as enqueue-partition.lua: a write orders after every claim before it
        if (results.some((r) => r.created))
            q.waiters.touch();
        return { results, before, after: workOf(q, this.clock.now()) };
    }
    enqueueInto(q, jobs) {
        this.checkEnqueueBatch(q, jobs, false);
        const now = this.clock.now();
        const results = [];
        const events = [];
        for (const job of jobs) {
            // an id already stored (the same jobs sent again, as enqueue.lua allows) is not added twice
            const existingId = q.jobs.has(job.id) ? job.id : job.idempotencyKey === undefined ? undefined : q.idempotency.get(job.idempotencyKey);
            const existing = existingId === undefined ? undefined : q.jobs.get(existingId);
            if (existing) {
                results.push({ job: (0, memory_job_record_1.toJob)(existing.record, existing.status), created: false });
                continue;
            }
            const status = job.runAt > now ? 'scheduled' : 'pending';
            const entry = {
                id: job.id,
                queue: q.name,
                group: job.group ?? fairness_1.DEFAULT_GROUP,
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
        return this.claimWith(queue, workerId, max, leaseMs, false);
    }
    async claimPartition(partition, workerId, max, leaseMs, budgeted) {
        const result = await this.claimWith(partition, workerId, max, leaseMs, budgeted);
        const q = this.queueStates.get(partition);
        return { ...result, work: q ? workOf(q, this.clock.now()) : { seq: 0, top: null, dueAt: null } };
    }
    async takeRateTokens(partition, max) {
        const q = this.queueStates.get(partition);
        return q ? q.round.takeQueueTokens(Math.max(0, Math.floor(max)), this.clock.now()) : { taken: max };
    }
    async refundRateTokens(partition, tokens) {
        this.queueStates.get(partition)?.round.refundQueueTokens(tokens, this.clock.now());
    }
    rejoinListener;
    onGroupsRejoined(listener) {
        this.rejoinListener = listener;
    }
    async claimWith(queue, workerId, max, leaseMs, budgeted) {
        const q = this.queueStates.get(queue);
        if (!q)
            return { jobs: [] };
        const now = this.clock.now();
        const events = [];
        const promoted = this.promoteDueJobs(q, now, Number.POSITIVE_INFINITY, events);
        const jobs = [];
        // one job of the group at the round's tier; malformed ones met on the way are failed and skipped
        const take = (group, tier) => {
            for (let entry = q.takePending(group, tier); entry; entry = q.takePending(group, tier)) {
                const malformed = (0, memory_job_transitions_1.failIfMalformed)(q, entry, now);
                if (malformed) {
                    events.push(malformed);
                    continue;
                }
                const expiresAt = (0, hard_time_limit_1.leaseUntil)(now, leaseMs, (0, hard_time_limit_1.hardDeadline)(now, entry.record.timeoutMs, this.graceMs));
                events.push((0, memory_job_transitions_1.claimJob)(q, entry, workerId, expiresAt, now));
                jobs.push({ job: (0, memory_job_record_1.toJob)(entry.record, 'running'), token: entry.record.token, leaseExpiresAt: expiresAt });
                return true;
            }
            return false;
        };
        const { queueLimited } = q.round.serve(max, now, take, budgeted);
        this.record(q, events);
        if (promoted > 0 && q.byStatus.pending.size > 0)
            q.waiters.wakeAll();
        const result = { jobs };
        if (jobs.length >= max && q.round.size > 0)
            result.more = true;
        if (promoted > 0)
            result.promoted = promoted;
        if (jobs.length < max) {
            const due = [q.nextDueAt(), q.round.nextDueAt(now, queueLimited)].filter((t) => t !== undefined);
            if (due.length > 0)
                result.nextDueAt = Math.min(...due);
        }
        return result;
    }
    async heartbeat(queue, leases, leaseMs) {
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
    async strayLeases(queue, workerId, heldIds) {
        const q = this.queueStates.get(queue);
        const held = new Set(heldIds);
        const stray = [];
        for (const id of q?.held.get(workerId) ?? []) {
            if (held.has(id))
                continue;
            const entry = q?.jobs.get(id);
            if (entry && entry.status === 'running' && entry.holder === workerId)
                stray.push({ id, token: entry.record.token });
        }
        return stray;
    }
    async complete(queue, items) {
        return this.settle(queue, items, (q, entry, item, now) => {
            const event = (0, memory_job_transitions_1.completeJob)(q, entry, item.resultJson, now);
            // delete on completion (SUCCEEDED_RETENTION_MS=0), except what complete.lua keeps too
            if (this.deleteSucceeded && entry.record.callbackUrl === undefined && entry.record.executionId === undefined)
                q.remove(entry, now);
            return event;
        }, 
        // the same completion applied twice (same current token), as complete.lua answers it
        (entry) => (entry.status === 'succeeded' ? 'succeeded' : undefined));
    }
    async fail(queue, items) {
        return this.settle(queue, items, (q, entry, item, now) => {
            const delay = () => item.retryDelayMs ?? (0, backoff_1.backoffDelay)(entry.record.backoff, entry.record.attempts, this.random);
            return (0, memory_job_transitions_1.failJob)(q, entry, item.error, item.retryable, delay, now, item.stack);
        }, 
        // the same failure applied twice (same current token, same error), as fail.lua answers it
        (entry, item) => (FAIL_OUTCOMES.has(entry.status) && entry.record.lastError === item.error ? entry.status : undefined));
    }
    async release(queue, leases) {
        return this.settle(queue, leases, (q, entry, _lease, now) => (0, memory_job_transitions_1.releaseJob)(q, entry, now));
    }
    async cancel(id) {
        const { q, entry } = this.requireEntry(id);
        const change = (0, memory_job_transitions_1.cancelJob)(q, entry, this.clock.now());
        if (change === 'refused')
            throw new errors_1.InvalidTransitionError(id, entry.status, 'cancel');
        if (change)
            this.record(q, [change]);
        return (0, memory_job_record_1.toJob)(entry.record, entry.status);
    }
    async retry(id) {
        const { q, entry } = this.requireEntry(id);
        if (!(0, job_lifecycle_1.canRetry)(entry.status))
            throw new errors_1.InvalidTransitionError(id, entry.status, 'retry');
        this.record(q, [(0, memory_job_transitions_1.retryJob)(q, entry, this.clock.now())]);
        q.waiters.wakeAll();
        return (0, memory_job_record_1.toJob)(entry.record, entry.status);
    }
    async promote(id) {
        const { q, entry } = this.requireEntry(id);
        if (entry.status !== 'scheduled')
            throw new errors_1.InvalidTransitionError(id, entry.status, 'promote');
        const now = this.clock.now();
        entry.record.runAt = now;
        this.record(q, [(0, memory_job_transitions_1.promoteJob)(q, entry, now)]);
        q.waiters.wakeAll();
        return (0, memory_job_record_1.toJob)(entry.record, entry.status);
    }
    async reapExpired(queue, limit) {
        const result = { requeued: [], failed: [], cancelled: [] };
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
     * A worker that registered at or after now - silentMs is alive again and skipped (reap-workers.lua).
     */
    async reapWorkers(queue, workerIds, limit, silentMs) {
        const result = { requeued: [], failed: [], cancelled: [] };
        const q = this.queueStates.get(queue);
        if (!q)
            return result;
        const now = this.clock.now();
        const cutoff = now - silentMs;
        const events = [];
        let n = 0;
        for (const workerId of workerIds) {
            const seen = q.workers.get(workerId);
            if (seen !== undefined && seen >= cutoff)
                continue;
            for (const id of [...(q.held.get(workerId) ?? [])]) {
                if (n >= limit)
                    break;
                const entry = q.jobs.get(id);
                if (!entry || entry.status !== 'running' || entry.holder !== workerId) {
                    q.held.get(workerId)?.delete(id);
                    continue;
                }
                this.expire(q, entry, (0, hard_time_limit_1.workerSilentError)(workerId), now, events, result);
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
        const promoted = this.promoteDueJobs(q, this.clock.now(), limit, events);
        this.record(q, events);
        if (promoted > 0)
            q.waiters.wakeAll();
        return promoted;
    }
    /** The log drops at append, past its budget (MemoryEventLog); this reports what it dropped of `queue`. */
    async trimEvents(queue) {
        return { scanned: 0, more: false, dropped: this.events.takeDropped(queue) };
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
                    q.remove(entry, now);
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
    /** The first job of the pending index (entry order, every group and priority): exact, O(1) amortised. */
    async oldestPending(queue) {
        const q = this.queueStates.get(queue);
        const first = q?.byStatus.pending.first();
        const record = first && q.jobs.get(first.id)?.record;
        if (!record)
            return { jobId: null, since: null };
        const createdAt = Number.isFinite(record.createdAt) ? record.createdAt : 0;
        const runAt = Number.isFinite(record.runAt) ? record.runAt : createdAt;
        return { jobId: first.id, since: Math.max(runAt, createdAt) };
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
        await this.queueFor(queue).waiters.wait(timeoutMs, signal);
    }
    // PartitionHost: what PartitionedJobStore needs beyond the contract (partition-host.ts)
    async waitForToken(queue, timeoutMs, signal) {
        if (this.closed)
            return false;
        return this.queueFor(queue).waiters.wait(timeoutMs, signal);
    }
    async partitionWork(partition, touch) {
        const q = this.queueFor(partition);
        if (touch)
            q.waiters.touch();
        return workOf(q, this.clock.now());
    }
    /** As board-report.lua. */
    async reportWork(queue, index, work, wake) {
        let board = this.boards.get(queue);
        if (!board)
            this.boards.set(queue, (board = new Map()));
        const known = board.get(index);
        if (!known || known.seq <= work.seq)
            board.set(index, { ...work });
        if (wake)
            this.queueFor(queue).waiters.wakeAll();
    }
    async readBoard(queue) {
        const reports = new Map([...(this.boards.get(queue) ?? [])].map(([index, work]) => [index, { ...work }]));
        return { reports, zero: workOf(this.queueFor(queue), this.clock.now()) };
    }
    async readPartitionLayout(queue) {
        return { ...(this.layouts.get(queue) ?? {}) };
    }
    /** As partitions-count.lua. */
    async setPartitionCount(queue, count) {
        const layout = this.layouts.get(queue) ?? {};
        const current = Number(layout.n ?? 1);
        if (current !== count) {
            const kept = (layout.hist ?? '').split(',').filter((c) => c !== '' && Number(c) !== count && Number(c) !== current);
            kept.push(String(current));
            layout.n = String(count);
            layout.since = String(this.clock.now());
            layout.hist = kept.slice(-8).join(',');
            this.layouts.set(queue, layout);
        }
        return { ...layout };
    }
    /** As partition-drop.lua (the event log is the store's, not the partition's: nothing of it to wait for). */
    async dropPartition(partition) {
        const q = this.queueStates.get(partition);
        if (q) {
            const ex = q.executions;
            if (q.jobs.size > 0 || q.idempotency.size > 0 || ex.byId.size > 0 || ex.refresh.size > 0 || ex.refreshing.size > 0)
                return false;
            this.queueStates.delete(partition);
        }
        this.usedQueues.delete(partition);
        return true;
    }
    /** As partitions-retire.lua. */
    async retirePartition(queue, index, guardMs) {
        const layout = this.layouts.get(queue) ?? {};
        const n = Number(layout.n ?? 1);
        const since = Number(layout.since ?? 0);
        if (index >= 1 && index >= n && this.clock.now() - since >= guardMs && layout[`p${index}`] !== undefined && layout[`p${index + 1}`] === undefined) {
            delete layout[`p${index}`];
            this.boards.get(queue)?.delete(index);
        }
        return { ...layout };
    }
    /** As partitions-add.lua. */
    async addPartition(queue, index, k) {
        const layout = this.layouts.get(queue) ?? {};
        const taken = Object.entries(layout).some(([field, value]) => field === `p${index}` || (field.startsWith('p') && Number(value) === k));
        if (!taken) {
            layout[`p${index}`] = String(k);
            this.boards.get(queue)?.delete(index);
        }
        this.layouts.set(queue, layout);
        return { ...layout };
    }
    /** One process: any free suffix, the smallest from `index` on. */
    partitionSuffix(_queue, index, taken) {
        let k = Math.max(1, index);
        while (taken.includes(k))
            k++;
        return k;
    }
    async findByIdempotencyKey(queue, key) {
        const q = this.queueStates.get(queue);
        const id = q?.idempotency.get(key);
        const entry = id === undefined ? undefined : q?.jobs.get(id);
        return entry ? (0, memory_job_record_1.toJob)(entry.record, entry.status) : null;
    }
    async createExecution(execution, jobs) {
        if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== execution.id)) {
            throw new errors_1.InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${execution.id}`);
        }
        const q = this.queueFor(execution.queue);
        const prior = q.executions.byIdempotencyKey(execution.idempotencyKey);
        if (prior && prior.id !== execution.id)
            return (0, memory_executions_1.toRecord)(prior);
        this.checkEnqueueBatch(q, jobs, true);
        const created = q.executions.create(execution.id, this.clock.now(), execution.callbackUrl, execution.idempotencyKey);
        q.executions.refresh.add(execution.id);
        await this.enqueue(jobs);
        this.usedQueues.add(q.name);
        return (0, memory_executions_1.toRecord)(created);
    }
    async getExecution(id) {
        const execution = this.executionQueue(id)?.executions.byId.get(id);
        return execution ? (0, memory_executions_1.toRecord)(execution) : null;
    }
    async listExecutions(queue, limit, cursor) {
        const after = (0, execution_list_cursor_1.decodeExecutionCursor)(cursor);
        const count = Math.max(1, Math.floor(limit));
        const page = this.queueStates.get(queue)?.executions.list(count, after) ?? { items: [], more: false };
        const last = page.items[page.items.length - 1];
        return { items: page.items.map(memory_executions_1.toRecord), nextCursor: page.more ? (0, execution_list_cursor_1.encodeExecutionCursor)({ createdAt: last.createdAt, id: last.id }) : null };
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
        this.queueStates.get(queue)?.executions.ack(refresherId, ids, callbacksEnqueued, this.clock.now());
    }
    async requeueStaleRefresh(queue, staleMs, limit) {
        return this.queueStates.get(queue)?.executions.requeueStale(this.clock.now() - staleMs, limit) ?? 0;
    }
    async trimExecutions(queue, retentionMs, limit) {
        return this.queueStates.get(queue)?.executions.trim(this.clock.now() - retentionMs, limit) ?? 0;
    }
    async refreshBacklog(queue) {
        const executions = this.queueStates.get(queue)?.executions;
        return { backlog: executions?.refresh.size ?? 0, inFlight: executions?.refreshing.size ?? 0 };
    }
    eventSources() {
        return new memory_job_event_sources_1.MemoryJobEventSources(this.events);
    }
    async eventBacklog(queue) {
        return this.events.backlogOf(queue);
    }
    health = new store_health_1.InProcessStoreHealth('memory');
    schedules;
    workers;
    groups;
    audit;
    stats;
    async close() {
        this.closed = true;
        for (const q of this.queueStates.values())
            q.waiters.wakeAll();
    }
    /** `refuseTakenIds`: an id repeated in the batch or already stored is an error (createExecution). */
    checkEnqueueBatch(q, jobs, refuseTakenIds) {
        const ids = new Set();
        for (const job of jobs) {
            if (job.queue !== q.name)
                throw new errors_1.InvalidJobSpecError('queue', 'must be the same for every job of one enqueue call');
            if (refuseTakenIds && (ids.has(job.id) || q.jobs.has(job.id)))
                throw new errors_1.InvalidJobSpecError('id', `${job.id} is already taken`);
            ids.add(job.id);
        }
    }
    /**
     * `replayed`: for a job no longer running whose token is still the presented one, the outcome
     * of this same settle applied before (its reply lost, the batch sent again), or undefined: stale.
     */
    settle(queue, items, apply, replayed) {
        const q = this.queueStates.get(queue);
        if (!q)
            return items.map(() => 'stale');
        const now = this.clock.now();
        const events = [];
        const outcomes = items.map((item) => {
            const entry = this.currentLease(q, item);
            if (!entry) {
                const settled = q.jobs.get(item.id);
                const same = settled && settled.status !== 'running' && settled.record.token === item.token;
                return (same && replayed?.(settled, item)) || 'stale';
            }
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
        else if (entry.status === 'cancelled')
            result.cancelled.push(entry.id);
    }
    promoteDueJobs(q, now, limit, events) {
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
        if (events.length > 0 && this.keepEvents)
            this.events.append(q.name, events);
    }
    queueFor(name) {
        let q = this.queueStates.get(name);
        if (!q)
            this.queueStates.set(name, (q = new memory_queue_1.MemoryQueue(name, this.hostConcurrency, () => this.rejoinListener?.(name))));
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
    /** The job's queue and entry; JobNotFoundError when the store holds no such job. */
    requireEntry(id) {
        const found = this.findEntry(id);
        if (!found)
            throw new errors_1.JobNotFoundError(id);
        return found;
    }
}
exports.MemoryJobStore = MemoryJobStore;
/** A queue's claimable work at `now`, as includes/work-state.lua reads it in Redis. */
function workOf(q, now) {
    const due = [q.nextDueAt(), q.round.nextDueAt(now, false)].filter((t) => t !== undefined);
    return { seq: q.waiters.wakeCount, top: q.round.bestTier() ?? null, dueAt: due.length > 0 ? Math.min(...due) : null };
}
//# sourceMappingURL=memory-job-store.js.map