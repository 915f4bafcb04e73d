import { GroupStore } from '../group-store';
import { RedisSchedules } from './redis-schedules';
import { RedisWorkerDirectory } from './redis-worker-directory';
import { RedisAuditLog } from './redis-audit-log';
import { RedisQueueStats } from './redis-queue-stats';
import { OldestPending } from '../../../domain/queue-stats';
import { Clock } from '../../../domain/clock';
import { EnqueueResult, HeartbeatOutcome, Job, Lease, NewJob, QueueCounts } from '../../../domain/job';
import { ClaimResult, CompleteRequest, EventSourceOptions, EventsTrimResult, ExecutionPage, FailRequest, JobStore, ListPage, ListQuery, ReapResult, RefreshBacklog, EventBacklog, RetentionPolicy, SettleOutcome } from '../job-store';
import { RedisClient } from './redis-connection';
import type { ClusterSeed } from '../../../config/redis-cluster-nodes';
import { StoreHealth } from '../store-health';
import { JobEventSources } from '../events/job-event-sources';
import { RedisServerInfo } from './redis-server-info';
import { ReplicaWait } from './redis-scripts';
import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { BoardRead, EnqueueReport, PartitionClaim, PartitionHost, StagedResult, StagingHost, StoredLayout } from '../partitions/partition-host';
import { PartitionWork } from '../partitions/partition-board';
export interface RedisJobStoreOptions {
    /** One Redis server, or a Redis Cluster (createClusterClient). */
    redis: RedisClient;
    prefix: string;
    clock?: Clock;
    configuredQueues?: string[];
    /** EVENTS_MAXLEN: about how many acknowledged events each stream keeps (events-trim.lua). */
    eventsMaxLen?: number;
    /** HISTORY_BACKLOG_MAX_MB in bytes: what one stream may hold before unread events are dropped as a gap. Default 1 GiB. */
    historyBacklogMaxBytes?: number;
    /** HARD_TIMEOUT_GRACE_MS: no lease outlives startedAt + timeoutMs + this grace. */
    hardTimeoutGraceMs?: number;
    /** REDIS_ALLOW_EVICTION: readiness accepts a Redis whose eviction policy may drop job keys. */
    allowEviction?: boolean;
    /**
     * SUCCEEDED_RETENTION_MS=0: complete deletes the job (hash and idempotency key) instead of
     * keeping it in `succeeded`; its `succeeded` event still records it for history. A job with a
     * callbackUrl or an executionId is kept anyway (see complete.lua). Default false.
     */
    deleteSucceeded?: boolean;
    /**
     * REDIS_WAIT_REPLICAS / REDIS_WAIT_TIMEOUT_MS: enqueues, executions and completions are
     * acknowledged only once this many replicas hold them (WAIT). Default: none (replicas == 0).
     */
    replicaWait?: ReplicaWait;
    /** A cluster's seed nodes (REDIS_CLUSTER_NODES), which the start check names and asks why, when the cluster does not answer. */
    clusterSeeds?: ClusterSeed[];
    /** HTTP_HOST_CONCURRENCY: the cap of host groups (`host:<host>`) without one of their own; 0 or absent = none. */
    hostConcurrency?: number;
    /** AUDIT_MAX_ENTRIES: the audit trail's cap. Default 10,000. */
    auditMaxEntries?: number;
    /**
     * Tracing is on: a claim returns each job's stored trace context (its run span's parent). Off
     * (default), claim.lua does not read those fields: nothing is stored then anyway.
     */
    traceContext?: boolean;
}
/**
 * The JobStore on Redis: every state change is one Lua script over one queue's keys (one hash
 * slot), batched per call. See src/lua for the scripts and redis-job-codec.ts for the job hash.
 */
export declare class RedisJobStore extends JobStore implements PartitionHost, StagingHost {
    private readonly redis;
    private readonly replicaWait;
    private readonly clusterSeeds;
    private readonly prefix;
    private readonly clock;
    private readonly configuredQueues;
    private readonly eventsMaxLen;
    private readonly historyBacklogMaxBytes;
    private readonly graceMs;
    /** complete.lua's ARGV[3]. */
    private readonly deleteSucceededFlag;
    private readonly scripts;
    private readonly availability;
    private readonly lister;
    private readonly waiter;
    private readonly executions;
    private readonly keyCache;
    private readonly registeredQueues;
    readonly health: StoreHealth;
    readonly schedules: RedisSchedules;
    readonly groups: GroupStore;
    readonly workers: RedisWorkerDirectory;
    readonly audit: RedisAuditLog;
    readonly stats: RedisQueueStats;
    /** HTTP_HOST_CONCURRENCY: host groups' cap (claim.lua's ARGV[8]; 0 = none). */
    private readonly hostConcurrency;
    /** claim.lua's ARGV[10]: return the jobs' trace context (tracing on). */
    private readonly traceContextFlag;
    constructor(options: RedisJobStoreOptions);
    enqueue(jobs: NewJob[]): Promise<EnqueueResult[]>;
    enqueuePartition(jobs: NewJob[]): Promise<EnqueueReport>;
    /** enqueue.lua or enqueue-partition.lua (the same arguments; the reply's first item lists the jobs not created). */
    private enqueueWith;
    get(id: string): Promise<Job | null>;
    list(query: ListQuery): Promise<ListPage>;
    claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult>;
    claimPartition(partition: string, workerId: string, max: number, leaseMs: number, budgeted: boolean): Promise<PartitionClaim>;
    takeRateTokens(partition: string, max: number): Promise<{
        taken: number;
        nextAt?: number;
    }>;
    refundRateTokens(partition: string, tokens: number): Promise<void>;
    private claimWith;
    heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]>;
    strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]>;
    complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]>;
    /** Called with a queue (a partition) where a settle or reap put a group held at its cap back in the round. */
    private rejoinListener;
    onGroupsRejoined(listener: (queue: string) => void): void;
    /** A settle script's outcomes, less the trailing 'rejoined' it adds when a group rejoined the round. */
    private settled;
    fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]>;
    release(queue: string, leases: Lease[]): Promise<SettleOutcome[]>;
    cancel(id: string): Promise<Job>;
    retry(id: string): Promise<Job>;
    promote(id: string): Promise<Job>;
    reapExpired(queue: string, limit: number): Promise<ReapResult>;
    reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult>;
    promoteDue(queue: string, limit: number): Promise<number>;
    trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number>;
    trimEvents(queue: string, limit: number): Promise<EventsTrimResult>;
    counts(queue: string): Promise<QueueCounts>;
    /** oldest-pending.lua: the heads of the default group's structures and of up to OLDEST_PENDING_GROUPS named groups'. */
    oldestPending(queue: string): Promise<OldestPending>;
    queues(): Promise<string[]>;
    registerWorker(queue: string, workerId: string): Promise<void>;
    unregisterWorker(queue: string, workerId: string): Promise<void>;
    silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]>;
    waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void>;
    waitForToken(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
    partitionWork(partition: string, touch: boolean): Promise<PartitionWork>;
    reportWork(queue: string, index: number, work: PartitionWork, wake: boolean): Promise<void>;
    readBoard(queue: string): Promise<BoardRead>;
    readPartitionLayout(queue: string): Promise<StoredLayout>;
    setPartitionCount(queue: string, count: number): Promise<StoredLayout>;
    stageJobs(partition: string, stageId: string, deadline: number, jobs: NewJob[]): Promise<StagedResult[]>;
    commitStage(partition: string, stageId: string, decide?: {
        by: number;
        keepUntil: number;
    }): Promise<{
        committed: number;
    } | null>;
    rollbackStage(partition: string, stageId: string): Promise<number>;
    expiredStages(partition: string, limit: number): Promise<string[]>;
    isCommitted(partition: string, stageId: string): Promise<boolean>;
    forgetCommits(partition: string): Promise<void>;
    dropPartition(partition: string): Promise<boolean>;
    retirePartition(queue: string, index: number, guardMs: number): Promise<StoredLayout>;
    addPartition(queue: string, index: number, k: number): Promise<StoredLayout>;
    /**
     * On one server any free suffix (the smallest from `index` on). On a Redis Cluster the first
     * free suffix whose slot's master, as ioredis knows the slot map now, holds the fewest of the
     * queue's partitions: N partitions then spread evenly over the masters (each master's share of
     * a queue is what bench:cluster measures).
     */
    partitionSuffix(queue: string, index: number, taken: readonly number[]): number;
    findByIdempotencyKey(queue: string, key: string): Promise<Job | null>;
    /** Version and memory settings of the server (INFO; on a cluster, of every master), for the start check and readiness. */
    serverInfo(): Promise<RedisServerInfo>;
    /**
     * Readiness: PING on the command connection; on a cluster, CLUSTER INFO must say
     * cluster_state:ok and the slot of every queue must answer a read on its master (a cluster that
     * is ok overall may still have a slot whose master is failing over). StoreUnavailableError names
     * what failed.
     */
    ping(): Promise<void>;
    /**
     * The start check of a cluster: it must answer (its slot map read from a seed node) and be
     * cluster_state:ok, or claimq does not start. A single server that cannot be reached at start is
     * left to readiness instead (it may be starting too); a cluster that cannot be reached is most
     * often a wrong REDIS_CLUSTER_NODES.
     */
    checkTopology(timeoutMs: number): Promise<void>;
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
    /** One stream per queue, each read on a connection of its own (a copy of this store's settings). */
    eventSources(options: EventSourceOptions): JobEventSources;
    /**
     * The queue's stream as the history consumer group sees it: entries delivered and not acknowledged
     * (XPENDING) and entries not delivered yet (the group's lag), with the time of the oldest of
     * either (an entry id starts with the Redis time it was added). Three reads of the queue's slot;
     * before the writer made the group, the whole stream is behind.
     */
    eventBacklog(queue: string): Promise<EventBacklog>;
    close(): Promise<void>;
    private changeOne;
    /**
     * `now` is passed when the caller also uses it, so the script and the reply agree on the time.
     * With `wait`, the reply comes once that many replicas hold the write (RedisScripts.runDurable).
     */
    private run;
    private keys;
    private registerQueue;
}
