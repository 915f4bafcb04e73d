import { Clock, systemClock } from '../../../domain/clock';
import { queueOfPartition } from '../../../domain/queue-partition';
import { DeadWorkerRecord, PublishedWorker, WorkerInfo } from '../../../domain/worker-info';
import { AuditStore } from '../audit-store';
import { JobEventSources } from '../events/job-event-sources';
import { GroupStore } from '../group-store';
import { JobEngine } from '../job-engine';
import { CancelRequested, EventBacklog, EventSourceOptions, Outbox, StoreSignal } from '../outbox';
import { JobFeed } from '../events/job-feed';
import { QueueStatsStore } from '../queue-stats-store';
import { ScheduleStore } from '../schedule-store';
import { StoreHealth } from '../store-health';
import { WorkerDirectory } from '../worker-directory';
import { PartitionLayout } from './partition-layout';
import { LAYOUT_REFRESH_MS, PartitionLayouts, RETIRE_GUARD_MS } from './partition-layouts';
import { PartitionableEngine, PartitionRouter } from './partition-router';
import { PartitionedEventSources } from './partitioned-event-sources';
import { PartitionedExecutions } from './partitioned-executions';
import { PartitionedGroups } from './partitioned-groups';
import { PartitionedJobAdmin } from './partitioned-job-admin';
import { PartitionedJobQueue } from './partitioned-job-queue';
import { PartitionedUpkeep } from './partitioned-upkeep';

export type { PartitionableEngine } from './partition-router';

export interface PartitionedEngineOptions {
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

/**
 * One queue over many partitions (queue-partition.ts): the job engine the rest of claimq uses, over
 * an engine whose queues are partitions (Redis). A queue of one partition (and nothing left to
 * drain) goes straight through, so a queue that is not partitioned costs one map lookup per call.
 * Each port is a class of its own over one PartitionRouter:
 * - the job queue (partitioned-job-queue.ts): where enqueues go, and the claim over the board;
 * - job admin (partitioned-job-admin.ts): ids name their partition, so reads, cancels and retries
 *   need no lookup; listings and counts visit every partition;
 * - executions (partitioned-executions.ts): an execution lives in one partition;
 * - upkeep (partitioned-upkeep.ts): every partition within one budget for the queue; partitions
 *   beyond a lowered count are forgotten once empty (PartitionLayouts.retireRemoved);
 * - fairness settings (partitioned-groups.ts), the outbox (one lane per partition) and the
 *   worker registry (below).
 * docs/architecture.md, "Partitioned queues", gives the reasons.
 */
export class PartitionedEngine extends JobEngine {
  readonly jobs: PartitionedJobQueue;
  readonly admin: PartitionedJobAdmin;
  readonly upkeep: PartitionedUpkeep;
  readonly executions: PartitionedExecutions;
  readonly outbox: Outbox;
  readonly groups: GroupStore;
  readonly workers: WorkerDirectory;
  private readonly router: PartitionRouter;

  constructor(
    private readonly inner: PartitionableEngine,
    options: PartitionedEngineOptions,
  ) {
    super();
    const clock = options.clock ?? systemClock;
    const layouts = new PartitionLayouts(inner, {
      clock,
      partitionsOf: options.partitionsOf,
      refreshMs: options.layoutRefreshMs ?? LAYOUT_REFRESH_MS,
      retireGuardMs: options.retireGuardMs ?? RETIRE_GUARD_MS,
      signals: (listener) => inner.outbox.onSignal(listener),
    });
    const router = (this.router = new PartitionRouter(inner, layouts, clock, options.random ?? Math.random));
    this.jobs = new PartitionedJobQueue(router);
    this.admin = new PartitionedJobAdmin(router);
    this.upkeep = new PartitionedUpkeep(router);
    this.executions = new PartitionedExecutions(router);
    this.outbox = new PartitionedOutbox(router);
    this.workers = new PartitionedWorkers(router);
    this.groups = new PartitionedGroups({
      inner: inner.groups,
      layout: (queue) => router.layout(queue),
      rateChanged: (queue, limited) => layouts.setRateLimited(queue, limited),
      changed: (queue) => router.announceAll(queue),
    });
    inner.partitions.onGroupsRejoined((partition) => {
      const queue = queueOfPartition(partition);
      if (queue !== undefined && !layouts.known(queue)?.single) void router.announcePartition(queue, partition);
    });
  }

  get health(): StoreHealth {
    return this.inner.health;
  }

  /** A partitioned queue's stats live under the queue's own name: partition 0, whose name it is. */
  get stats(): QueueStatsStore {
    return this.inner.stats;
  }

  /** Schedules are not partitioned: they live in the engine under the partitions. */
  get schedules(): ScheduleStore {
    return this.inner.schedules;
  }

  /** Nor is the audit trail. */
  get audit(): AuditStore {
    return this.inner.audit;
  }

  /** The engine under the partitions (its queues are partitions). */
  get partitionStore(): PartitionableEngine {
    return this.inner;
  }

  /** The layout of `queue` as this instance knows it, loaded (and for a configured queue, set up) on first use. */
  layout(queue: string): Promise<PartitionLayout> {
    return this.router.layout(queue);
  }

  /** Reads `queue`'s layout again now (as every refresh interval does), for what changed it elsewhere. */
  refreshLayout(queue: string): Promise<PartitionLayout> {
    return this.router.layouts.reload(queue);
  }

  async close(): Promise<void> {
    await this.router.layouts.close();
    await this.inner.close();
  }
}

/** The engine's event sources, one lane per partition where it has one per queue; events name their queue. */
class PartitionedOutbox extends Outbox {
  constructor(private readonly router: PartitionRouter) {
    super();
  }

  sources(options: EventSourceOptions): JobEventSources {
    return new PartitionedEventSources(this.router.inner.outbox.sources(options), (queue) => this.router.layouts.known(queue)?.names ?? [queue]);
  }

  /** The engine's below: a job id names its partition, the store queue a feed is read by. */
  feed(): JobFeed {
    return this.router.inner.outbox.feed();
  }

  /** The engine's below: its channels cover every partition. */
  onCancelRequested(listener: (cancel: CancelRequested) => void): Promise<() => Promise<void>> {
    return this.router.inner.outbox.onCancelRequested(listener);
  }

  /** The engine's below, each partition's signal told as its queue's (the refresh and the reaper go by queue). */
  onSignal(listener: (signal: StoreSignal) => void): Promise<() => Promise<void>> {
    return this.router.inner.outbox.onSignal((signal) => listener('queue' in signal ? { ...signal, queue: queueOfPartition(signal.queue) } : signal));
  }

  /** The partitions' backlogs added up; the oldest is the oldest of any partition. */
  async backlog(queue: string): Promise<EventBacklog> {
    const all = await this.router.each(queue, (partition) => this.router.inner.outbox.backlog(partition));
    let entries = 0;
    let oldestAt: number | null = null;
    for (const backlog of all) {
      entries += backlog.entries;
      if (backlog.oldestAt !== null && (oldestAt === null || backlog.oldestAt < oldestAt)) oldestAt = backlog.oldestAt;
    }
    return { entries, oldestAt };
  }
}

/**
 * Worker processes are not partitioned: one entry per process, in the engine under the
 * partitions. The per-queue registry is kept where the reaper and the scripts read it (register).
 */
class PartitionedWorkers extends WorkerDirectory {
  constructor(private readonly router: PartitionRouter) {
    super();
  }

  private get inner(): WorkerDirectory {
    return this.router.inner.workers;
  }

  /**
   * In the queue's first partition, where the reaper looks for silent workers, and in every
   * partition this instance claimed from or renewed leases in lately: reap-workers there skips a
   * worker whose registry entry is fresh, in the same script that would end its leases. By the
   * layout as known (PartitionLayouts.current: a beat is no reason to read it again), so an idle
   * worker's beat reads none.
   */
  async register(queue: string, ...workerIds: string[]): Promise<void> {
    const layout = await this.router.layouts.current(queue);
    if (layout.single) return this.inner.register(queue, ...workerIds);
    const touched = this.router.touchedNow(queue).filter((i) => i !== 0 && i < layout.names.length);
    await Promise.all([queue, ...touched.map((i) => layout.names[i])].map((partition) => this.inner.register(partition, ...workerIds)));
  }

  async unregister(queue: string, workerId: string): Promise<void> {
    await this.router.each(queue, (partition) => this.inner.unregister(partition, workerId));
  }

  silent(queue: string, silentMs: number, limit: number): Promise<string[]> {
    return this.inner.silent(queue, silentMs, limit);
  }

  publish(...infos: WorkerInfo[]): Promise<void> {
    return this.inner.publish(...infos);
  }

  remove(workerId: string): Promise<void> {
    return this.inner.remove(workerId);
  }

  live(silentMs: number, limit: number): Promise<PublishedWorker[]> {
    return this.inner.live(silentMs, limit);
  }

  find(workerIds: string[]): Promise<PublishedWorker[]> {
    return this.inner.find(workerIds);
  }

  forgetSilent(silentMs: number, limit: number): Promise<string[]> {
    return this.inner.forgetSilent(silentMs, limit);
  }

  recordDead(record: DeadWorkerRecord): Promise<void> {
    return this.inner.recordDead(record);
  }

  dead(): Promise<DeadWorkerRecord[]> {
    return this.inner.dead();
  }
}
