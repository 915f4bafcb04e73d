import { GroupStore } from '../group-store';
import { Clock, systemClock } from '../../../domain/clock';
import { InvalidJobSpecError } from '../../../domain/errors';
import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { ClaimedJob, EnqueueResult, HeartbeatOutcome, Job, JOB_STATUSES, Lease, NewJob, QueueCounts } from '../../../domain/job';
import { idTail, queueOfJobId, withPartition } from '../../../domain/job-id';
import { keyHome, queueOfPartition } from '../../../domain/queue-partition';
import { JobEventSources } from '../events/job-event-sources';
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
import { StoreHealth } from '../store-health';
import { ScheduleStore } from '../schedule-store';
import { WorkerDirectory } from '../worker-directory';
import { QueueStatsStore } from '../queue-stats-store';
import { OldestPending, olderOf } from '../../../domain/queue-stats';
import { PartitionBoard } from './partition-board';
import { EnqueueReport, PartitionHost, StagingHost } from './partition-host';
import { named, namedExecution, placeIn } from './partition-names';
import { PartitionedEventSources } from './partitioned-event-sources';
import { refuseInDoubt, StagedBulk } from './staged-bulk';
import { mergeReaps, reaped, UpkeepBudget } from './upkeep-budget';
import { PartitionLayout } from './partition-layout';
import { LAYOUT_REFRESH_MS, PartitionLayouts, RETIRE_GUARD_MS } from './partition-layouts';
import { homeOf, PartitionedGroups } from './partitioned-groups';
import { AuditStore } from '../audit-store';
import { decodePartitionCursor, encodePartitionCursor, PartitionPosition } from './partition-cursor';
import { decodeExecutionCursor, encodeExecutionCursor, executionBefore } from '../execution-list-cursor';

/** The store a partitioned queue lives in: Redis (partitions are Redis's), with its two-phase writes. */
export type PartitionableStore = JobStore & PartitionHost & StagingHost;

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
 *   (PartitionLayouts.retireRemoved). docs/architecture.md, "Partitioned queues", gives the reasons.
 */
export class PartitionedJobStore extends JobStore {
  private readonly clock: Clock;
  private readonly random: () => number;
  /** The queues' layouts as this instance knows them (partition-layouts.ts). */
  private readonly layouts: PartitionLayouts;
  private readonly boards = new Map<string, PartitionBoard>();
  /** Per queue: partitions claimed from or heartbeated in since the registry and stray checks last ran. */
  private readonly touched = new Map<string, Set<number>>();
  private readonly strayCursor = new Map<string, number>();
  /** Upkeep within one budget per queue (upkeep-budget.ts). */
  private readonly upkeep = new UpkeepBudget();
  /** Bulks across partitions, in two phases (staged-bulk.ts). */
  private readonly bulk: StagedBulk;

  constructor(
    private readonly inner: PartitionableStore,
    options: PartitionedJobStoreOptions,
  ) {
    super();
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.layouts = new PartitionLayouts(inner, {
      clock: this.clock,
      partitionsOf: options.partitionsOf,
      refreshMs: options.layoutRefreshMs ?? LAYOUT_REFRESH_MS,
      retireGuardMs: options.retireGuardMs ?? RETIRE_GUARD_MS,
    });
    this.bulk = new StagedBulk(inner, this.clock, (queue, index) => this.announce(queue, index));
    this.groups = new PartitionedGroups({
      inner: inner.groups,
      layout: (queue) => this.layout(queue),
      rateChanged: (queue, limited) => this.layouts.setRateLimited(queue, limited),
      changed: (queue) => this.announceAll(queue),
    });
    inner.onGroupsRejoined((partition) => {
      const queue = queueOfPartition(partition);
      if (queue !== undefined && !this.layouts.known(queue)?.single) void this.announcePartition(queue, partition);
    });
  }

  get health(): StoreHealth {
    return this.inner.health;
  }

  /** Fairness settings: partitioned-groups.ts says where each lives. */
  readonly groups: GroupStore;

  /** Schedules are not partitioned: they live in the store under the partitions. */
  /** A partitioned queue's stats live under the queue's own name: partition 0, whose name it is. */
  get stats(): QueueStatsStore {
    return this.inner.stats;
  }

  get schedules(): ScheduleStore {
    return this.inner.schedules;
  }

  /** Worker processes are not partitioned: one entry per process, in the store under the partitions. */
  get workers(): WorkerDirectory {
    return this.inner.workers;
  }

  /** Nor is the audit trail. */
  get audit(): AuditStore {
    return this.inner.audit;
  }

  /** The store under the partitions (its queues are partitions). */
  get partitionStore(): PartitionableStore {
    return this.inner;
  }

  /** The layout of `queue` as this instance knows it, loaded (and for a configured queue, set up) on first use. */
  layout(queue: string): Promise<PartitionLayout> {
    return this.layouts.get(queue);
  }

  /** Reads `queue`'s layout again now (as every refresh interval does), for what changed it elsewhere. */
  refreshLayout(queue: string): Promise<PartitionLayout> {
    return this.layouts.reload(queue);
  }

  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    if (jobs.length === 0) return [];
    const queue = jobs[0].queue;
    if (jobs.some((j) => j.queue !== queue)) throw new InvalidJobSpecError('queue', 'must be the same for every job of one call');
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.enqueue(jobs);

    const results: (EnqueueResult | undefined)[] = new Array(jobs.length);
    // a key whose home moved when the count changed may still name a live job in its old home
    if (layout.history.length > 0) await this.findMovedKeys(layout, jobs, results);
    const writable = layout.writable;
    // a job of a named group goes where its group lives (its round, cap and rate are that
    // partition's); else a keyed job where its key lives
    const homes = jobs.map((job) => (job.group ? homeOf(job.group, layout) : job.idempotencyKey === undefined ? -1 : keyHome(job.idempotencyKey, writable)));
    const firstKeyed = homes.find((home) => home >= 0);
    // jobs without a key: with the first keyed job, or where the first one's id hashes to (the
    // same call sent again lands where it landed, so a resend stores nothing twice)
    const shared = firstKeyed ?? keyHome(idTail(jobs[0].id), writable);
    const groups = new Map<number, number[]>();
    jobs.forEach((_, i) => {
      if (results[i]) return;
      const home = homes[i] >= 0 ? homes[i] : shared;
      const group = groups.get(home) ?? [];
      group.push(i);
      groups.set(home, group);
    });
    // every group is one script on one partition; a bulk of jobs whose keys live in several
    // partitions is written group by group, keyed groups first (see writeGroups)
    await this.writeGroups(layout, jobs, groups, results);
    return results as EnqueueResult[];
  }

  async get(id: string): Promise<Job | null> {
    const job = await this.inner.get(id);
    return job && named(job);
  }

  async list(query: ListQuery): Promise<ListPage> {
    const layout = await this.layout(query.queue);
    if (layout.single) return this.inner.list(query);
    const limit = Math.max(1, Math.floor(query.limit));
    let position: PartitionPosition | undefined = decodePartitionCursor(query.cursor, layout.names.length);
    const items: Job[] = [];
    while (position !== undefined && items.length < limit) {
      const page = await this.inner.list({ ...query, queue: layout.names[position.index], limit: limit - items.length, cursor: position.inner });
      for (const job of page.items) items.push(named(job));
      if (page.nextCursor !== null) position = { index: position.index, inner: page.nextCursor };
      else position = position.index + 1 < layout.names.length ? { index: position.index + 1, inner: undefined } : undefined;
    }
    return { items, nextCursor: position === undefined ? null : encodePartitionCursor(position) };
  }

  async claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult> {
    const layout = this.layouts.known(queue) ?? (await this.layout(queue));
    if (layout.single) return this.inner.claim(queue, workerId, max, leaseMs);
    void this.layout(queue);
    const size = layout.names.length;
    const board = this.board(queue, size);
    const woke = board.takeWoken();
    // after a wait, and every BOARD_FRESH_MS while busy: what the other processes wrote
    if (board.needsRead(this.clock.now())) await this.readBoard(queue, board);
    const jobs: ClaimedJob[] = [];
    let nextDueAt: number | undefined;
    // the queue's rate is one bucket in partition 0: tokens first, then the partitions' claims
    const budgeted = this.layouts.isRateLimited(queue);
    let budget = max;
    if (budgeted) {
      const tokens = await this.inner.takeRateTokens(layout.names[0], max);
      budget = tokens.taken;
      if (tokens.nextAt !== undefined) nextDueAt = tokens.nextAt;
      if (budget === 0) return nextDueAt === undefined ? { jobs } : { jobs, nextDueAt };
    }
    try {
      await this.claimPartitions(queue, layout, board, woke, workerId, budget, leaseMs, budgeted, jobs, (due) => {
        nextDueAt = Math.min(nextDueAt ?? Number.POSITIVE_INFINITY, due);
      });
    } finally {
      if (budgeted && jobs.length < budget) await this.inner.refundRateTokens(layout.names[0], budget - jobs.length);
    }
    if (jobs.length >= max) return { jobs };
    // fewer than asked for: when the next scheduled job of any partition is due (the claim loop
    // sleeps until then), also when some were claimed
    const due = [board.nextDueAt(size), nextDueAt].filter((t): t is number => t !== undefined);
    return due.length === 0 ? { jobs } : { jobs, nextDueAt: Math.min(...due) };
  }

  /** Claims up to `max` jobs over the partitions as the board plans them, into `jobs`. */
  private async claimPartitions(
    queue: string,
    layout: PartitionLayout,
    board: PartitionBoard,
    woke: boolean,
    workerId: string,
    max: number,
    leaseMs: number,
    budgeted: boolean,
    jobs: ClaimedJob[],
    onDue: (due: number) => void,
  ): Promise<void> {
    const size = layout.names.length;
    const now = this.clock.now();
    // the board names nothing: this claim is the sweep's, which may find a report lost with its writer
    const sweep = !board.anyWork(size, now);
    let served: number | undefined;
    for (const i of board.plan(size, now)) {
      if (jobs.length >= max) break;
      const want = max - jobs.length;
      this.touch(queue, i);
      const result = await this.inner.claimPartition(layout.names[i], workerId, want, leaseMs, budgeted);
      // the claim's own next due time also names a throttled group's next token
      const dueAt = Math.min(result.work.dueAt ?? Number.POSITIVE_INFINITY, result.nextDueAt ?? Number.POSITIVE_INFINITY);
      board.saw(i, { ...result.work, dueAt: Number.isFinite(dueAt) ? dueAt : null }, true);
      if (result.jobs.length > 0) served = i;
      for (const claimed of result.jobs) jobs.push({ ...claimed, job: named(claimed.job) });
      if (result.nextDueAt !== undefined) onDue(result.nextDueAt);
      // work left behind that idle workers may not know of (a wake-up's, a promotion's, or what
      // the sweep found) goes on the board, and the next idle worker is woken, as partition 0's
      // own claim script does for it
      const left = result.more === true;
      const promoted = (result.promoted ?? 0) > 0;
      if (i !== 0 && ((sweep && result.jobs.length > 0) || ((woke || promoted) && left))) {
        await this.inner.reportWork(queue, i, result.work, left).catch(() => undefined);
      }
    }
    if (served !== undefined) board.servedLast(served, size);
  }

  private async readBoard(queue: string, board: PartitionBoard): Promise<void> {
    const read = await this.inner.readBoard(queue);
    // partition 0's scripts share the board's slot and report nothing: it is read live
    read.reports.set(0, read.zero);
    board.read(read.reports, this.clock.now());
  }

  async heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.heartbeat(queue, leases, leaseMs);
    return this.byPartition(queue, leases, (partition, part) => this.inner.heartbeat(partition, part, leaseMs));
  }

  /**
   * Strays are looked for in the partitions this instance claimed from since the last look (a
   * claim whose reply was lost can only have left leases there) and in one more, in turn.
   */
  async strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.strayLeases(queue, workerId, heldIds);
    const size = layout.names.length;
    const touched = this.touched.get(queue) ?? new Set<number>();
    this.touched.set(queue, new Set());
    const turn = (this.strayCursor.get(queue) ?? 0) % size;
    this.strayCursor.set(queue, turn + 1);
    const visit = [...new Set([...touched, turn])].filter((i) => i < size);
    const found = await Promise.all(
      visit.map((i) => {
        const partition = layout.names[i];
        return this.inner.strayLeases(partition, workerId, heldIds.filter((id) => queueOfJobId(id) === partition));
      }),
    );
    // what was touched stays touched for the registry until the next look
    for (const i of touched) this.touch(queue, i);
    return found.flat();
  }

  async complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]> {
    if (this.layouts.known(queue)?.single) return this.inner.complete(queue, items);
    return this.byPartition(queue, items, (partition, part) => this.inner.complete(partition, part));
  }

  /** A retry (pending at once, or scheduled) is announced like a release: any worker may take it. */
  async fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]> {
    if (this.layouts.known(queue)?.single) return this.inner.fail(queue, items);
    return this.byPartition(queue, items, async (partition, part) => {
      const outcomes = await this.inner.fail(partition, part);
      if (outcomes.includes('pending') || outcomes.includes('scheduled')) await this.announcePartition(queue, partition);
      return outcomes;
    });
  }

  async release(queue: string, leases: Lease[]): Promise<SettleOutcome[]> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.release(queue, leases);
    return this.byPartition(queue, leases, async (partition, part) => {
      const outcomes = await this.inner.release(partition, part);
      if (outcomes.includes('pending')) await this.announcePartition(queue, partition);
      return outcomes;
    });
  }

  async cancel(id: string): Promise<Job> {
    return named(await this.inner.cancel(id));
  }

  async retry(id: string): Promise<Job> {
    const job = await this.inner.retry(id);
    const partition = queueOfJobId(id);
    if (job.status === 'pending' && partition !== undefined) await this.announcePartition(queueOfPartition(partition), partition);
    return named(job);
  }

  async promote(id: string): Promise<Job> {
    const job = await this.inner.promote(id);
    const partition = queueOfJobId(id);
    if (partition !== undefined) await this.announcePartition(queueOfPartition(partition), partition);
    return named(job);
  }

  /**
   * A key lives in its home under the current count or an earlier one, or (a named group's job)
   * in its group's partition, which the key alone does not tell: every partition's key index is
   * read (one HGET each, at once), and the job found first in that order of homes is the answer.
   */
  async findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.findByIdempotencyKey(queue, key);
    const homes = [keyHome(key, layout.writable), ...layout.history.map((count) => keyHome(key, count))];
    const order = [...new Set([...homes.filter((i) => i < layout.names.length), ...layout.names.keys()])];
    const found = await Promise.all(order.map((index) => this.inner.findByIdempotencyKey(layout.names[index], key)));
    const job = found.find((j) => j !== null);
    return job ? named(job) : null;
  }

  /** Also the step that forgets a removed partition once it is empty (retireRemoved). */
  async reapExpired(queue: string, limit: number): Promise<ReapResult> {
    const result = await this.reapEach(queue, limit, false, (partition, budget) => this.inner.reapExpired(partition, budget));
    const layout = this.layouts.known(queue);
    if (layout && !layout.single) await this.bulk.settle(layout);
    await this.layouts.retireRemoved(queue);
    return result;
  }

  /**
   * Partition 0 last: it holds the registry the reaper reads silent workers from, and forgets a
   * worker there only when the budget reached it, so after every other partition ended the
   * worker's leases.
   */
  async reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult> {
    return this.reapEach(queue, limit, true, (partition, budget) => this.inner.reapWorkers(partition, workerIds, budget, silentMs));
  }

  async promoteDue(queue: string, limit: number): Promise<number> {
    return this.withBudget(queue, limit, async (partition, budget, i) => {
      const promoted = await this.inner.promoteDue(partition, budget);
      if (promoted > 0) await this.announce(queue, i);
      return promoted;
    });
  }

  async trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number> {
    return this.withBudget(queue, limit, (partition, budget) => this.inner.trimFinished(partition, retention, budget));
  }

  /** Partition after partition within one budget of events looked at; the drops name the queue. */
  async trimEvents(queue: string, limit: number): Promise<EventsTrimResult> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.trimEvents(queue, limit);
    const results: EventsTrimResult[] = [];
    const used = await this.upkeep.spend(layout, limit, false, (partition, budget) => this.inner.trimEvents(partition, budget), (r) => r.scanned, results);
    return {
      scanned: used,
      // the budget ran out before every partition was looked at, or one is still over its own
      more: results.some((r) => r.more) || (results.length < layout.names.length && used >= limit),
      dropped: results.flatMap((r) => r.dropped.map((d) => ({ ...d, queue }))),
    };
  }

  /** The oldest of the partitions' oldest (the first partition's on a tie). */
  async oldestPending(queue: string): Promise<OldestPending> {
    const all = await this.each(queue, (partition) => this.inner.oldestPending(partition));
    return all.reduce(olderOf, { jobId: null, since: null });
  }

  async counts(queue: string): Promise<QueueCounts> {
    const all = await this.each(queue, (partition) => this.inner.counts(partition));
    const counts = {} as QueueCounts;
    for (const status of JOB_STATUSES) counts[status] = sum(all.map((c) => c[status]));
    return counts;
  }

  /**
   * Queues, not partitions. Their layouts are loaded on the way, so that what asks for the queues
   * and then for their lanes (the history writer, eventSources) sees every partition.
   */
  async queues(): Promise<string[]> {
    const queues = [...new Set((await this.inner.queues()).map(queueOfPartition))].sort();
    await Promise.all(queues.map((queue) => this.layout(queue)));
    return queues;
  }

  /**
   * In the queue's first partition, where the reaper looks for silent workers, and in every
   * partition this instance claimed from or renewed leases in lately: reap-workers there skips a
   * worker whose registry entry is fresh, in the same script that would end its leases.
   */
  async registerWorker(queue: string, workerId: string): Promise<void> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.registerWorker(queue, workerId);
    const touched = [...(this.touched.get(queue) ?? [])].filter((i) => i !== 0 && i < layout.names.length);
    await Promise.all([queue, ...touched.map((i) => layout.names[i])].map((partition) => this.inner.registerWorker(partition, workerId)));
  }

  async unregisterWorker(queue: string, workerId: string): Promise<void> {
    await this.each(queue, (partition) => this.inner.unregisterWorker(partition, workerId));
  }

  async silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]> {
    return this.inner.silentWorkers(queue, silentMs, limit);
  }

  /**
   * Waits on the first partition's wake list, where every partition's writers wake the queue's
   * workers; the claim after it reads the board first.
   */
  async waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.waitForWork(queue, timeoutMs, signal);
    const woken = await this.inner.waitForToken(queue, timeoutMs, signal);
    this.board(queue, layout.names.length).waited(woken);
  }

  async createExecution(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord> {
    const layout = await this.layout(execution.queue);
    if (layout.single) return this.inner.createExecution(execution, jobs);
    const writable = layout.writable;
    const index = keyHome(execution.idempotencyKey ?? idTail(execution.id), writable);
    const partition = layout.names[index];
    const id = withPartition(execution.id, partition);
    // a job whose key names a live job in the key's own partition is left out, as the store
    // leaves out one whose key it finds in the execution's partition
    const taken = await Promise.all(jobs.map((job) => (job.idempotencyKey === undefined ? null : this.liveKeyElsewhere(layout, job.idempotencyKey, index))));
    const record = await this.inner.createExecution(
      { ...execution, id, queue: partition },
      jobs.filter((_, i) => taken[i] === null).map((job) => ({ ...placeIn(job, layout, index), executionId: id })),
    );
    await this.announce(execution.queue, index);
    return namedExecution(record);
  }

  async getExecution(id: string): Promise<ExecutionRecord | null> {
    const record = await this.inner.getExecution(id);
    return record && namedExecution(record);
  }

  /**
   * Every partition's page after the same position (execution-list-cursor.ts), merged newest
   * first: the position is one of the global order, so it stays right whichever partition the
   * next execution comes from. One read per partition per page.
   */
  async listExecutions(queue: string, limit: number, cursor?: string): Promise<ExecutionPage> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.listExecutions(queue, limit, cursor);
    // a cursor no store returned is refused once, before any partition is read
    decodeExecutionCursor(cursor);
    const count = Math.max(1, Math.floor(limit));
    const pages = await Promise.all(layout.names.map((partition) => this.inner.listExecutions(partition, count, cursor)));
    const merged = pages.flatMap((page) => page.items).sort((a, b) => (executionBefore(a, b) ? -1 : executionBefore(b, a) ? 1 : 0));
    const items = merged.slice(0, count).map(namedExecution);
    const more = merged.length > count || pages.some((page) => page.nextCursor !== null);
    const last = merged[items.length - 1];
    return { items, nextCursor: more && last ? encodeExecutionCursor({ createdAt: last.createdAt, id: last.id }) : null };
  }

  async listExecutionJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    const page = await this.inner.listExecutionJobs(id, limit, cursor);
    return { ...page, items: page.items.map(named) };
  }

  async cancelExecution(id: string): Promise<ExecutionRecord> {
    return namedExecution(await this.inner.cancelExecution(id));
  }

  /** Partition by partition until `max` are claimed: one refresh batch stays at most `max`. */
  async claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.claimRefresh(queue, refresherId, max);
    const claimed: ExecutionRecord[] = [];
    for (const partition of layout.names) {
      if (claimed.length >= max) break;
      claimed.push(...(await this.inner.claimRefresh(partition, refresherId, max - claimed.length)).map(namedExecution));
    }
    return claimed;
  }

  async ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void> {
    const layout = await this.layout(queue);
    if (layout.single) return this.inner.ackRefresh(queue, refresherId, ids, callbacksEnqueued);
    const byPartition = groupBy(ids, (id) => queueOfJobId(id) ?? queue);
    await Promise.all(
      [...byPartition].map(([partition, part]) =>
        this.inner.ackRefresh(partition, refresherId, part, callbacksEnqueued.filter((id) => queueOfJobId(id) === partition)),
      ),
    );
  }

  async requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number> {
    return this.withBudget(queue, limit, (partition, budget) => this.inner.requeueStaleRefresh(partition, staleMs, budget));
  }

  async trimExecutions(queue: string, retentionMs: number, limit: number): Promise<number> {
    return this.withBudget(queue, limit, (partition, budget) => this.inner.trimExecutions(partition, retentionMs, budget));
  }

  async refreshBacklog(queue: string): Promise<RefreshBacklog> {
    const all = await this.each(queue, (partition) => this.inner.refreshBacklog(partition));
    return { backlog: sum(all.map((b) => b.backlog)), inFlight: sum(all.map((b) => b.inFlight)) };
  }

  /** The store's sources, one lane per partition where the store has one per queue; events name their queue. */
  eventSources(options: EventSourceOptions): JobEventSources {
    return new PartitionedEventSources(this.inner.eventSources(options), (queue) => this.layouts.known(queue)?.names ?? [queue]);
  }

  /** The partitions' backlogs added up; the oldest is the oldest of any partition. */
  async eventBacklog(queue: string): Promise<EventBacklog> {
    const all = await this.each(queue, (partition) => this.inner.eventBacklog(partition));
    let entries = 0;
    let oldestAt: number | null = null;
    for (const backlog of all) {
      entries += backlog.entries;
      if (backlog.oldestAt !== null && (oldestAt === null || backlog.oldestAt < oldestAt)) oldestAt = backlog.oldestAt;
    }
    return { entries, oldestAt };
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  // ---------------------------------------------------------------------------------------------

  private board(queue: string, size: number): PartitionBoard {
    let board = this.boards.get(queue);
    if (!board) this.boards.set(queue, (board = new PartitionBoard(this.random, size)));
    return board;
  }

  private touch(queue: string, index: number): void {
    let touched = this.touched.get(queue);
    if (!touched) this.touched.set(queue, (touched = new Set()));
    touched.add(index);
  }

  /**
   * This process changed partition `index` (it released, reaped, retried, promoted or committed
   * there, or a setting changed): its own claims look there next; the partition's work, read with
   * its wake count bumped (so it outranks every sight before the change), goes on the board, and a
   * waiting worker is woken when there is work. Partition 0 needs neither: its scripts wake its
   * own list, and the board reads it live. Never throws: the change is made, and a report lost
   * (the store fails, or this process dies first) costs the sweep's wait.
   */
  private async announce(queue: string, index: number): Promise<void> {
    this.boards.get(queue)?.poke(index);
    if (index === 0) return;
    const partition = this.layouts.known(queue)?.names[index];
    if (partition === undefined) return;
    try {
      const work = await this.inner.partitionWork(partition, true);
      await this.inner.reportWork(queue, index, work, work.top !== null || work.dueAt !== null);
    } catch {
      // see above: the sweep finds it
    }
  }

  /** A setting changed what may be claimed: every partition of the queue is worth a claim again. */
  private async announceAll(queue: string): Promise<void> {
    const layout = this.layouts.known(queue);
    if (!layout || layout.single) return;
    await Promise.all(layout.names.map((_, i) => this.announce(queue, i)));
  }

  private async announcePartition(queue: string, partition: string): Promise<void> {
    const index = this.layouts.known(queue)?.indexOf(partition) ?? -1;
    if (index >= 0) await this.announce(queue, index);
  }

  /** Keyed jobs whose key names a live job in the key's home under an earlier count: reported as that job. */
  private async findMovedKeys(layout: PartitionLayout, jobs: NewJob[], results: (EnqueueResult | undefined)[]): Promise<void> {
    await Promise.all(
      jobs.map(async (job, i) => {
        // a named group's job is keyed within its group's partition (it never goes elsewhere)
        if (job.idempotencyKey === undefined || job.group) return;
        const existing = await this.liveKeyElsewhere(layout, job.idempotencyKey, keyHome(job.idempotencyKey, layout.writable), false);
        if (existing) results[i] = { job: named(existing), created: false };
      }),
    );
  }

  /**
   * The live job `key` names in a partition other than `except`: the key's home now (unless
   * `homeToo` is false) or under an earlier count. One read per such partition.
   */
  private async liveKeyElsewhere(layout: PartitionLayout, key: string, except: number, homeToo = true): Promise<Job | null> {
    const homes = new Set(layout.history.map((count) => keyHome(key, count)));
    if (homeToo) homes.add(keyHome(key, layout.writable));
    homes.delete(except);
    for (const index of homes) {
      if (index >= layout.names.length) continue;
      const existing = await this.inner.findByIdempotencyKey(layout.names[index], key);
      if (existing) return existing;
    }
    return null;
  }

  /**
   * Writes each partition's jobs in one script. Jobs of several partitions (a bulk whose keys hash
   * to several) are staged first: partitions can fail apart (StagedBulk).
   */
  private async writeGroups(layout: PartitionLayout, jobs: NewJob[], groups: Map<number, number[]>, results: (EnqueueResult | undefined)[]): Promise<void> {
    if (groups.size > 1) return this.bulk.write(layout, jobs, groups, results);
    for (const [index, members] of groups) {
      const report = await this.inner.enqueuePartition(members.map((i) => placeIn(jobs[i], layout, index)));
      refuseInDoubt(report.results);
      report.results.forEach((result, k) => (results[members[k]] = { ...result, job: named(result.job) }));
      if (report.results.some((r) => r.created)) await this.reportEnqueue(layout.queue, index, report);
    }
  }

  /**
   * New jobs in partition `index`. The board is told when they made work claimable where there was
   * none (and a waiting worker woken), raised the partition's best priority (busy workers claim
   * there first from their next read of the board), or brought its next due time forward (a
   * waiting worker woken, to wait for it instead). Anything else the board and the workers know
   * already: work there was claimable before, and was reported when it became so. Partition 0's
   * enqueue wakes its own list, and the board reads it live. A report that fails (the jobs are
   * stored) costs what a lost wake-up costs: the sweep's wait.
   */
  private async reportEnqueue(queue: string, index: number, report: EnqueueReport): Promise<void> {
    const { before, after } = report;
    this.boards.get(queue)?.saw(index, after, false);
    if (index === 0) return;
    const madeClaimable = before.top === null && after.top !== null;
    const raised = before.top !== null && after.top !== null && after.top > before.top;
    const dueSooner = after.dueAt !== null && (before.dueAt === null || after.dueAt < before.dueAt);
    if (!madeClaimable && !raised && !dueSooner) return;
    await this.inner.reportWork(queue, index, after, madeClaimable || dueSooner).catch(() => undefined);
  }

  /** Items of a queue's leases grouped by the partition their id names, one call per partition, outcomes in the items' order. */
  private async byPartition<T extends { id: string }, R>(queue: string, items: T[], call: (partition: string, part: T[]) => Promise<R[]>): Promise<R[]> {
    const groups = groupBy(items, (item) => queueOfJobId(item.id) ?? queue);
    if (groups.size === 1) {
      const [[partition, part]] = groups;
      return call(partition, part);
    }
    const out: R[] = new Array(items.length);
    const positions = new Map<T, number>();
    items.forEach((item, i) => positions.set(item, i));
    await Promise.all(
      [...groups].map(async ([partition, part]) => {
        const outcomes = await call(partition, part);
        part.forEach((item, k) => (out[positions.get(item)!] = outcomes[k]));
      }),
    );
    return out;
  }

  private async each<R>(queue: string, call: (partition: string) => Promise<R>): Promise<R[]> {
    const layout = await this.layout(queue);
    return Promise.all(layout.names.map(call));
  }

  /** A count-returning upkeep step within one budget for the queue (straight through for one partition). */
  private async withBudget(queue: string, limit: number, call: (partition: string, budget: number, index: number) => Promise<number>): Promise<number> {
    const layout = await this.layout(queue);
    return layout.single ? call(queue, limit, 0) : this.upkeep.spend(layout, limit, false, call);
  }

  private async reapEach(queue: string, limit: number, rootLast: boolean, call: (partition: string, budget: number) => Promise<ReapResult>): Promise<ReapResult> {
    const layout = await this.layout(queue);
    if (layout.single) return call(queue, limit);
    const results: ReapResult[] = [];
    await this.upkeep.spend(
      layout,
      limit,
      rootLast,
      async (partition, budget, i) => {
        const result = await call(partition, budget);
        if (result.requeued.length > 0) await this.announce(queue, i);
        return result;
      },
      reaped,
      results,
    );
    return mergeReaps(results);
  }
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
