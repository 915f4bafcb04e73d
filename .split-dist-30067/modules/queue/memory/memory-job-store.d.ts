import { MemoryGroups } from './memory-groups';
import { MemorySchedules } from './memory-schedules';
import { MemoryWorkerDirectory } from './memory-worker-directory';
import { MemoryAuditLog } from './memory-audit-log';
import { MemoryQueueStats } from './memory-queue-stats';
import { Clock } from '../../../domain/clock';
import { OldestPending } from '../../../domain/queue-stats';
import { EnqueueResult, HeartbeatOutcome, Job, Lease, NewJob, QueueCounts } from '../../../domain/job';
import { ClaimResult, CompleteRequest, EventsTrimResult, ExecutionPage, FailRequest, JobStore, ListPage, ListQuery, ReapResult, RefreshBacklog, EventBacklog, RetentionPolicy, SettleOutcome } from '../job-store';
import { JobEventSources } from '../events/job-event-sources';
import { StoreHealth } from '../store-health';
import { MemoryEventLog } from './memory-event-log';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';
import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { BoardRead, EnqueueReport, PartitionClaim, PartitionHost, StoredLayout } from '../partitions/partition-host';
import { PartitionWork } from '../partitions/partition-board';
export interface MemoryJobStoreOptions {
    clock?: Clock;
    configuredQueues?: string[];
    /**
     * HISTORY_BACKLOG_MAX_MB in bytes: what the event outbox (`events`) may hold for the history
     * writer; beyond it the oldest events are dropped and recorded as a gap (MemoryEventLog).
     */
    historyBacklogMaxBytes?: number;
    /**
     * Whether to record events at all (default true). Only the history writer reads them: a store
     * without one (no DATABASE_URL) keeps none, instead of holding its budget of them forever.
     */
    keepEvents?: boolean;
    /** Jitter source of the backoff; tests pass a fixed one. */
    random?: () => number;
    /** HARD_TIMEOUT_GRACE_MS: no lease outlives startedAt + timeoutMs + this grace. */
    hardTimeoutGraceMs?: number;
    /**
     * SUCCEEDED_RETENTION_MS=0: complete deletes the job (record and idempotency key) instead of
     * keeping it in `succeeded`; its `succeeded` event still records it for history. A job with a
     * callbackUrl or an executionId is kept anyway, as complete.lua does. Default false.
     */
    deleteSucceeded?: boolean;
    /**
     * HTTP_HOST_CONCURRENCY: the cap of every host group (`host:<host>`) that has no cap of its own,
     * never above it even when the queue's groupConcurrency is higher (fairness.ts). 0 (default): none.
     */
    hostConcurrency?: number;
    /** AUDIT_MAX_ENTRIES: the audit trail's cap. Default 10,000. */
    auditMaxEntries?: number;
}
/**
 * The single-process JobStore: every index in memory, every operation synchronous (so atomic)
 * behind the async contract. What `npm start` runs with nothing else installed.
 */
export declare class MemoryJobStore extends JobStore implements PartitionHost {
    /** Every state change, for the history writer to drain. */
    readonly events: MemoryEventLog;
    private readonly keepEvents;
    private readonly clock;
    private readonly random;
    private readonly graceMs;
    private readonly deleteSucceeded;
    private readonly hostConcurrency;
    private readonly configuredQueues;
    private readonly queueStates;
    /** Queues that have held a job (a worker waiting on a queue does not make it one). */
    private readonly usedQueues;
    /** Partition layouts and partitioned queues' boards (partition-host.ts). */
    private readonly layouts;
    private readonly boards;
    private closed;
    constructor(options?: MemoryJobStoreOptions);
    enqueue(jobs: NewJob[]): Promise<EnqueueResult[]>;
    enqueuePartition(jobs: NewJob[]): Promise<EnqueueReport>;
    private enqueueInto;
    get(id: string): Promise<Job | null>;
    /** Newest first in the chosen index: entry into the status when filtered, creation otherwise. */
    list(query: ListQuery): Promise<ListPage>;
    claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult>;
    claimPartition(partition: string, workerId: string, max: number, leaseMs: number, budgeted: boolean): Promise<PartitionClaim>;
    takeRateTokens(partition: string, max: number): Promise<{
        taken: number;
        nextAt?: number;
    }>;
    refundRateTokens(partition: string, tokens: number): Promise<void>;
    private rejoinListener;
    onGroupsRejoined(listener: (partition: string) => void): void;
    private claimWith;
    heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]>;
    strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]>;
    complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]>;
    fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]>;
    release(queue: string, leases: Lease[]): Promise<SettleOutcome[]>;
    cancel(id: string): Promise<Job>;
    retry(id: string): Promise<Job>;
    promote(id: string): Promise<Job>;
    reapExpired(queue: string, limit: number): Promise<ReapResult>;
    /**
     * A reaped worker that holds no lease any more leaves the registry too, so the reaper does not
     * meet the same dead worker on every pass (and crowd out newly silent ones under its limit).
     * A worker that registered at or after now - silentMs is alive again and skipped (reap-workers.lua).
     */
    reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult>;
    promoteDue(queue: string, limit: number): Promise<number>;
    /** The log drops at append, past its budget (MemoryEventLog); this reports what it dropped of `queue`. */
    trimEvents(queue: string): Promise<EventsTrimResult>;
    trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number>;
    counts(queue: string): Promise<QueueCounts>;
    /** The first job of the pending index (entry order, every group and priority): exact, O(1) amortised. */
    oldestPending(queue: string): Promise<OldestPending>;
    queues(): Promise<string[]>;
    registerWorker(queue: string, workerId: string): Promise<void>;
    unregisterWorker(queue: string, workerId: string): Promise<void>;
    silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]>;
    waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void>;
    waitForToken(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
    partitionWork(partition: string, touch: boolean): Promise<PartitionWork>;
    /** As board-report.lua. */
    reportWork(queue: string, index: number, work: PartitionWork, wake: boolean): Promise<void>;
    readBoard(queue: string): Promise<BoardRead>;
    readPartitionLayout(queue: string): Promise<StoredLayout>;
    /** As partitions-count.lua. */
    setPartitionCount(queue: string, count: number): Promise<StoredLayout>;
    /** As partition-drop.lua (the event log is the store's, not the partition's: nothing of it to wait for). */
    dropPartition(partition: string): Promise<boolean>;
    /** As partitions-retire.lua. */
    retirePartition(queue: string, index: number, guardMs: number): Promise<StoredLayout>;
    /** As partitions-add.lua. */
    addPartition(queue: string, index: number, k: number): Promise<StoredLayout>;
    /** One process: any free suffix, the smallest from `index` on. */
    partitionSuffix(_queue: string, index: number, taken: readonly number[]): number;
    findByIdempotencyKey(queue: string, key: string): Promise<Job | null>;
    createExecution(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord>;
    getExecution(id: string): Promise<ExecutionRecord | null>;
    listExecutions(queue: string, limit: number, cursor?: string): Promise<ExecutionPage>;
    listExecutionJobs(id: string, limit: number, cursor?: string): Promise<ListPage>;
    cancelExecution(id: string): Promise<ExecutionRecord>;
    claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]>;
    ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void>;
    requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number>;
    trimExecutions(queue: string, retentionMs: number, limit: number): Promise<number>;
    refreshBacklog(queue: string): Promise<RefreshBacklog>;
    eventSources(): JobEventSources;
    eventBacklog(queue: string): Promise<EventBacklog>;
    readonly health: StoreHealth;
    readonly schedules: MemorySchedules;
    readonly workers: MemoryWorkerDirectory;
    readonly groups: MemoryGroups;
    readonly audit: MemoryAuditLog;
    readonly stats: MemoryQueueStats;
    close(): Promise<void>;
    /** `refuseTakenIds`: an id repeated in the batch or already stored is an error (createExecution). */
    private checkEnqueueBatch;
    /**
     * `replayed`: for a job no longer running whose token is still the presented one, the outcome
     * of this same settle applied before (its reply lost, the batch sent again), or undefined: stale.
     */
    private settle;
    /** startedAt + timeoutMs + grace; a damaged record counts from now with the default timeout, as the scripts do. */
    private hardDeadlineOf;
    /** The job a lease names, when the lease is its current one: running, same token. */
    private currentLease;
    private expire;
    private promoteDueJobs;
    private executionQueue;
    private record;
    private queueFor;
    private findEntry;
    /** The job's queue and entry; JobNotFoundError when the store holds no such job. */
    protected requireEntry(id: string): {
        q: MemoryQueue;
        entry: MemoryJobEntry;
    };
}
