import { JobStatus } from '../../../domain/job';
import { GroupRound } from './group-round';
import { MemoryGroup } from './memory-group';
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
/**
 * Every index of one queue. Invariant: a live job is a member of exactly one status index, named
 * by `entry.status`; the pending (one heap per group, in `round`), scheduled and lease heaps hold
 * refs that are live only while they match the entry's current seq (and lease expiry), so moves
 * never search a heap. Every job entering or leaving pending or running is reported to `round`,
 * which keeps each group's counts and its place in the round.
 */
export declare class MemoryQueue {
    readonly name: string;
    readonly jobs: Map<string, MemoryJobEntry>;
    readonly all: SequenceIndex;
    readonly byStatus: Record<JobStatus, SequenceIndex>;
    readonly idempotency: Map<string, string>;
    /** worker id -> last registry heartbeat */
    readonly workers: Map<string, number>;
    /** worker id -> ids of the jobs it holds a lease on */
    readonly held: Map<string, Set<string>>;
    readonly waiters: WorkWaiters;
    /** Execution counters: every status change below moves them, as the Lua scripts do. */
    readonly executions: MemoryExecutions;
    /** The queue's groups, their pending jobs, and which a claim serves next. */
    readonly round: GroupRound;
    private seqCounter;
    private readonly scheduled;
    private readonly leases;
    /** `hostConcurrency`: the cap of host groups (0: none), fairness.ts. */
    constructor(name: string, hostConcurrency?: number, 
    /** A group held at its cap rejoined the round (the store tells a partitioned queue's workers). */
    onGroupRejoined?: () => void);
    nextSeq(): number;
    insert(entry: MemoryJobEntry, now: number): void;
    /** Moves a job to another state index (or re-enters the same one with a new seq). */
    place(entry: MemoryJobEntry, status: JobStatus, now: number, leaseExpiresAt?: number): void;
    hold(entry: MemoryJobEntry, workerId: string): void;
    /** A new lease expiry for a running job (heartbeat). */
    extendLease(entry: MemoryJobEntry, expiresAt: number): void;
    /** Deletes a job and every trace of it (retention). */
    remove(entry: MemoryJobEntry, now: number): void;
    /** The group's next pending job (priority, then FIFO) when its priority is `minPriority` or more, taken off the group's heap. */
    takePending(group: MemoryGroup, minPriority: number): MemoryJobEntry | undefined;
    /** The earliest scheduled job whose runAt is at or before `now`, taken off the heap. */
    takeDueScheduled(now: number): MemoryJobEntry | undefined;
    /** runAt of the earliest scheduled job, dropping dead refs on the way. */
    nextDueAt(): number | undefined;
    /**
     * A running job whose lease expired strictly before `now`, taken off the heap. A lease is still
     * good at its expiry instant, as in reap.lua (ZRANGEBYSCORE -inf (now).
     */
    takeExpiredLease(now: number): MemoryJobEntry | undefined;
    /**
     * The entry a heap ref points at, when the ref is current. A current ref whose record is gone
     * (deleted under the index) is dropped from the indexes here, so the store keeps working; its
     * group (`group`, as the ref names it) counts it out.
     */
    private liveEntry;
    /** The group's best ref whose job is pending and present; dead refs are dropped on the way. */
    private headOf;
    /** A job of `group` left `status`: the group counts it out. */
    private left;
    private pushRef;
    private maybeCompactLeases;
    private dropHolder;
}
