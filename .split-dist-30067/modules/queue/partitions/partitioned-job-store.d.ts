import { GroupStore } from '../group-store';
import { Clock } from '../../../domain/clock';
import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { EnqueueResult, HeartbeatOutcome, Job, Lease, NewJob, QueueCounts } from '../../../domain/job';
import { JobEventSources } from '../events/job-event-sources';
import { ClaimResult, CompleteRequest, EventSourceOptions, EventsTrimResult, ExecutionPage, FailRequest, JobStore, ListPage, ListQuery, ReapResult, RefreshBacklog, EventBacklog, RetentionPolicy, SettleOutcome } from '../job-store';
import { StoreHealth } from '../store-health';
import { ScheduleStore } from '../schedule-store';
import { WorkerDirectory } from '../worker-directory';
import { QueueStatsStore } from '../queue-stats-store';
import { OldestPending } from '../../../domain/queue-stats';
import { PartitionHost } from './partition-host';
import { PartitionLayout } from './partition-layout';
import { AuditStore } from '../audit-store';
export type PartitionableStore = JobStore & PartitionHost;
export interface PartitionedJobStoreOptions {
    /**
     * The partition count this instance is configured with for `queue` (QUEUES / QUEUE_PARTITIONS),
     * or undefined for a queue it does not configure (it then reads the fleet's layout only).
     */
    partitionsOf: (queue: string) => number | undefined;
    clock?: Clock;
    /** How often a queue's layout is read again (another instance may have changed the count). */
    layoutRefreshMs?: number;
    /**
     * How long after the count was lowered a removed partition may be forgotten (once empty). An
     * instance whose layout is older than half of it reads it again before it writes, so by then
     * none writes there.
     */
    retireGuardMs?: number;
    random?: () => number;
}
/** Default of layoutRefreshMs. */
export declare const LAYOUT_REFRESH_MS = 5000;
/** Default of retireGuardMs. */
export declare const RETIRE_GUARD_MS = 60000;
/**
 * A staged bulk (see stagedWrite): the writer decides within STAGE_DECIDE_MS of staging, upkeep
 * settles a stage STAGE_DEADLINE_MS after it (so clocks may drift by the difference), and the
 * decision is kept STAGE_DECISION_KEEP_MS after that.
 */
export declare const STAGE_DECIDE_MS = 20000;
export declare const STAGE_DEADLINE_MS = 30000;
/**
 * One queue over many partitions (queue-partition.ts): the JobStore the rest of claimq uses, over
 * a store whose queues are partitions. A queue of one partition (and nothing left to drain) goes
 * straight through, so a queue that is not partitioned costs one map lookup per call.
 *
 * - Enqueue: a job with an idempotency key goes to the partition its key hashes to (jump hash), so
 *   de-duplication stays global; the other jobs of a call go with the first keyed job, or where
 *   the first job's id hashes to, so one call is one script on one slot (a bulk whose keys hash to
 *   several partitions is one script per partition: see writeGroups). When the
 *   write made work claimable in a partition that had none, raised its best priority or brought
 *   a due time forward, the queue's board (in partition 0) is told, and in the first and last case
 *   a waiting worker is woken (a token on partition 0's wake list, where they wait): see
 *   reportEnqueue.
 * - Claim: see PartitionBoard. A claim that followed a wake-up, or promoted jobs, and left work
 *   behind reports it and wakes the next idle worker, as the first partition's scripts do.
 * - An execution lives in one partition: its counters change in the same script as its jobs.
 * - Job and execution ids name their partition, so reads, cancels and retries need no lookup.
 * - Upkeep (reaper, trims, refresh) visits every partition within one budget for the queue; jobs
 *   read back name their queue. Partitions beyond a lowered count are forgotten once empty
 *   (retireRemoved). docs/architecture.md, "Partitioned queues", gives the reasons.
 */
export declare class PartitionedJobStore extends JobStore {
    private readonly inner;
    private readonly options;
    private readonly clock;
    private readonly random;
    private readonly refreshMs;
    private readonly retireGuardMs;
    private readonly layouts;
    private readonly loading;
    private readonly boards;
    /** Per queue: partitions claimed from or heartbeated in since the registry and stray checks last ran. */
    private readonly touched;
    private readonly strayCursor;
    /** Per queue: the partition the next budgeted upkeep call starts at. */
    private readonly upkeepCursor;
    /** Per partitioned queue: whether it has a rate limit (partition 0's settings, read with the layout). */
    private readonly rateLimited;
    constructor(inner: PartitionableStore, options: PartitionedJobStoreOptions);
    /** The store's two-phase writes, when it has them (Redis: partitions can fail apart). */
    private get staging();
    get health(): StoreHealth;
    /** Fairness settings: partitioned-groups.ts says where each lives. */
    readonly groups: GroupStore;
    /** Schedules are not partitioned: they live in the store under the partitions. */
    /** A partitioned queue's stats live under the queue's own name: partition 0, whose name it is. */
    get stats(): QueueStatsStore;
    get schedules(): ScheduleStore;
    /** Worker processes are not partitioned: one entry per process, in the store under the partitions. */
    get workers(): WorkerDirectory;
    /** Nor is the audit trail. */
    get audit(): AuditStore;
    /** The store under the partitions (its queues are partitions). */
    get partitionStore(): PartitionableStore;
    /** The layout of `queue` as this instance knows it, loaded (and for a configured queue, set up) on first use. */
    layout(queue: string): Promise<PartitionLayout>;
    /** Reads `queue`'s layout again now (as every refresh interval does), for what changed it elsewhere. */
    refreshLayout(queue: string): Promise<PartitionLayout>;
    enqueue(jobs: NewJob[]): Promise<EnqueueResult[]>;
    get(id: string): Promise<Job | null>;
    list(query: ListQuery): Promise<ListPage>;
    claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult>;
    /** Claims up to `max` jobs over the partitions as the board plans them, into `jobs`. */
    private claimPartitions;
    private readBoard;
    heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]>;
    /**
     * Strays are looked for in the partitions this instance claimed from since the last look (a
     * claim whose reply was lost can only have left leases there) and in one more, in turn.
     */
    strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]>;
    complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]>;
    /** A retry (pending at once, or scheduled) is announced like a release: any worker may take it. */
    fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]>;
    release(queue: string, leases: Lease[]): Promise<SettleOutcome[]>;
    cancel(id: string): Promise<Job>;
    retry(id: string): Promise<Job>;
    promote(id: string): Promise<Job>;
    /**
     * A key lives in its home under the current count or an earlier one, or (a named group's job)
     * in its group's partition, which the key alone does not tell: every partition's key index is
     * read (one HGET each, at once), and the job found first in that order of homes is the answer.
     */
    findByIdempotencyKey(queue: string, key: string): Promise<Job | null>;
    /** Also the step that forgets a removed partition once it is empty (retireRemoved). */
    reapExpired(queue: string, limit: number): Promise<ReapResult>;
    /**
     * Stages whose writer did not come back by their deadline (it crashed, or lost its connection):
     * committed when their coordinating partition holds the decision, rolled back when it does not.
     * One read per partition per pass, and only for a store that stages.
     */
    private settleStages;
    /**
     * After the count was lowered: the last partition beyond it, once the guard time has passed and
     * it holds nothing (drained by claims, the reaper and trims like any other), is deleted and
     * forgotten; one a pass, last first, so the names stay contiguous. Costs nothing while no
     * partition is beyond the count.
     */
    private retireRemoved;
    /**
     * Partition 0 last: it holds the registry the reaper reads silent workers from, and forgets a
     * worker there only when the budget reached it, so after every other partition ended the
     * worker's leases.
     */
    reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult>;
    promoteDue(queue: string, limit: number): Promise<number>;
    trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number>;
    /** Partition after partition within one budget of events looked at; the drops name the queue. */
    trimEvents(queue: string, limit: number): Promise<EventsTrimResult>;
    /** The oldest of the partitions' oldest (the first partition's on a tie). */
    oldestPending(queue: string): Promise<OldestPending>;
    counts(queue: string): Promise<QueueCounts>;
    /**
     * Queues, not partitions. Their layouts are loaded on the way, so that what asks for the queues
     * and then for their lanes (the history writer, eventSources) sees every partition.
     */
    queues(): Promise<string[]>;
    /**
     * In the queue's first partition, where the reaper looks for silent workers, and in every
     * partition this instance claimed from or renewed leases in lately: reap-workers there skips a
     * worker whose registry entry is fresh, in the same script that would end its leases.
     */
    registerWorker(queue: string, workerId: string): Promise<void>;
    unregisterWorker(queue: string, workerId: string): Promise<void>;
    silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]>;
    /**
     * Waits on the first partition's wake list, where every partition's writers wake the queue's
     * workers; the claim after it reads the board first.
     */
    waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void>;
    createExecution(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord>;
    getExecution(id: string): Promise<ExecutionRecord | null>;
    /**
     * Every partition's page after the same position (execution-list-cursor.ts), merged newest
     * first: the position is one of the global order, so it stays right whichever partition the
     * next execution comes from. One read per partition per page.
     */
    listExecutions(queue: string, limit: number, cursor?: string): Promise<ExecutionPage>;
    listExecutionJobs(id: string, limit: number, cursor?: string): Promise<ListPage>;
    cancelExecution(id: string): Promise<ExecutionRecord>;
    /** Partition by partition until `max` are claimed: one refresh batch stays at most `max`. */
    claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]>;
    ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void>;
    requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number>;
    trimExecutions(queue: string, retentionMs: number, limit: number): Promise<number>;
    refreshBacklog(queue: string): Promise<RefreshBacklog>;
    /** The store's sources, one lane per partition where the store has one per queue; events name their queue. */
    eventSources(options: EventSourceOptions): JobEventSources;
    /** The partitions' backlogs added up; the oldest is the oldest of any partition. */
    eventBacklog(queue: string): Promise<EventBacklog>;
    close(): Promise<void>;
    private reload;
    /**
     * Reads the layout. The first load of a queue this instance configures sets the fleet's count
     * to its own and records any partition the count needs and the layout lacks (a suffix chosen by
     * the store, so partitions spread over a cluster's masters).
     */
    private load;
    /**
     * Reads the queue's settings (partition 0's) with its layout: whether claims budget a rate; and
     * when partitions are new to this instance, copies the pause and the groups' default cap to
     * those that lack them (a partition added after the queue was paused would not hold it).
     */
    private loadSettings;
    private board;
    private touch;
    /**
     * This process changed partition `index` (it released, reaped, retried, promoted or committed
     * there, or a setting changed): its own claims look there next; the partition's work, read with
     * its wake count bumped (so it outranks every sight before the change), goes on the board, and a
     * waiting worker is woken when there is work. Partition 0 needs neither: its scripts wake its
     * own list, and the board reads it live. Never throws: the change is made, and a report lost
     * (the store fails, or this process dies first) costs the sweep's wait.
     */
    private announce;
    /** A setting changed what may be claimed: every partition of the queue is worth a claim again. */
    private announceAll;
    private announcePartition;
    /** Keyed jobs whose key names a live job in the key's home under an earlier count: reported as that job. */
    private findMovedKeys;
    /**
     * The live job `key` names in a partition other than `except`: the key's home now (unless
     * `homeToo` is false) or under an earlier count. One read per such partition.
     */
    private liveKeyElsewhere;
    /**
     * Writes each partition's jobs in one script. Jobs of several partitions (a bulk whose keys hash
     * to several) are staged first where the store can fail between partitions (stagedWrite); the
     * memory store cannot, and writes them partition after partition.
     */
    private writeGroups;
    /**
     * New jobs in partition `index`. The board is told when they made work claimable where there was
     * none (and a waiting worker woken), raised the partition's best priority (busy workers claim
     * there first from their next read of the board), or brought its next due time forward (a
     * waiting worker woken, to wait for it instead). Anything else the board and the workers know
     * already: work there was claimable before, and was reported when it became so. Partition 0's
     * enqueue wakes its own list, and the board reads it live. A report that fails (the jobs are
     * stored) costs what a lost wake-up costs: the sweep's wait.
     */
    private reportEnqueue;
    /**
     * A bulk whose jobs lie in several partitions, all or nothing across them, in two phases:
     * 1. every partition stages its jobs (stage.lua: written and keyed, not enqueued); a failure
     *    rolls back what was staged and throws: nothing is left;
     * 2. the first partition (the coordinator) commits its jobs and records the decision in the same
     *    script (unless STAGE_DECIDE_MS have passed: then everything is rolled back and it throws);
     *    from then on the bulk stands: the other partitions commit now, and one that fails to is
     *    committed by upkeep after the stage's deadline (settleStages), so the caller is answered
     *    with every job. A failure of the decision itself (its reply lost) leaves the stage to
     *    upkeep, which settles every partition by whether the decision is there, and throws.
     */
    private stagedWrite;
    /** Items of a queue's leases grouped by the partition their id names, one call per partition, outcomes in the items' order. */
    private byPartition;
    private each;
    /**
     * Upkeep with a budget of `limit` items for the whole queue: partition after partition, each
     * given what the ones before left, starting one partition further on each call (so a partition
     * with more than the budget cannot hold the others back for good); `rootLast` keeps partition
     * 0 for the end. One command per partition visited, and none once the budget is spent.
     */
    private budgeted;
    /** A count-returning upkeep step within one budget for the queue (straight through for one partition). */
    private withBudget;
    private reapEach;
}
