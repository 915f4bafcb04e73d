import { isFinal, JOB_STATUSES, JobStatus } from '../../../domain/job';
import { BinaryHeap } from './binary-heap';
import { GroupRound } from './group-round';
import { MemoryGroup, PendingRef } from './memory-group';
import { MemoryExecutions } from './memory-executions';
import { MemoryJobRecord } from './memory-job-record';
import { SequenceIndex } from './sequence-index';
import { WorkWaiters } from './work-waiters';

/** A job and where it sits. The index fields are the truth; the record is data (and may be damaged). */
export interface MemoryJobEntry {
  readonly id: string;
  readonly queue: string;
  /** The job's group ('' for the default group): fixed for the job's life, so the group indexes need not trust the record. */
  readonly group: string;
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

interface ScheduledRef {
  id: string;
  runAt: number;
  seq: number;
}
interface LeaseRef {
  id: string;
  expiresAt: number;
  seq: number;
  group: string;
}

const COMPACT_MIN = 1024;

/** Heap keys must be numbers even when a record was damaged, or the heap order breaks. */
function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * Every index of one queue. Invariant: a live job is a member of exactly one status index, named
 * by `entry.status`; the pending (one heap per group, in `round`), scheduled and lease heaps hold
 * refs that are live only while they match the entry's current seq (and lease expiry), so moves
 * never search a heap. Every job entering or leaving pending or running is reported to `round`,
 * which keeps each group's counts and its place in the round.
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
  /** The queue's groups, their pending jobs, and which a claim serves next. */
  readonly round: GroupRound;

  /**
   * Execution jobs that reached a final status with children to settle, in order, and when
   * (memory-graph.ts settles them as the call's events are recorded).
   */
  readonly graphEnds: { id: string; status: JobStatus; at: number }[] = [];
  /** Set while an execution is cancelled: the blocked children of what it ends are cancelled too. */
  graphCancels = false;

  private seqCounter = 0;
  // equal runAt: by id, as Redis orders a sorted set's equal scores (the stores promote alike)
  private readonly scheduled = new BinaryHeap<ScheduledRef>((a, b) => a.runAt < b.runAt || (a.runAt === b.runAt && (a.id < b.id || (a.id === b.id && a.seq < b.seq))));
  /** The reapers went quiet here while nothing ran (MemoryUpkeep.quiet): the next hold, or a job scheduled sooner than every other, tells `reap`. */
  reapersQuiet = false;
  leased: (() => void) | undefined;
  private readonly leases = new BinaryHeap<LeaseRef>((a, b) => a.expiresAt < b.expiresAt || (a.expiresAt === b.expiresAt && a.id < b.id));

  /** `hostConcurrency`: the cap of host groups (0: none), fairness.ts. */
  constructor(
    readonly name: string,
    hostConcurrency = 0,
  ) {
    this.executions = new MemoryExecutions(name);
    this.round = new GroupRound(hostConcurrency, {
      head: (group) => this.headOf(group),
      isLive: (ref) => this.byStatus.pending.seqOf(ref.id) === ref.seq,
      wake: () => this.waiters.wakeAll(),
    });
  }

  nextSeq(): number {
    return ++this.seqCounter;
  }

  insert(entry: MemoryJobEntry, now: number): void {
    this.jobs.set(entry.id, entry);
    this.all.add(entry.id, entry.createdSeq);
    this.byStatus[entry.status].add(entry.id, entry.seq);
    entry.enteredAt = now;
    this.pushRef(entry, now);
    const ex = entry.record.executionId;
    if (ex !== undefined) this.executions.addJob(ex, entry.id, entry.status, now);
  }

  /** Moves a job to another state index (or re-enters the same one with a new seq). */
  place(entry: MemoryJobEntry, status: JobStatus, now: number, leaseExpiresAt?: number): void {
    const ex = entry.record.executionId;
    if (ex !== undefined) this.executions.move(ex, entry.status, status, now);
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
    if (ex !== undefined && isFinal(status) && entry.record.graph?.childIds.length) this.graphEnds.push({ id: entry.id, status, at: now });
  }

  hold(entry: MemoryJobEntry, workerId: string): void {
    if (this.reapersQuiet) this.callReapersBack();
    entry.holder = workerId;
    let set = this.held.get(workerId);
    if (!set) this.held.set(workerId, (set = new Set()));
    set.add(entry.id);
  }

  private callReapersBack(): void {
    this.reapersQuiet = false;
    this.leased?.();
  }

  /** A new lease expiry for a running job (heartbeat). */
  extendLease(entry: MemoryJobEntry, expiresAt: number): void {
    entry.leaseExpiresAt = expiresAt;
    this.leases.push({ id: entry.id, expiresAt, seq: entry.seq, group: entry.group });
    this.maybeCompactLeases();
  }

  /** Deletes a job and every trace of it (retention). */
  remove(entry: MemoryJobEntry, now: number): void {
    this.jobs.delete(entry.id);
    this.all.delete(entry.id);
    this.byStatus[entry.status].delete(entry.id);
    this.left(entry.group, entry.status, now);
    this.dropHolder(entry);
    const key = entry.record.idempotencyKey;
    if (key !== undefined && this.idempotency.get(key) === entry.id) this.idempotency.delete(key);
  }

  /** The group's next pending job (priority, then FIFO) when its priority is `minPriority` or more, taken off the group's heap. */
  takePending(group: MemoryGroup, minPriority: number): MemoryJobEntry | undefined {
    const ref = this.headOf(group);
    if (!ref || ref.priority < minPriority) return undefined;
    group.jobs.pop();
    return this.jobs.get(ref.id);
  }

  /** The earliest scheduled job whose runAt is at or before `now`, taken off the heap. */
  takeDueScheduled(now: number): MemoryJobEntry | undefined {
    for (let ref = this.scheduled.peek(); ref && ref.runAt <= now; ref = this.scheduled.peek()) {
      this.scheduled.pop();
      const entry = this.liveEntry(ref.id, 'scheduled', ref.seq, '', now);
      if (entry) return entry;
    }
    return undefined;
  }

  /** runAt of the earliest scheduled job, dropping dead refs on the way. */
  nextDueAt(): number | undefined {
    for (let ref = this.scheduled.peek(); ref; ref = this.scheduled.peek()) {
      if (this.byStatus.scheduled.seqOf(ref.id) === ref.seq && this.jobs.has(ref.id)) return ref.runAt;
      this.scheduled.pop();
      this.liveEntry(ref.id, 'scheduled', ref.seq, '', 0);
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
      const entry = this.liveEntry(ref.id, 'running', ref.seq, ref.group, now);
      if (entry && entry.leaseExpiresAt === ref.expiresAt) return entry;
    }
    return undefined;
  }

  /**
   * The entry a heap ref points at, when the ref is current. A current ref whose record is gone
   * (deleted under the index) is dropped from the indexes here, so the store keeps working; its
   * group (`group`, as the ref names it) counts it out.
   */
  private liveEntry(id: string, status: JobStatus, seq: number, group: string, now: number): MemoryJobEntry | undefined {
    if (this.byStatus[status].seqOf(id) !== seq) return undefined;
    const entry = this.jobs.get(id);
    if (!entry) {
      this.byStatus[status].delete(id);
      this.all.delete(id);
      this.left(group, status, now);
    }
    return entry;
  }

  /** The group's best ref whose job is pending and present; dead refs are dropped on the way. */
  private headOf(group: MemoryGroup): PendingRef | undefined {
    for (let ref = group.jobs.peek(); ref; ref = group.jobs.peek()) {
      if (this.byStatus.pending.seqOf(ref.id) === ref.seq && this.jobs.has(ref.id)) return ref;
      group.jobs.pop();
      this.liveEntry(ref.id, 'pending', ref.seq, group.name, 0);
    }
    return undefined;
  }

  /** A job of `group` left `status`: the group counts it out. */
  private left(group: string, status: JobStatus, now: number): void {
    if (status === 'pending') this.round.pendingLeft(group);
    else if (status === 'running') this.round.runningEnded(group, now);
  }

  private pushRef(entry: MemoryJobEntry, now: number): void {
    const { id, seq } = entry;
    if (entry.status === 'pending') {
      this.round.pendingAdded(entry.group, { id, seq, priority: finiteOr(entry.record.priority, 0) }, now);
    } else if (entry.status === 'running') {
      this.round.runningStarted(entry.group);
      if (entry.leaseExpiresAt !== undefined) this.extendLease(entry, entry.leaseExpiresAt);
    } else if (entry.status === 'scheduled') {
      const runAt = finiteOr(entry.record.runAt, 0);
      // quiet reapers come back for a job due sooner than every other (as includes/index-writes.lua)
      if (this.reapersQuiet && runAt < (this.nextDueAt() ?? Number.POSITIVE_INFINITY)) this.callReapersBack();
      this.scheduled.push({ id, seq, runAt });
      if (this.scheduled.size > COMPACT_MIN && this.scheduled.size > 2 * this.byStatus.scheduled.size) {
        this.scheduled.compact((r) => this.byStatus.scheduled.seqOf(r.id) === r.seq);
      }
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
