"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryQueue = void 0;
const job_1 = require("../../../domain/job");
const binary_heap_1 = require("./binary-heap");
const group_round_1 = require("./group-round");
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
 * by `entry.status`; the pending (one heap per group, in `round`), scheduled and lease heaps hold
 * refs that are live only while they match the entry's current seq (and lease expiry), so moves
 * never search a heap. Every job entering or leaving pending or running is reported to `round`,
 * which keeps each group's counts and its place in the round.
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
    /** The queue's groups, their pending jobs, and which a claim serves next. */
    round;
    seqCounter = 0;
    scheduled = new binary_heap_1.BinaryHeap((a, b) => a.runAt < b.runAt || (a.runAt === b.runAt && a.seq < b.seq));
    leases = new binary_heap_1.BinaryHeap((a, b) => a.expiresAt < b.expiresAt);
    /** `hostConcurrency`: the cap of host groups (0: none), fairness.ts. */
    constructor(name, hostConcurrency = 0, 
    /** A group held at its cap rejoined the round (the store tells a partitioned queue's workers). */
    onGroupRejoined = () => undefined) {
        this.name = name;
        this.executions = new memory_executions_1.MemoryExecutions(name);
        this.round = new group_round_1.GroupRound(hostConcurrency, {
            head: (group) => this.headOf(group),
            isLive: (ref) => this.byStatus.pending.seqOf(ref.id) === ref.seq,
            wake: () => this.waiters.wakeAll(),
            rejoined: onGroupRejoined,
        });
    }
    nextSeq() {
        return ++this.seqCounter;
    }
    insert(entry, now) {
        this.jobs.set(entry.id, entry);
        this.all.add(entry.id, entry.createdSeq);
        this.byStatus[entry.status].add(entry.id, entry.seq);
        entry.enteredAt = now;
        this.pushRef(entry, now);
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
        const from = entry.status;
        entry.status = status;
        entry.seq = this.nextSeq();
        entry.enteredAt = now;
        entry.leaseExpiresAt = leaseExpiresAt;
        entry.record.status = status;
        this.byStatus[status].add(entry.id, entry.seq);
        this.left(entry.group, from, now);
        this.pushRef(entry, now);
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
        this.leases.push({ id: entry.id, expiresAt, seq: entry.seq, group: entry.group });
        this.maybeCompactLeases();
    }
    /** Deletes a job and every trace of it (retention). */
    remove(entry, now) {
        this.jobs.delete(entry.id);
        this.all.delete(entry.id);
        this.byStatus[entry.status].delete(entry.id);
        this.left(entry.group, entry.status, now);
        this.dropHolder(entry);
        const key = entry.record.idempotencyKey;
        if (key !== undefined && this.idempotency.get(key) === entry.id)
            this.idempotency.delete(key);
    }
    /** The group's next pending job (priority, then FIFO) when its priority is `minPriority` or more, taken off the group's heap. */
    takePending(group, minPriority) {
        const ref = this.headOf(group);
        if (!ref || ref.priority < minPriority)
            return undefined;
        group.jobs.pop();
        return this.jobs.get(ref.id);
    }
    /** The earliest scheduled job whose runAt is at or before `now`, taken off the heap. */
    takeDueScheduled(now) {
        for (let ref = this.scheduled.peek(); ref && ref.runAt <= now; ref = this.scheduled.peek()) {
            this.scheduled.pop();
            const entry = this.liveEntry(ref.id, 'scheduled', ref.seq, '', now);
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
            this.liveEntry(ref.id, 'scheduled', ref.seq, '', 0);
        }
        return undefined;
    }
    /**
     * A running job whose lease expired strictly before `now`, taken off the heap. A lease is still
     * good at its expiry instant, as in reap.lua (ZRANGEBYSCORE -inf (now).
     */
    takeExpiredLease(now) {
        for (let ref = this.leases.peek(); ref && ref.expiresAt < now; ref = this.leases.peek()) {
            this.leases.pop();
            const entry = this.liveEntry(ref.id, 'running', ref.seq, ref.group, now);
            if (entry && entry.leaseExpiresAt === ref.expiresAt)
                return entry;
        }
        return undefined;
    }
    /**
     * The entry a heap ref points at, when the ref is current. A current ref whose record is gone
     * (deleted under the index) is dropped from the indexes here, so the store keeps working; its
     * group (`group`, as the ref names it) counts it out.
     */
    liveEntry(id, status, seq, group, now) {
        if (this.byStatus[status].seqOf(id) !== seq)
            return undefined;
        const entry = this.jobs.get(id);
        if (!entry) {
            this.byStatus[status].delete(id);
            this.all.delete(id);
            this.left(group, status, now);
        }
        return entry;
    }
    /** The group's best ref whose job is pending and present; dead refs are dropped on the way. */
    headOf(group) {
        for (let ref = group.jobs.peek(); ref; ref = group.jobs.peek()) {
            if (this.byStatus.pending.seqOf(ref.id) === ref.seq && this.jobs.has(ref.id))
                return ref;
            group.jobs.pop();
            this.liveEntry(ref.id, 'pending', ref.seq, group.name, 0);
        }
        return undefined;
    }
    /** A job of `group` left `status`: the group counts it out. */
    left(group, status, now) {
        if (status === 'pending')
            this.round.pendingLeft(group);
        else if (status === 'running')
            this.round.runningEnded(group, now);
    }
    pushRef(entry, now) {
        const { id, seq } = entry;
        if (entry.status === 'pending') {
            this.round.pendingAdded(entry.group, { id, seq, priority: finiteOr(entry.record.priority, 0) }, now);
        }
        else if (entry.status === 'running') {
            this.round.runningStarted(entry.group);
            if (entry.leaseExpiresAt !== undefined)
                this.extendLease(entry, entry.leaseExpiresAt);
        }
        else if (entry.status === 'scheduled') {
            this.scheduled.push({ id, seq, runAt: finiteOr(entry.record.runAt, 0) });
            if (this.scheduled.size > COMPACT_MIN && this.scheduled.size > 2 * this.byStatus.scheduled.size) {
                this.scheduled.compact((r) => this.byStatus.scheduled.seqOf(r.id) === r.seq);
            }
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