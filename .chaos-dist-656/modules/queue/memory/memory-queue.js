"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryQueue = void 0;
const job_1 = require("../../../domain/job");
const binary_heap_1 = require("./binary-heap");
const memory_executions_1 = require("./memory-executions");
const sequence_index_1 = require("./sequence-index");
const work_waiters_1 = require("./work-waiters");
const COMPACT_MIN = 1024;
/** Heap keys must be numbers even when a record was damaged, or the heap order breaks. */
function finiteOr(value, fallback) {
    return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
/**
 * Every index of one queue. Invariant: a live job is a member of exactly one status index, named
 * by `entry.status`; the pending, scheduled and lease heaps hold refs that are live only while
 * they match the entry's current seq (and lease expiry), so moves never search a heap.
 */
class MemoryQueue {
    name;
    jobs = new Map();
    all = new sequence_index_1.SequenceIndex();
    byStatus = Object.fromEntries(job_1.JOB_STATUSES.map((s) => [s, new sequence_index_1.SequenceIndex()]));
    idempotency = new Map();
    /** worker id -> last registry heartbeat */
    workers = new Map();
    /** worker id -> ids of the jobs it holds a lease on */
    held = new Map();
    waiters = new work_waiters_1.WorkWaiters();
    /** Execution counters: every status change below moves them, as the Lua scripts do. */
    executions;
    seqCounter = 0;
    pending = new binary_heap_1.BinaryHeap((a, b) => a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq));
    scheduled = new binary_heap_1.BinaryHeap((a, b) => a.runAt < b.runAt || (a.runAt === b.runAt && a.seq < b.seq));
    leases = new binary_heap_1.BinaryHeap((a, b) => a.expiresAt < b.expiresAt);
    constructor(name) {
        this.name = name;
        this.executions = new memory_executions_1.MemoryExecutions(name);
    }
    nextSeq() {
        return ++this.seqCounter;
    }
    insert(entry, now) {
        this.jobs.set(entry.id, entry);
        this.all.add(entry.id, entry.createdSeq);
        this.byStatus[entry.status].add(entry.id, entry.seq);
        entry.enteredAt = now;
        this.pushRef(entry);
        const ex = entry.record.executionId;
        if (ex !== undefined)
            this.executions.addJob(ex, entry.id, entry.status, now);
    }
    /** Moves a job to another state index (or re-enters the same one with a new seq). */
    place(entry, status, now, leaseExpiresAt) {
        const ex = entry.record.executionId;
        if (ex !== undefined)
            this.executions.move(ex, entry.status, status, now);
        this.byStatus[entry.status].delete(entry.id);
        this.dropHolder(entry);
        entry.status = status;
        entry.seq = this.nextSeq();
        entry.enteredAt = now;
        entry.leaseExpiresAt = leaseExpiresAt;
        entry.record.status = status;
        this.byStatus[status].add(entry.id, entry.seq);
        this.pushRef(entry);
    }
    hold(entry, workerId) {
        entry.holder = workerId;
        let set = this.held.get(workerId);
        if (!set)
            this.held.set(workerId, (set = new Set()));
        set.add(entry.id);
    }
    /** A new lease expiry for a running job (heartbeat). */
    extendLease(entry, expiresAt) {
        entry.leaseExpiresAt = expiresAt;
        this.leases.push({ id: entry.id, expiresAt, seq: entry.seq });
        this.maybeCompactLeases();
    }
    /** Deletes a job and every trace of it (retention). */
    remove(entry) {
        this.jobs.delete(entry.id);
        this.all.delete(entry.id);
        this.byStatus[entry.status].delete(entry.id);
        this.dropHolder(entry);
        const key = entry.record.idempotencyKey;
        if (key !== undefined && this.idempotency.get(key) === entry.id)
            this.idempotency.delete(key);
    }
    /** The next pending job by priority then FIFO, taken off the heap. */
    takeNextPending() {
        for (let ref = this.pending.pop(); ref; ref = this.pending.pop()) {
            const entry = this.liveEntry(ref.id, 'pending', ref.seq);
            if (entry)
                return entry;
        }
        return undefined;
    }
    /** The earliest scheduled job whose runAt is at or before `now`, taken off the heap. */
    takeDueScheduled(now) {
        for (let ref = this.scheduled.peek(); ref && ref.runAt <= now; ref = this.scheduled.peek()) {
            this.scheduled.pop();
            const entry = this.liveEntry(ref.id, 'scheduled', ref.seq);
            if (entry)
                return entry;
        }
        return undefined;
    }
    /** runAt of the earliest scheduled job, dropping dead refs on the way. */
    nextDueAt() {
        for (let ref = this.scheduled.peek(); ref; ref = this.scheduled.peek()) {
            if (this.byStatus.scheduled.seqOf(ref.id) === ref.seq && this.jobs.has(ref.id))
                return ref.runAt;
            this.scheduled.pop();
            this.liveEntry(ref.id, 'scheduled', ref.seq);
        }
        return undefined;
    }
    /** A running job whose lease expired at or before `now`, taken off the heap. */
    takeExpiredLease(now) {
        for (let ref = this.leases.peek(); ref && ref.expiresAt <= now; ref = this.leases.peek()) {
            this.leases.pop();
            const entry = this.liveEntry(ref.id, 'running', ref.seq);
            if (entry && entry.leaseExpiresAt === ref.expiresAt)
                return entry;
        }
        return undefined;
    }
    /**
     * The entry a heap ref points at, when the ref is current. A current ref whose record is gone
     * (deleted under the index) is dropped from the indexes here, so the store keeps working.
     */
    liveEntry(id, status, seq) {
        if (this.byStatus[status].seqOf(id) !== seq)
            return undefined;
        const entry = this.jobs.get(id);
        if (!entry) {
            this.byStatus[status].delete(id);
            this.all.delete(id);
        }
        return entry;
    }
    pushRef(entry) {
        const { id, seq } = entry;
        if (entry.status === 'pending') {
            this.pending.push({ id, seq, priority: finiteOr(entry.record.priority, 0) });
            if (this.pending.size > COMPACT_MIN && this.pending.size > 2 * this.byStatus.pending.size) {
                this.pending.compact((r) => this.byStatus.pending.seqOf(r.id) === r.seq);
            }
        }
        else if (entry.status === 'scheduled') {
            this.scheduled.push({ id, seq, runAt: finiteOr(entry.record.runAt, 0) });
            if (this.scheduled.size > COMPACT_MIN && this.scheduled.size > 2 * this.byStatus.scheduled.size) {
                this.scheduled.compact((r) => this.byStatus.scheduled.seqOf(r.id) === r.seq);
            }
        }
        else if (entry.status === 'running' && entry.leaseExpiresAt !== undefined) {
            this.extendLease(entry, entry.leaseExpiresAt);
        }
    }
    maybeCompactLeases() {
        if (this.leases.size > COMPACT_MIN && this.leases.size > 2 * this.byStatus.running.size) {
            this.leases.compact((r) => {
                const entry = this.jobs.get(r.id);
                // a ref whose record is gone stays, so that reaping finds the id and drops it
                return this.byStatus.running.seqOf(r.id) === r.seq && (!entry || entry.leaseExpiresAt === r.expiresAt);
            });
        }
    }
    dropHolder(entry) {
        if (entry.holder === undefined)
            return;
        const set = this.held.get(entry.holder);
        set?.delete(entry.id);
        if (set && set.size === 0)
            this.held.delete(entry.holder);
        entry.holder = undefined;
    }
}
exports.MemoryQueue = MemoryQueue;
//# sourceMappingURL=memory-queue.js.map