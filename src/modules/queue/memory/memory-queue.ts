import { JOB_STATUSES, JobStatus } from '../../../domain/job';
import { BinaryHeap } from './binary-heap';
import { MemoryExecutions } from './memory-executions';
import { MemoryJobRecord } from './memory-job-record';
import { SequenceIndex } from './sequence-index';
import { WorkWaiters } from './work-waiters';

/** A job and where it sits. The index fields are the truth; the record is data (and may be damaged). */
export interface MemoryJobEntry {
  readonly id: string;
  readonly queue: string;
  readonly createdSeq: number;
  record: MemoryJobRecord;
  /** The state index the job is in. */
  status: JobStatus;
  /** Sequence number of its entry into that index: FIFO order, and the key of lazy heap deletion. */
  seq: number;
  enteredAt: number;
  leaseExpiresAt?: number;
  /** The worker whose held-lease set lists this job while it runs. */
  holder?: string;
}

interface PendingRef {
  id: string;
  priority: number;
  seq: number;
}
interface ScheduledRef {
  id: string;
  runAt: number;
  seq: number;
}
interface LeaseRef {
  id: string;
  expiresAt: number;
  seq: number;
}

const COMPACT_MIN = 1024;

/** Heap keys must be numbers even when a record was damaged, or the heap order breaks. */
function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * Every index of one queue. Invariant: a live job is a member of exactly one status index, named
 * by `entry.status`; the pending, scheduled and lease heaps hold refs that are live only while
 * they match the entry's current seq (and lease expiry), so moves never search a heap.
 */
export class MemoryQueue {
  readonly jobs = new Map<string, MemoryJobEntry>();
  readonly all = new SequenceIndex();
  readonly byStatus = Object.fromEntries(JOB_STATUSES.map((s) => [s, new SequenceIndex()])) as Record<JobStatus, SequenceIndex>;
  readonly idempotency = new Map<string, string>();
  /** worker id -> last registry heartbeat */
  readonly workers = new Map<string, number>();
  /** worker id -> ids of the jobs it holds a lease on */
  readonly held = new Map<string, Set<string>>();
  readonly waiters = new WorkWaiters();
  /** Execution counters: every status change below moves them, as the Lua scripts do. */
  readonly executions: MemoryExecutions;

  private seqCounter = 0;
  private readonly pending = new BinaryHeap<PendingRef>((a, b) => a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq));
  private readonly scheduled = new BinaryHeap<ScheduledRef>((a, b) => a.runAt < b.runAt || (a.runAt === b.runAt && a.seq < b.seq));
  private readonly leases = new BinaryHeap<LeaseRef>((a, b) => a.expiresAt < b.expiresAt);

  constructor(readonly name: string) {
    this.executions = new MemoryExecutions(name);
  }

  nextSeq(): number {
    return ++this.seqCounter;
  }

  insert(entry: MemoryJobEntry, now: number): void {
    this.jobs.set(entry.id, entry);
    this.all.add(entry.id, entry.createdSeq);
    this.byStatus[entry.status].add(entry.id, entry.seq);
    entry.enteredAt = now;
    this.pushRef(entry);
    const ex = entry.record.executionId;
    if (ex !== undefined) this.executions.addJob(ex, entry.id, entry.status, now);
  }

  /** Moves a job to another state index (or re-enters the same one with a new seq). */
  place(entry: MemoryJobEntry, status: JobStatus, now: number, leaseExpiresAt?: number): void {
    const ex = entry.record.executionId;
    if (ex !== undefined) this.executions.move(ex, entry.status, status, now);
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

  hold(entry: MemoryJobEntry, workerId: string): void {
    entry.holder = workerId;
    let set = this.held.get(workerId);
    if (!set) this.held.set(workerId, (set = new Set()));
    set.add(entry.id);
  }

  /** A new lease expiry for a running job (heartbeat). */
  extendLease(entry: MemoryJobEntry, expiresAt: number): void {
    entry.leaseExpiresAt = expiresAt;
    this.leases.push({ id: entry.id, expiresAt, seq: entry.seq });
    this.maybeCompactLeases();
  }

  /** Deletes a job and every trace of it (retention). */
  remove(entry: MemoryJobEntry): void {
    this.jobs.delete(entry.id);
    this.all.delete(entry.id);
    this.byStatus[entry.status].delete(entry.id);
    this.dropHolder(entry);
    const key = entry.record.idempotencyKey;
    if (key !== undefined && this.idempotency.get(key) === entry.id) this.idempotency.delete(key);
  }

  /** The next pending job by priority then FIFO, taken off the heap. */
  takeNextPending(): MemoryJobEntry | undefined {
    for (let ref = this.pending.pop(); ref; ref = this.pending.pop()) {
      const entry = this.liveEntry(ref.id, 'pending', ref.seq);
      if (entry) return entry;
    }
    return undefined;
  }

  /** The earliest scheduled job whose runAt is at or before `now`, taken off the heap. */
  takeDueScheduled(now: number): MemoryJobEntry | undefined {
    for (let ref = this.scheduled.peek(); ref && ref.runAt <= now; ref = this.scheduled.peek()) {
      this.scheduled.pop();
      const entry = this.liveEntry(ref.id, 'scheduled', ref.seq);
      if (entry) return entry;
    }
    return undefined;
  }

  /** runAt of the earliest scheduled job, dropping dead refs on the way. */
  nextDueAt(): number | undefined {
    for (let ref = this.scheduled.peek(); ref; ref = this.scheduled.peek()) {
      if (this.byStatus.scheduled.seqOf(ref.id) === ref.seq && this.jobs.has(ref.id)) return ref.runAt;
      this.scheduled.pop();
      this.liveEntry(ref.id, 'scheduled', ref.seq);
    }
    return undefined;
  }

  /**
   * A running job whose lease expired strictly before `now`, taken off the heap. A lease is still
   * good at its expiry instant, as in reap.lua (ZRANGEBYSCORE -inf (now).
   */
  takeExpiredLease(now: number): MemoryJobEntry | undefined {
    for (let ref = this.leases.peek(); ref && ref.expiresAt < now; ref = this.leases.peek()) {
      this.leases.pop();
      const entry = this.liveEntry(ref.id, 'running', ref.seq);
      if (entry && entry.leaseExpiresAt === ref.expiresAt) return entry;
    }
    return undefined;
  }

  /**
   * The entry a heap ref points at, when the ref is current. A current ref whose record is gone
   * (deleted under the index) is dropped from the indexes here, so the store keeps working.
   */
  private liveEntry(id: string, status: JobStatus, seq: number): MemoryJobEntry | undefined {
    if (this.byStatus[status].seqOf(id) !== seq) return undefined;
    const entry = this.jobs.get(id);
    if (!entry) {
      this.byStatus[status].delete(id);
      this.all.delete(id);
    }
    return entry;
  }

  private pushRef(entry: MemoryJobEntry): void {
    const { id, seq } = entry;
    if (entry.status === 'pending') {
      this.pending.push({ id, seq, priority: finiteOr(entry.record.priority, 0) });
      if (this.pending.size > COMPACT_MIN && this.pending.size > 2 * this.byStatus.pending.size) {
        this.pending.compact((r) => this.byStatus.pending.seqOf(r.id) === r.seq);
      }
    } else if (entry.status === 'scheduled') {
      this.scheduled.push({ id, seq, runAt: finiteOr(entry.record.runAt, 0) });
      if (this.scheduled.size > COMPACT_MIN && this.scheduled.size > 2 * this.byStatus.scheduled.size) {
        this.scheduled.compact((r) => this.byStatus.scheduled.seqOf(r.id) === r.seq);
      }
    } else if (entry.status === 'running' && entry.leaseExpiresAt !== undefined) {
      this.extendLease(entry, entry.leaseExpiresAt);
    }
  }

  private maybeCompactLeases(): void {
    if (this.leases.size > COMPACT_MIN && this.leases.size > 2 * this.byStatus.running.size) {
      this.leases.compact((r) => {
        const entry = this.jobs.get(r.id);
        // a ref whose record is gone stays, so that reaping finds the id and drops it
        return this.byStatus.running.seqOf(r.id) === r.seq && (!entry || entry.leaseExpiresAt === r.expiresAt);
      });
    }
  }

  private dropHolder(entry: MemoryJobEntry): void {
    if (entry.holder === undefined) return;
    const set = this.held.get(entry.holder);
    set?.delete(entry.id);
    if (set && set.size === 0) this.held.delete(entry.holder);
    entry.holder = undefined;
  }
}
