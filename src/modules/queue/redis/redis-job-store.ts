import { GroupStore } from '../group-store';
import { RedisGroups } from './redis-groups';
import { RedisSchedules } from './redis-schedules';
import { RedisWorkerDirectory } from './redis-worker-directory';
import { RedisAuditLog } from './redis-audit-log';
import { DEFAULT_AUDIT_MAX_ENTRIES } from '../audit-store';
import { RedisQueueStats } from './redis-queue-stats';
import { OldestPending } from '../../../domain/queue-stats';
import { withinTimeout } from '../../../common/within-timeout';
import { Clock, systemClock } from '../../../domain/clock';
import { DEFAULT_HARD_TIMEOUT_GRACE_MS, hardDeadline, leaseUntil } from '../../../domain/hard-time-limit';
import { randomBytes } from 'node:crypto';
import calculateSlot from 'cluster-key-slot';
import { InvalidJobSpecError, isStoreRefusal, JobNotFoundError, storeRefusalError, StoreUnavailableError } from '../../../domain/errors';
import { ClaimedJob, EnqueueResult, HeartbeatOutcome, Job, JOB_STATUSES, Lease, NewJob, QueueCounts } from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';
import {
  ClaimResult,
  CompleteRequest,
  EventSourceOptions,
  EventsTrimResult,
  ExecutionPage,
  FailRequest,
  JobStore,
  ListPage,
  ListQuery,
  ReapResult,
  RefreshBacklog,
  EventBacklog,
  RetentionPolicy,
  SettleOutcome,
} from '../job-store';
import { RedisAvailability } from './redis-availability';
import { diagnoseClusterSeeds, duplicateRedisClient, isCluster, RedisClient } from './redis-connection';
import type { ClusterSeed } from '../../../config/redis-cluster-nodes';
import { RedisStoreHealth } from './redis-store-health';
import { StoreHealth } from '../store-health';
import { JobEventSources } from '../events/job-event-sources';
import { RedisJobEventSources } from '../events/redis-job-event-sources';
import { HISTORY_CONSUMER_GROUP } from '../events/redis-job-event-source';
import { readEventBacklog } from '../events/redis-event-backlog';
import { claimedJobHash, decodeJob, encodeNewJob, pairsToHash } from './redis-job-codec';
import { RedisJobLister } from './redis-job-lister';
import { AUDIT_KEY_SPACE, queueSetKey, RedisQueueKeys, SCHEDULES_KEY_SPACE, WORKERS_KEY_SPACE } from './redis-queue-keys';
import { readClusterInfo, readClusterServerInfo, readRedisServerInfo, RedisServerInfo } from './redis-server-info';
import { RedisScripts, ReplicaWait, ScriptName } from './redis-scripts';
import { RedisWakeWaiter } from './redis-wake-waiter';
import { RedisExecutions } from './redis-executions';
import { decodeExecutionCursor } from '../execution-list-cursor';
import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { partitionName } from '../../../domain/queue-partition';
import { BoardRead, EnqueueReport, PartitionClaim, PartitionHost, StagedResult, StagingHost, StoredLayout } from '../partitions/partition-host';
import { PartitionWork, workFromBoardEntry, workFromReply } from '../partitions/partition-board';

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
  /** Jitter source of the backoff (fail.lua's per-item jitter); tests pass a fixed one. */
  random?: () => number;
}

/** How long readiness on a cluster may take in all, below the probe's own timeout (HEALTH_CHECK_TIMEOUT_MS, 1 s). */
const CLUSTER_PING_BUDGET_MS = 700;

/** HISTORY_BACKLOG_MAX_MB's default, in bytes. */
const DEFAULT_HISTORY_BACKLOG_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * oldest-pending.lua's bounds: named groups, priority tiers per zset and entries per list it looks
 * at (dead entries of cancelled priority-0 jobs are passed). Past them it answers `approximate`.
 */
const OLDEST_PENDING_GROUPS = 200;
const OLDEST_PENDING_TIERS = 32;
const OLDEST_PENDING_LIST_ENTRIES = 64;

/** Scheduled jobs a claim promotes before popping: bounds the claim script's work. */
const CLAIM_PROMOTE_LIMIT = 1_000;

/**
 * The JobStore on Redis: every state change is one Lua script over one queue's keys (one hash
 * slot), batched per call. See src/lua for the scripts and redis-job-codec.ts for the job hash.
 */
export class RedisJobStore extends JobStore implements PartitionHost, StagingHost {
  private readonly redis: RedisClient;
  private readonly replicaWait: ReplicaWait | undefined;
  private readonly clusterSeeds: ClusterSeed[];
  private readonly prefix: string;
  private readonly clock: Clock;
  private readonly configuredQueues: string[];
  private readonly eventsMaxLen: number;
  private readonly historyBacklogMaxBytes: number;
  private readonly graceMs: number;
  /** complete.lua's ARGV[3]. */
  private readonly deleteSucceededFlag: '0' | '1';
  private readonly scripts: RedisScripts;
  private readonly availability: RedisAvailability;
  private readonly lister: RedisJobLister;
  private readonly waiter: RedisWakeWaiter;
  private readonly executions: RedisExecutions;
  private readonly keyCache = new Map<string, RedisQueueKeys>();
  private readonly registeredQueues = new Set<string>();
  readonly health: StoreHealth;
  readonly schedules: RedisSchedules;
  readonly groups: GroupStore;
  readonly workers: RedisWorkerDirectory;
  readonly audit: RedisAuditLog;
  readonly stats: RedisQueueStats;
  /** HTTP_HOST_CONCURRENCY: host groups' cap (claim.lua's ARGV[8]; 0 = none). */
  private readonly hostConcurrency: number;
  /** claim.lua's ARGV[10]: return the jobs' trace context (tracing on). */
  private readonly traceContextFlag: '0' | '1';
  private readonly random: () => number;

  constructor(options: RedisJobStoreOptions) {
    super();
    this.redis = options.redis;
    this.clusterSeeds = options.clusterSeeds ?? [];
    this.replicaWait = options.replicaWait && options.replicaWait.replicas > 0 ? options.replicaWait : undefined;
    this.prefix = options.prefix;
    this.clock = options.clock ?? systemClock;
    this.configuredQueues = options.configuredQueues ?? [];
    this.eventsMaxLen = options.eventsMaxLen ?? 100_000;
    this.historyBacklogMaxBytes = options.historyBacklogMaxBytes ?? DEFAULT_HISTORY_BACKLOG_MAX_BYTES;
    this.graceMs = options.hardTimeoutGraceMs ?? DEFAULT_HARD_TIMEOUT_GRACE_MS;
    this.deleteSucceededFlag = options.deleteSucceeded === true ? '1' : '0';
    this.traceContextFlag = options.traceContext === true ? '1' : '0';
    this.random = options.random ?? (() => Math.random());
    this.scripts = new RedisScripts(this.redis);
    this.availability = new RedisAvailability(this.redis);
    this.lister = new RedisJobLister(this.redis);
    this.waiter = new RedisWakeWaiter(this.redis);
    this.health = new RedisStoreHealth('redis', this, options.allowEviction === true);
    this.executions = new RedisExecutions(this.redis, (queue) => this.keys(queue), (script, queue, args, now) =>
      this.run(script, queue, args, now, script === 'create-execution' ? this.replicaWait : undefined),
    );
    this.hostConcurrency = options.hostConcurrency ?? 0;
    this.groups = new RedisGroups(
      this.redis,
      (queue) => this.keys(queue),
      (script, queue, args) => this.run(script, queue, args),
      (op) => this.availability.call(op),
      this.clock,
      this.hostConcurrency,
    );
    this.stats = new RedisQueueStats(this.redis, (queue) => this.keys(queue), (op) => this.availability.call(op));
    this.schedules = new RedisSchedules(
      this.redis,
      this.keys(SCHEDULES_KEY_SPACE),
      (script, args) => this.run(script, SCHEDULES_KEY_SPACE, args),
      (op) => this.availability.call(op),
    );
    this.workers = new RedisWorkerDirectory(
      this.redis,
      this.keys(WORKERS_KEY_SPACE),
      (script, args) => this.run(script, WORKERS_KEY_SPACE, args),
      (op) => this.availability.call(op),
      this.clock,
    );
    this.audit = new RedisAuditLog(
      this.redis,
      this.keys(AUDIT_KEY_SPACE),
      (now, args) => this.run('audit-append', AUDIT_KEY_SPACE, args, now),
      (op) => this.availability.call(op),
      options.auditMaxEntries ?? DEFAULT_AUDIT_MAX_ENTRIES,
    );
  }

  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    return (await this.enqueueWith('enqueue', jobs)).results;
  }

  async enqueuePartition(jobs: NewJob[]): Promise<EnqueueReport> {
    const { results, reply } = await this.enqueueWith('enqueue-partition', jobs);
    return { results, before: workFromReply(reply[1] as unknown[]), after: workFromReply(reply[2] as unknown[]) };
  }

  /** enqueue.lua or enqueue-partition.lua (the same arguments; the reply's first item lists the jobs not created). */
  private async enqueueWith(script: 'enqueue' | 'enqueue-partition', jobs: NewJob[]): Promise<{ results: StagedResult[]; reply: unknown[] }> {
    if (jobs.length === 0) return { results: [], reply: [[], [0, '', ''], [0, '', '']] };
    const queue = jobs[0].queue;
    if (jobs.some((j) => j.queue !== queue)) throw new InvalidJobSpecError('queue', 'must be the same for every job of one call');
    const now = this.clock.now();
    const args: (string | number)[] = [jobs.length];
    const encoded = jobs.map((job) => encodeNewJob(job, now));
    jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
    return this.availability.call(async () => {
      await this.registerQueue(queue);
      // the reply lists only the jobs not created (their idempotency key matched): {index, id, hash...}
      const reply = (await this.run(script, queue, args, now, this.replicaWait)) as unknown[];
      const results: (StagedResult | undefined)[] = new Array(jobs.length);
      for (const notCreated of reply[0] as unknown[][]) {
        const hash = pairsToHash(notCreated, 2);
        // a job a bulk across partitions has staged and not settled (stage.lua) may yet be rolled back
        results[Number(notCreated[0]) - 1] = { job: decodeJob(String(notCreated[1]), hash), created: false, ...(hash.stg !== undefined ? { inDoubt: true } : {}) };
      }
      for (let i = 0; i < jobs.length; i++) {
        results[i] ??= { job: decodeJob(jobs[i].id, pairsToHash(encoded[i]), queue), created: true };
      }
      return { results: results as StagedResult[], reply };
    });
  }

  async get(id: string): Promise<Job | null> {
    const queue = queueOfJobId(id);
    if (queue === undefined) return null;
    const hash = await this.availability.call(() => this.redis.hgetall(this.keys(queue).job(id)));
    return Object.keys(hash).length === 0 ? null : decodeJob(id, hash);
  }

  async list(query: ListQuery): Promise<ListPage> {
    return this.availability.call(() => this.lister.list(this.keys(query.queue), query));
  }

  async claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult> {
    return this.claimWith(queue, workerId, max, leaseMs, false, false);
  }

  async claimPartition(partition: string, workerId: string, max: number, leaseMs: number, budgeted: boolean): Promise<PartitionClaim> {
    return this.claimWith(partition, workerId, max, leaseMs, budgeted, true) as Promise<PartitionClaim>;
  }

  async takeRateTokens(partition: string, max: number): Promise<{ taken: number; nextAt?: number }> {
    const [taken, nextAt] = (await this.availability.call(() => this.run('rate-take', partition, [Math.max(0, Math.floor(max)), randomBytes(8).toString('hex')]))) as [number, number];
    return nextAt >= 0 ? { taken, nextAt } : { taken };
  }

  async refundRateTokens(partition: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    await this.availability.call(() => this.run('rate-refund', partition, [Math.floor(tokens), randomBytes(8).toString('hex')]));
  }

  private async claimWith(queue: string, workerId: string, max: number, leaseMs: number, budgeted: boolean, withWork: boolean): Promise<ClaimResult> {
    const now = this.clock.now();
    const count = Math.max(0, Math.floor(max));
    const args = [workerId, count, leaseMs, CLAIM_PROMOTE_LIMIT, this.graceMs, this.hostConcurrency, budgeted ? '1' : '0', this.traceContextFlag, withWork ? '1' : '0'];
    const [claimed, nextDueAt, , more, promoted, work] = (await this.availability.call(() => this.run('claim', queue, args, now))) as [
      unknown[][],
      number,
      number,
      number,
      number,
      unknown[] | undefined,
    ];
    const jobs = claimed.map((reply): ClaimedJob => {
      const token = Number(reply[1]);
      const hash = claimedJobHash(reply, workerId, now);
      const job = decodeJob(String(reply[0]), hash, queue);
      return { job, token, leaseExpiresAt: leaseUntil(now, leaseMs, hardDeadline(now, job.timeoutMs, this.graceMs)) };
    });
    const result: ClaimResult = jobs.length < count && nextDueAt >= 0 ? { jobs, nextDueAt } : { jobs };
    if (more === 1) result.more = true;
    if (promoted > 0) result.promoted = promoted;
    if (work) (result as PartitionClaim).work = workFromReply(work);
    return result;
  }

  async heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]> {
    if (leases.length === 0) return [];
    const args = [leaseMs, this.graceMs, ...leases.flatMap((l) => [l.id, l.token])];
    return this.availability.call(() => this.run('heartbeat', queue, args)) as Promise<HeartbeatOutcome[]>;
  }

  async strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]> {
    const keys = this.keys(queue);
    const reply = (await this.availability.call(() =>
      this.scripts.run('stray-leases', keys, [workerId, ...heldIds]),
    )) as string[];
    const leases: Lease[] = [];
    for (let i = 0; i + 1 < reply.length; i += 2) leases.push({ id: reply[i], token: Number(reply[i + 1]) });
    return leases;
  }

  async complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]> {
    if (items.length === 0) return [];
    const args: (string | number)[] = new Array(1 + items.length * 3);
    args[0] = this.deleteSucceededFlag;
    for (let i = 0, k = 1; i < items.length; i++, k += 3) {
      args[k] = items[i].id;
      args[k + 1] = items[i].token;
      args[k + 2] = items[i].resultJson ?? '';
    }
    return this.settled(queue, items.length, await this.availability.call(() => this.run('complete', queue, args, undefined, this.replicaWait)));
  }

  /** Called with a queue (a partition) where a settle or reap put a group held at its cap back in the round. */
  private rejoinListener: ((queue: string) => void) | undefined;

  onGroupsRejoined(listener: (queue: string) => void): void {
    this.rejoinListener = listener;
  }

  /** A settle script's outcomes, less the trailing 'rejoined' it adds when a group rejoined the round. */
  private settled(queue: string, count: number, reply: unknown): SettleOutcome[] {
    const outcomes = reply as string[];
    if (outcomes.length > count) {
      outcomes.length = count;
      this.rejoinListener?.(queue);
    }
    return outcomes as SettleOutcome[];
  }

  async fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]> {
    if (items.length === 0) return [];
    const args = items.flatMap((f) => [f.id, f.token, f.error, f.retryable ? '1' : '0', f.retryDelayMs ?? '', this.random(), f.stack ?? '']);
    return this.settled(queue, items.length, await this.availability.call(() => this.run('fail', queue, args)));
  }

  async release(queue: string, leases: Lease[]): Promise<SettleOutcome[]> {
    if (leases.length === 0) return [];
    const args = leases.flatMap((l) => [l.id, l.token]);
    return this.settled(queue, leases.length, await this.availability.call(() => this.run('release', queue, args)));
  }

  async cancel(id: string): Promise<Job> {
    return this.changeOne('cancel', id);
  }

  async retry(id: string): Promise<Job> {
    return this.changeOne('retry', id);
  }

  async promote(id: string): Promise<Job> {
    return this.changeOne('promote', id);
  }

  async reapExpired(queue: string, limit: number): Promise<ReapResult> {
    const reply = (await this.availability.call(() => this.run('reap', queue, [limit, this.graceMs]))) as string[][];
    if (Number(reply[4]) > 0) this.rejoinListener?.(queue);
    return reapResult(reply);
  }

  async reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult> {
    if (workerIds.length === 0) return { requeued: [], failed: [], cancelled: [] };
    const now = this.clock.now();
    const args = [limit, now - silentMs, ...workerIds];
    const reply = (await this.availability.call(() => this.run('reap-workers', queue, args, now))) as string[][];
    if (Number(reply[4]) > 0) this.rejoinListener?.(queue);
    return reapResult(reply);
  }

  async promoteDue(queue: string, limit: number): Promise<number> {
    return this.availability.call(() => this.run('promote', queue, [limit])) as Promise<number>;
  }

  async trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number> {
    const args = [limit, retention.succeededMs, retention.failedMs, retention.cancelledMs];
    return this.availability.call(() => this.run('trim', queue, args)) as Promise<number>;
  }

  async trimEvents(queue: string, limit: number): Promise<EventsTrimResult> {
    const args = [HISTORY_CONSUMER_GROUP, this.historyBacklogMaxBytes, Math.max(1, Math.floor(limit))];
    const [scanned, dropped, fromMs, toMs, gapEvents, more] = (await this.availability.call(() => this.run('events-trim', queue, args))) as number[];
    return {
      scanned,
      more: more === 1,
      dropped: dropped > 0 ? [{ queue, events: dropped, gap: { fromMs, toMs, events: gapEvents } }] : [],
    };
  }

  async counts(queue: string): Promise<QueueCounts> {
    const reply = (await this.availability.call(() => this.scripts.run('counts', this.keys(queue), []))) as number[];
    const counts = {} as QueueCounts;
    JOB_STATUSES.forEach((status, i) => (counts[status] = Number(reply[i])));
    return counts;
  }

  /** oldest-pending.lua: the heads of the default group's structures and of up to OLDEST_PENDING_GROUPS named groups'. */
  async oldestPending(queue: string): Promise<OldestPending> {
    const [id, since, approximate] = (await this.availability.call(() =>
      this.run('oldest-pending', queue, [OLDEST_PENDING_GROUPS, OLDEST_PENDING_TIERS, OLDEST_PENDING_LIST_ENTRIES]),
    )) as [string | null, string | null, number];
    const out: OldestPending = id ? { jobId: id, since: Number(since) } : { jobId: null, since: null };
    if (Number(approximate) === 1) out.approximate = true;
    return out;
  }

  async queues(): Promise<string[]> {
    const stored = await this.availability.call(() => this.redis.smembers(queueSetKey(this.prefix)));
    return [...new Set([...this.configuredQueues, ...stored])].sort();
  }

  async registerWorker(queue: string, workerId: string): Promise<void> {
    await this.availability.call(() => this.redis.zadd(this.keys(queue).workers, this.clock.now(), workerId));
  }

  async unregisterWorker(queue: string, workerId: string): Promise<void> {
    await this.availability.call(() => this.redis.zrem(this.keys(queue).workers, workerId));
  }

  async silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]> {
    const before = this.clock.now() - silentMs;
    return this.availability.call(() =>
      this.redis.zrangebyscore(this.keys(queue).workers, '-inf', `(${before}`, 'LIMIT', 0, limit),
    );
  }

  async waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    await this.availability.call(() => this.waiter.wait(this.keys(queue).wake, timeoutMs, signal));
  }

  // PartitionHost: what PartitionedJobStore needs beyond the contract (partition-host.ts)

  async waitForToken(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return (await this.availability.call(() => this.waiter.wait(this.keys(queue).wake, timeoutMs, signal))) !== undefined;
  }

  async partitionWork(partition: string, touch: boolean): Promise<PartitionWork> {
    return workFromReply((await this.availability.call(() => this.run('partition-work', partition, [touch ? '1' : '0']))) as unknown[]);
  }

  async reportWork(queue: string, index: number, work: PartitionWork, wake: boolean): Promise<void> {
    const args = [index, work.seq, work.top ?? '', work.dueAt ?? '', wake ? '1' : '0'];
    await this.availability.call(() => this.run('board-report', queue, args));
  }

  async readBoard(queue: string): Promise<BoardRead> {
    const [board, zero] = (await this.availability.call(() => this.run('board-read', queue, []))) as [string[], unknown[]];
    const reports = new Map<number, PartitionWork>();
    for (let i = 0; i + 1 < board.length; i += 2) {
      const work = workFromBoardEntry(board[i + 1]);
      if (work && /^\d+$/.test(board[i])) reports.set(Number(board[i]), work);
    }
    return { reports, zero: workFromReply(zero) };
  }

  async readPartitionLayout(queue: string): Promise<StoredLayout> {
    return this.availability.call(() => this.redis.hgetall(this.keys(queue).partitions));
  }

  async setPartitionCount(queue: string, count: number): Promise<StoredLayout> {
    return pairsToHash((await this.availability.call(() => this.run('partitions-count', queue, [count]))) as unknown[], 0);
  }

  // StagingHost: a bulk across partitions in two phases (partition-host.ts, stage*.lua)

  async stageJobs(partition: string, stageId: string, deadline: number, jobs: NewJob[]): Promise<StagedResult[]> {
    const now = this.clock.now();
    const args: (string | number)[] = [stageId, deadline, jobs.length];
    const encoded = jobs.map((job) => encodeNewJob(job, now));
    jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
    return this.availability.call(async () => {
      await this.registerQueue(partition);
      const notCreated = (await this.run('stage', partition, args, now)) as unknown[][];
      const results: (StagedResult | undefined)[] = new Array(jobs.length);
      for (const reply of notCreated) {
        const i = Number(reply[0]) - 1;
        const id = String(reply[1]);
        const hash = pairsToHash(reply, 2);
        // its own job (this call sent twice): staged by this stage, so created by it
        if (id === jobs[i].id && hash.stg === stageId) continue;
        results[i] = { job: decodeJob(id, hash), created: false, ...(hash.stg !== undefined ? { inDoubt: true } : {}) };
      }
      for (let i = 0; i < jobs.length; i++) {
        results[i] ??= { job: decodeJob(jobs[i].id, pairsToHash(encoded[i]), partition), created: true };
      }
      return results as StagedResult[];
    });
  }

  async commitStage(partition: string, stageId: string, decide?: { by: number; keepUntil: number }): Promise<{ committed: number } | null> {
    const args: (string | number)[] = decide ? [stageId, decide.by, decide.keepUntil] : [stageId];
    const [committed] = (await this.availability.call(() => this.run('stage-commit', partition, args, this.clock.now(), this.replicaWait))) as [number];
    return committed < 0 ? null : { committed };
  }

  async rollbackStage(partition: string, stageId: string): Promise<number> {
    return (await this.availability.call(() => this.run('stage-rollback', partition, [stageId]))) as number;
  }

  async expiredStages(partition: string, limit: number): Promise<string[]> {
    return this.availability.call(() => this.redis.zrangebyscore(this.keys(partition).stages, '-inf', this.clock.now(), 'LIMIT', 0, limit));
  }

  async isCommitted(partition: string, stageId: string): Promise<boolean> {
    return (await this.availability.call(() => this.redis.zscore(this.keys(partition).commits, stageId))) !== null;
  }

  async forgetCommits(partition: string): Promise<void> {
    await this.availability.call(() => this.redis.zremrangebyscore(this.keys(partition).commits, '-inf', this.clock.now()));
  }

  async dropPartition(partition: string): Promise<boolean> {
    return (await this.availability.call(() => this.run('partition-drop', partition, []))) === 1;
  }

  async retirePartition(queue: string, index: number, guardMs: number): Promise<StoredLayout> {
    return pairsToHash((await this.availability.call(() => this.run('partitions-retire', queue, [index, guardMs]))) as unknown[], 0);
  }

  async addPartition(queue: string, index: number, k: number): Promise<StoredLayout> {
    return pairsToHash((await this.availability.call(() => this.run('partitions-add', queue, [index, k]))) as unknown[], 0);
  }

  /**
   * On one server any free suffix (the smallest from `index` on). On a Redis Cluster the first
   * free suffix whose slot's master, as ioredis knows the slot map now, holds the fewest of the
   * queue's partitions: N partitions then spread evenly over the masters (each master's share of
   * a queue is what bench:cluster measures).
   */
  partitionSuffix(queue: string, index: number, taken: readonly number[]): number {
    const used = new Set(taken);
    const free = (k: number): boolean => k >= 1 && !used.has(k);
    const redis = this.redis;
    const masterOf = (k: number): string | undefined =>
      isCluster(redis) ? redis.slots[calculateSlot(this.keys(partitionName(queue, k)).seq)]?.[0] : undefined;
    const load = new Map<string, number>();
    if (isCluster(redis)) {
      for (const node of redis.nodes('master')) load.set(`${node.options.host}:${node.options.port}`, 0);
      for (const k of used) {
        const master = masterOf(k);
        if (master !== undefined) load.set(master, (load.get(master) ?? 0) + 1);
      }
    }
    let first = index;
    while (!free(first)) first++;
    if (load.size === 0) return first;
    const least = Math.min(...load.values());
    for (let k = first; k < first + 10_000; k++) {
      if (free(k) && load.get(masterOf(k) ?? '') === least) return k;
    }
    return first;
  }

  async findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    const keys = this.keys(queue);
    return this.availability.call(async () => {
      const id = await this.redis.hget(keys.idem, key);
      if (id === null) return null;
      const hash = await this.redis.hgetall(keys.job(id));
      return Object.keys(hash).length === 0 ? null : decodeJob(id, hash);
    });
  }

  /** Version and memory settings of the server (INFO; on a cluster, of every master), for the start check and readiness. */
  async serverInfo(): Promise<RedisServerInfo> {
    return this.availability.call(() => (isCluster(this.redis) ? readClusterServerInfo(this.redis) : readRedisServerInfo(this.redis)));
  }

  /**
   * Readiness: PING on the command connection; on a cluster, CLUSTER INFO must say
   * cluster_state:ok and the slot of every queue must answer a read on its master (a cluster that
   * is ok overall may still have a slot whose master is failing over). StoreUnavailableError names
   * what failed.
   */
  async ping(): Promise<void> {
    const redis = this.redis;
    if (!isCluster(redis)) {
      await this.availability.call(() => redis.ping());
      return;
    }
    // every step within one budget below the probe's timeout, so a 503 names the step that hung
    const until = Date.now() + CLUSTER_PING_BUDGET_MS;
    const answer = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
      try {
        return await withinTimeout(this.availability.call(work), Math.max(1, until - Date.now()));
      } catch (error) {
        throw new StoreUnavailableError(`${what} does not answer: ${(error as Error).message}`);
      }
    };
    const [info, stored] = await Promise.all([
      answer('Redis Cluster: CLUSTER INFO', () => redis.cluster('INFO')),
      answer(`the queue list (slot ${calculateSlot(queueSetKey(this.prefix))})`, () => redis.smembers(queueSetKey(this.prefix))),
    ]);
    const { state } = readClusterInfo(String(info));
    if (state !== 'ok') throw new StoreUnavailableError(`Redis Cluster is not ok: CLUSTER INFO says cluster_state:${state}`);
    const bySlot = new Map<number, string>();
    for (const queue of new Set([...this.configuredQueues, ...stored])) {
      const slot = calculateSlot(this.keys(queue).seq);
      if (!bySlot.has(slot)) bySlot.set(slot, queue);
    }
    await Promise.all([...bySlot].map(([slot, queue]) => answer(`queue ${queue} (slot ${slot})`, () => redis.exists(this.keys(queue).seq))));
  }

  /**
   * The start check of a cluster: it must answer (its slot map read from a seed node) and be
   * cluster_state:ok, or claimq does not start. A single server that cannot be reached at start is
   * left to readiness instead (it may be starting too); a cluster that cannot be reached is most
   * often a wrong REDIS_CLUSTER_NODES.
   */
  async checkTopology(timeoutMs: number): Promise<void> {
    const redis = this.redis;
    if (!isCluster(redis)) return;
    const seeds = this.clusterSeeds.map((seed) => `${seed.host}:${seed.port}`).join(', ') || 'the configured nodes';
    if (redis.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        let lastError = 'no answer';
        const onError = (error: Error): void => {
          lastError = error.message;
        };
        const timer = setTimeout(() => {
          redis.off('error', onError);
          redis.off('ready', onReady);
          // ask the seeds themselves why: not up, not a cluster node, or a cluster without slots
          void diagnoseClusterSeeds(this.clusterSeeds, redis.options.redisOptions ?? {}).then((why) =>
            reject(new Error(`REDIS_CLUSTER_NODES: no Redis Cluster answered at ${seeds} within ${timeoutMs} ms (${why ?? `no seed accepts a connection: ${lastError}`})`)),
          );
        }, timeoutMs);
        const onReady = (): void => {
          clearTimeout(timer);
          redis.off('error', onError);
          resolve();
        };
        redis.on('error', onError);
        redis.once('ready', onReady);
      });
    }
    let info: string;
    try {
      info = String(await redis.cluster('INFO'));
    } catch (error) {
      throw new Error(`REDIS_CLUSTER_NODES: CLUSTER INFO failed at ${seeds}: ${(error as Error).message}`);
    }
    const { state } = readClusterInfo(info);
    if (state !== 'ok') {
      throw new Error(`REDIS_CLUSTER_NODES: the Redis Cluster at ${seeds} is not ok (cluster_state:${state}); claimq starts once every slot has a master`);
    }
  }

  async createExecution(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord> {
    return this.availability.call(async () => {
      await this.registerQueue(execution.queue);
      return this.executions.create(execution, jobs, this.clock.now());
    });
  }

  async getExecution(id: string): Promise<ExecutionRecord | null> {
    return this.availability.call(() => this.executions.get(id));
  }

  async listExecutions(queue: string, limit: number, cursor?: string): Promise<ExecutionPage> {
    const after = decodeExecutionCursor(cursor);
    return this.availability.call(() => this.executions.list(queue, limit, after));
  }

  async listExecutionJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    return this.availability.call(() => this.executions.listJobs(id, limit, cursor));
  }

  async cancelExecution(id: string): Promise<ExecutionRecord> {
    return this.availability.call(() => this.executions.cancel(id));
  }

  async claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]> {
    return this.availability.call(() => this.executions.claimRefresh(queue, refresherId, max));
  }

  async ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void> {
    await this.availability.call(() => this.executions.ackRefresh(queue, refresherId, ids, callbacksEnqueued));
  }

  async requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number> {
    return this.availability.call(() => this.executions.requeueStale(queue, staleMs, limit));
  }

  async trimExecutions(queue: string, retentionMs: number, limit: number): Promise<number> {
    return this.availability.call(() => this.executions.trim(queue, retentionMs, limit));
  }

  async refreshBacklog(queue: string): Promise<RefreshBacklog> {
    return this.availability.call(() => this.executions.backlog(queue));
  }

  /** One stream per queue, each read on a connection of its own (a copy of this store's settings). */
  eventSources(options: EventSourceOptions): JobEventSources {
    return new RedisJobEventSources({
      connect: (name) => duplicateRedisClient(this.redis, { connectionName: name }),
      keysOf: (queue) => this.keys(queue),
      ...options,
    });
  }

  /**
   * The queue's stream as the history consumer group sees it: entries delivered and not acknowledged
   * (XPENDING) and entries not delivered yet (the group's lag), with the time of the oldest of
   * either (an entry id starts with the Redis time it was added). Three reads of the queue's slot;
   * before the writer made the group, the whole stream is behind.
   */
  async eventBacklog(queue: string): Promise<EventBacklog> {
    return this.availability.call(() => readEventBacklog(this.redis, this.keys(queue).events, HISTORY_CONSUMER_GROUP));
  }

  async close(): Promise<void> {
    await this.waiter.close();
    if (this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  private async changeOne(action: 'cancel' | 'retry' | 'promote', id: string): Promise<Job> {
    const queue = queueOfJobId(id);
    if (queue === undefined) throw new JobNotFoundError(id);
    // the call's own id: a resend of this very call answers as the first did (includes/change-one-job.lua)
    const callId = randomBytes(8).toString('hex');
    const script = action === 'promote' ? 'promote-job' : action;
    const reply = (await this.availability.call(() => this.run(script, queue, [id, callId]))) as unknown[];
    if (isStoreRefusal(reply[0])) throw storeRefusalError(reply[0], id, action, String(reply[1] ?? 'unknown'));
    return decodeJob(id, pairsToHash(reply, 1));
  }

  /**
   * `now` is passed when the caller also uses it, so the script and the reply agree on the time.
   * With `wait`, the reply comes once that many replicas hold the write (RedisScripts.runDurable).
   */
  private run(script: ScriptName, queue: string, args: (string | number)[], now = this.clock.now(), wait?: ReplicaWait): Promise<unknown> {
    const all = [now, this.eventsMaxLen, ...args];
    return wait ? this.scripts.runDurable(script, this.keys(queue), all, wait) : this.scripts.run(script, this.keys(queue), all);
  }

  private keys(queue: string): RedisQueueKeys {
    let keys = this.keyCache.get(queue);
    if (!keys) {
      keys = new RedisQueueKeys(this.prefix, queue);
      this.keyCache.set(queue, keys);
    }
    return keys;
  }

  private async registerQueue(queue: string): Promise<void> {
    if (this.registeredQueues.has(queue)) return;
    await this.redis.sadd(queueSetKey(this.prefix), queue);
    this.registeredQueues.add(queue);
  }
}

/** reap.lua and reap-workers.lua reply { requeued, failed, malformed, cancelled }. */
function reapResult([requeued, failed, malformed, cancelled]: string[][]): ReapResult {
  const result: ReapResult = { requeued, failed, cancelled: cancelled ?? [] };
  if (malformed && malformed.length > 0) result.malformed = malformed;
  return result;
}
