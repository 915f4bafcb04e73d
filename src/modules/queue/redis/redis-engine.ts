import { Clock } from '../../../domain/clock';
import type { ClusterSeed } from '../../../config/redis-cluster-nodes';
import { DEFAULT_AUDIT_MAX_ENTRIES } from '../audit-store';
import { JobEngine } from '../job-engine';
import { StoreHealth } from '../store-health';
import { RedisAuditLog } from './redis-audit-log';
import { RedisClient } from './redis-connection';
import { RedisContext } from './redis-context';
import { RedisExecutionStore } from './redis-execution-store';
import { RedisGroups } from './redis-groups';
import { RedisJobAdmin } from './redis-job-admin';
import { RedisJobQueue } from './redis-job-queue';
import { RedisOutbox } from './redis-outbox';
import { RedisPartitions } from './redis-partitions';
import { AUDIT_KEY_SPACE, SCHEDULES_KEY_SPACE, WORKERS_KEY_SPACE } from './redis-queue-keys';
import { RedisQueueStats } from './redis-queue-stats';
import { RedisReadiness } from './redis-readiness';
import { RedisSchedules } from './redis-schedules';
import { ReplicaWait } from './redis-scripts';
import { RedisStoreHealth } from './redis-store-health';
import { RedisUpkeep } from './redis-upkeep';
import { RedisWakeWaiter } from './redis-wake-waiter';
import { RedisWorkerDirectory } from './redis-worker-directory';

export interface RedisEngineOptions {
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

/**
 * The job engine on Redis: every state change is one Lua script over one queue's keys (one hash
 * slot), batched per call; each port is a class of its own over the shared RedisContext. Queues of
 * several partitions are the partition router's (partitions/partitioned-engine.ts), which drives
 * this engine through `partitions`.
 */
export class RedisEngine extends JobEngine {
  readonly jobs: RedisJobQueue;
  readonly admin: RedisJobAdmin;
  readonly upkeep: RedisUpkeep;
  readonly executions: RedisExecutionStore;
  readonly outbox: RedisOutbox;
  readonly schedules: RedisSchedules;
  readonly groups: RedisGroups;
  readonly workers: RedisWorkerDirectory;
  readonly audit: RedisAuditLog;
  readonly stats: RedisQueueStats;
  readonly health: StoreHealth;
  /** What the partition router drives beyond the ports (redis-partitions.ts). */
  readonly partitions: RedisPartitions;
  private readonly ctx: RedisContext;
  private readonly waiter: RedisWakeWaiter;

  constructor(options: RedisEngineOptions) {
    super();
    const ctx = (this.ctx = new RedisContext(options));
    const { redis, clock } = ctx;
    const call = <T>(op: () => Promise<T>): Promise<T> => ctx.call(op);
    this.waiter = new RedisWakeWaiter(redis);
    this.jobs = new RedisJobQueue(ctx, this.waiter);
    this.admin = new RedisJobAdmin(ctx);
    this.upkeep = new RedisUpkeep(ctx);
    this.executions = new RedisExecutionStore(ctx);
    this.outbox = new RedisOutbox(ctx);
    this.partitions = new RedisPartitions(ctx, this.jobs, this.waiter);
    this.health = new RedisStoreHealth('redis', new RedisReadiness(ctx, options.clusterSeeds ?? []), options.allowEviction === true);
    this.groups = new RedisGroups(redis, (queue) => ctx.keys(queue), (script, queue, args) => ctx.run(script, queue, args), call, clock, ctx.hostConcurrency);
    this.stats = new RedisQueueStats(redis, (queue) => ctx.keys(queue), call);
    this.schedules = new RedisSchedules(redis, ctx.keys(SCHEDULES_KEY_SPACE), (script, args) => ctx.run(script, SCHEDULES_KEY_SPACE, args), call);
    this.workers = new RedisWorkerDirectory(redis, ctx.keys(WORKERS_KEY_SPACE), (script, args) => ctx.run(script, WORKERS_KEY_SPACE, args), call, clock, (queue) =>
      ctx.keys(queue),
    );
    this.audit = new RedisAuditLog(
      redis,
      ctx.keys(AUDIT_KEY_SPACE),
      (now, args) => ctx.run('audit-append', AUDIT_KEY_SPACE, args, now),
      call,
      options.auditMaxEntries ?? DEFAULT_AUDIT_MAX_ENTRIES,
    );
  }

  async close(): Promise<void> {
    await this.waiter.close();
    await this.outbox.closeSignals();
    const redis = this.ctx.redis;
    if (redis.status === 'end') return;
    if (redis.status !== 'ready') {
      redis.disconnect();
      return;
    }
    try {
      await redis.quit();
    } catch {
      redis.disconnect();
    }
  }
}
