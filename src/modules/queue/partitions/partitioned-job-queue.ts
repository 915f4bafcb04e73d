import { InvalidJobSpecError } from '../../../domain/errors';
import { ClaimedJob, EnqueueResult, HeartbeatOutcome, Lease, NewJob } from '../../../domain/job';
import { idTail, queueOfJobId } from '../../../domain/job-id';
import { keyHome } from '../../../domain/queue-partition';
import { ClaimResult, CompleteRequest, FailRequest, HeldLeases, JobQueue, ReportOutcome, ReportRequest, SettleOutcome, StrayLease } from '../job-queue';
import { PartitionBoard } from './partition-board';
import { EnqueueReport } from './partition-host';
import { PartitionLayout } from './partition-layout';
import { named, placeIn } from './partition-names';
import { PartitionRouter } from './partition-router';
import { homeOf } from './partitioned-groups';
import { refuseInDoubt } from './staged-bulk';

/**
 * The job queue of partitioned queues (partitioned-engine.ts says how a queue is spread):
 * - Enqueue: a job with an idempotency key goes to the partition its key hashes to (jump hash), so
 *   de-duplication stays global; the other jobs of a call go with the first keyed job, or where
 *   the first job's id hashes to, so one call is one script on one slot (a bulk whose keys hash to
 *   several partitions is one script per partition: see writeGroups). When the write made work
 *   claimable in a partition that had none, raised its best priority or brought a due time
 *   forward, the queue's board (in partition 0) is told, and in the first and last case a waiting
 *   worker is woken (a token on partition 0's wake list, where they wait): see reportEnqueue.
 * - Claim: see PartitionBoard. A claim that followed a wake-up, or promoted jobs, and left work
 *   behind reports it and wakes the next idle worker, as the first partition's scripts do.
 * - Leases name their partition (job ids do): heartbeats and settles go one call per partition.
 */
export class PartitionedJobQueue extends JobQueue {
  private readonly strayCursor = new Map<string, number>();

  constructor(private readonly router: PartitionRouter) {
    super();
  }

  private get inner() {
    return this.router.inner;
  }

  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    if (jobs.length === 0) return [];
    const queue = jobs[0].queue;
    if (jobs.some((j) => j.queue !== queue)) throw new InvalidJobSpecError('queue', 'must be the same for every job of one call');
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.jobs.enqueue(jobs);

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

  async claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult> {
    const router = this.router;
    const layout = router.layouts.known(queue) ?? (await router.layout(queue));
    if (layout.single) return this.inner.jobs.claim(queue, workerId, max, leaseMs);
    void router.layout(queue);
    const size = layout.names.length;
    const board = router.board(queue, size);
    const woke = board.takeWoken();
    // after a wait, and every BOARD_FRESH_MS while busy: what the other processes wrote
    if (board.needsRead(router.clock.now())) await this.readBoard(queue, board);
    const jobs: ClaimedJob[] = [];
    let nextDueAt: number | undefined;
    // the queue's rate is one bucket in partition 0: tokens first, then the partitions' claims
    const budgeted = router.layouts.isRateLimited(queue);
    let budget = max;
    if (budgeted) {
      const tokens = await this.inner.partitions.takeRateTokens(layout.names[0], max);
      budget = tokens.taken;
      if (tokens.nextAt !== undefined) nextDueAt = tokens.nextAt;
      if (budget === 0) return nextDueAt === undefined ? { jobs } : { jobs, nextDueAt };
    }
    try {
      await this.claimPartitions(queue, layout, board, woke, workerId, budget, leaseMs, budgeted, jobs, (due) => {
        nextDueAt = Math.min(nextDueAt ?? Number.POSITIVE_INFINITY, due);
      });
    } finally {
      if (budgeted && jobs.length < budget) await this.inner.partitions.refundRateTokens(layout.names[0], budget - jobs.length);
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
    const now = this.router.clock.now();
    // the board names nothing: this claim is the sweep's, which may find a report lost with its writer
    const sweep = !board.anyWork(size, now);
    let served: number | undefined;
    for (const i of board.plan(size, now)) {
      if (jobs.length >= max) break;
      const want = max - jobs.length;
      this.router.touch(queue, i);
      const result = await this.inner.partitions.claimPartition(layout.names[i], workerId, want, leaseMs, budgeted);
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
        await this.inner.partitions.reportWork(queue, i, result.work, left).catch(() => undefined);
      }
    }
    if (served !== undefined) board.servedLast(served, size);
  }

  private async readBoard(queue: string, board: PartitionBoard): Promise<void> {
    const read = await this.inner.partitions.readBoard(queue);
    // partition 0's scripts share the board's slot and report nothing: it is read live
    read.reports.set(0, read.zero);
    board.read(read.reports, this.router.clock.now());
  }

  /** Summed over the partitions: a worker holds leases wherever it claimed. */
  async heldCounts(queue: string, workerIds: readonly string[]): Promise<number[]> {
    const all = await this.router.each(queue, (partition) => this.inner.jobs.heldCounts(partition, workerIds));
    return workerIds.map((_, i) => all.reduce((sum, counts) => sum + counts[i], 0));
  }

  async report(queue: string, items: ReportRequest[], logLines: number): Promise<ReportOutcome[]> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.jobs.report(queue, items, logLines);
    return this.router.byPartition(queue, items, (partition, part) => this.inner.jobs.report(partition, part, logLines));
  }

  async heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.jobs.heartbeat(queue, leases, leaseMs);
    return this.router.byPartition(queue, leases, (partition, part) => this.inner.jobs.heartbeat(partition, part, leaseMs));
  }

  /**
   * Strays are looked for in the partitions this instance claimed from since the last look (a
   * claim whose reply was lost can only have left leases there) and in one more, in turn.
   */
  async strayLeases(queue: string, held: readonly HeldLeases[], claimedBefore?: number): Promise<StrayLease[]> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.jobs.strayLeases(queue, held, claimedBefore);
    const size = layout.names.length;
    const touched = this.router.takeTouched(queue);
    const turn = (this.strayCursor.get(queue) ?? 0) % size;
    this.strayCursor.set(queue, turn + 1);
    const visit = [...new Set([...touched, turn])].filter((i) => i < size);
    const found = await Promise.all(
      visit.map((i) => {
        const partition = layout.names[i];
        const inPartition = held.map(({ workerId, heldIds }) => ({ workerId, heldIds: heldIds.filter((id) => queueOfJobId(id) === partition) }));
        return this.inner.jobs.strayLeases(partition, inPartition, claimedBefore);
      }),
    );
    // what was touched stays touched for the registry until the next look
    for (const i of touched) this.router.touch(queue, i);
    return found.flat();
  }

  async complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]> {
    if (this.router.layouts.known(queue)?.single) return this.inner.jobs.complete(queue, items);
    return this.router.byPartition(queue, items, (partition, part) => this.inner.jobs.complete(partition, part));
  }

  /** A retry (pending at once, or scheduled) is announced like a release: any worker may take it. */
  async fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]> {
    if (this.router.layouts.known(queue)?.single) return this.inner.jobs.fail(queue, items);
    return this.router.byPartition(queue, items, async (partition, part) => {
      const outcomes = await this.inner.jobs.fail(partition, part);
      if (outcomes.includes('pending') || outcomes.includes('scheduled')) await this.router.announcePartition(queue, partition);
      return outcomes;
    });
  }

  async release(queue: string, leases: Lease[]): Promise<SettleOutcome[]> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.jobs.release(queue, leases);
    return this.router.byPartition(queue, leases, async (partition, part) => {
      const outcomes = await this.inner.jobs.release(partition, part);
      if (outcomes.includes('pending')) await this.router.announcePartition(queue, partition);
      return outcomes;
    });
  }

  /**
   * Waits on the first partition's wake list, where every partition's writers wake the queue's
   * workers; the claim after it reads the board first.
   */
  async waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.jobs.waitForWork(queue, timeoutMs, signal);
    const woken = await this.inner.partitions.waitForToken(queue, timeoutMs, signal);
    this.router.board(queue, layout.names.length).waited(woken);
  }

  /** As the unpartitioned queue does while the queue has one partition; its board's waits otherwise. */
  override async signalsWork(queue: string): Promise<boolean> {
    const layout = await this.router.layouts.current(queue);
    return layout.single && (await this.inner.jobs.signalsWork(queue));
  }

  /** Keyed jobs whose key names a live job in the key's home under an earlier count: reported as that job. */
  private async findMovedKeys(layout: PartitionLayout, jobs: NewJob[], results: (EnqueueResult | undefined)[]): Promise<void> {
    await Promise.all(
      jobs.map(async (job, i) => {
        // a named group's job is keyed within its group's partition (it never goes elsewhere)
        if (job.idempotencyKey === undefined || job.group) return;
        const existing = await this.router.liveKeyElsewhere(layout, job.idempotencyKey, keyHome(job.idempotencyKey, layout.writable), false);
        if (existing) results[i] = { job: named(existing), created: false };
      }),
    );
  }

  /**
   * Writes each partition's jobs in one script. Jobs of several partitions (a bulk whose keys hash
   * to several) are staged first: partitions can fail apart (StagedBulk).
   */
  private async writeGroups(layout: PartitionLayout, jobs: NewJob[], groups: Map<number, number[]>, results: (EnqueueResult | undefined)[]): Promise<void> {
    if (groups.size > 1) return this.router.bulk.write(layout, jobs, groups, results);
    for (const [index, members] of groups) {
      const report = await this.inner.partitions.enqueuePartition(members.map((i) => placeIn(jobs[i], layout, index)));
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
    this.router.knownBoard(queue)?.saw(index, after, false);
    if (index === 0) return;
    const madeClaimable = before.top === null && after.top !== null;
    const raised = before.top !== null && after.top !== null && after.top > before.top;
    const dueSooner = after.dueAt !== null && (before.dueAt === null || after.dueAt < before.dueAt);
    if (!madeClaimable && !raised && !dueSooner) return;
    await this.inner.partitions.reportWork(queue, index, after, madeClaimable || dueSooner).catch(() => undefined);
  }
}
