import { randomBytes } from 'node:crypto';
import calculateSlot from 'cluster-key-slot';
import { NewJob } from '../../../domain/job';
import { partitionName } from '../../../domain/queue-partition';
import { BoardRead, EnqueueReport, LayoutHost, PartitionClaim, PartitionHost, StagedResult, StagingHost, StoredLayout } from '../partitions/partition-host';
import { PartitionWork, workFromBoardEntry, workFromReply } from '../partitions/partition-board';
import { isCluster } from './redis-connection';
import { RedisContext } from './redis-context';
import { decodeJob, encodeNewJob, pairsToHash } from './redis-job-codec';
import { RedisJobQueue } from './redis-job-queue';
import { RedisWakeWaiter } from './redis-wake-waiter';

/**
 * What the partition router (partitions/) needs of Redis beyond the ports, where every `queue` is
 * a partition's stored name (queue-partition.ts): claims and enqueues that report a partition's
 * work, the board, the layout, and the two-phase writes of a bulk (stage*.lua).
 */
export class RedisPartitions implements PartitionHost, LayoutHost, StagingHost {
  constructor(
    private readonly ctx: RedisContext,
    private readonly jobs: RedisJobQueue,
    private readonly waiter: RedisWakeWaiter,
  ) {}

  // PartitionHost: claims, enqueues and the board

  async enqueuePartition(jobs: NewJob[]): Promise<EnqueueReport> {
    const { results, reply } = await this.jobs.write('enqueue-partition', jobs);
    return { results, before: workFromReply(reply[1] as unknown[]), after: workFromReply(reply[2] as unknown[]) };
  }

  async claimPartition(partition: string, workerId: string, max: number, leaseMs: number, budgeted: boolean): Promise<PartitionClaim> {
    return this.jobs.claimWith(partition, workerId, max, leaseMs, budgeted, true) as Promise<PartitionClaim>;
  }

  async takeRateTokens(partition: string, max: number): Promise<{ taken: number; nextAt?: number }> {
    const args = [Math.max(0, Math.floor(max)), randomBytes(8).toString('hex')];
    const [taken, nextAt] = (await this.ctx.call(() => this.ctx.run('rate-take', partition, args))) as [number, number];
    return nextAt >= 0 ? { taken, nextAt } : { taken };
  }

  async refundRateTokens(partition: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    await this.ctx.call(() => this.ctx.run('rate-refund', partition, [Math.floor(tokens), randomBytes(8).toString('hex')]));
  }

  onGroupsRejoined(listener: (partition: string) => void): void {
    this.ctx.rejoinListener = listener;
  }

  async waitForToken(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return (await this.ctx.call(() => this.waiter.wait(this.ctx.keys(queue).wake, timeoutMs, signal))) !== undefined;
  }

  async partitionWork(partition: string, touch: boolean): Promise<PartitionWork> {
    return workFromReply((await this.ctx.call(() => this.ctx.run('partition-work', partition, [touch ? '1' : '0']))) as unknown[]);
  }

  async reportWork(queue: string, index: number, work: PartitionWork, wake: boolean): Promise<void> {
    const args = [index, work.seq, work.top ?? '', work.dueAt ?? '', wake ? '1' : '0'];
    await this.ctx.call(() => this.ctx.run('board-report', queue, args));
  }

  async readBoard(queue: string): Promise<BoardRead> {
    const [board, zero] = (await this.ctx.call(() => this.ctx.run('board-read', queue, []))) as [string[], unknown[]];
    const reports = new Map<number, PartitionWork>();
    for (let i = 0; i + 1 < board.length; i += 2) {
      const work = workFromBoardEntry(board[i + 1]);
      if (work && /^\d+$/.test(board[i])) reports.set(Number(board[i]), work);
    }
    return { reports, zero: workFromReply(zero) };
  }

  // LayoutHost: the partitions a queue has

  async readPartitionLayout(queue: string): Promise<StoredLayout> {
    return this.ctx.call(() => this.ctx.redis.hgetall(this.ctx.keys(queue).partitions));
  }

  async setPartitionCount(queue: string, count: number): Promise<StoredLayout> {
    return pairsToHash((await this.ctx.call(() => this.ctx.run('partitions-count', queue, [count]))) as unknown[], 0);
  }

  async dropPartition(partition: string): Promise<boolean> {
    return (await this.ctx.call(() => this.ctx.run('partition-drop', partition, []))) === 1;
  }

  async retirePartition(queue: string, index: number, guardMs: number): Promise<StoredLayout> {
    return pairsToHash((await this.ctx.call(() => this.ctx.run('partitions-retire', queue, [index, guardMs]))) as unknown[], 0);
  }

  async addPartition(queue: string, index: number, k: number): Promise<StoredLayout> {
    return pairsToHash((await this.ctx.call(() => this.ctx.run('partitions-add', queue, [index, k]))) as unknown[], 0);
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
    const redis = this.ctx.redis;
    const masterOf = (k: number): string | undefined =>
      isCluster(redis) ? redis.slots[calculateSlot(this.ctx.keys(partitionName(queue, k)).seq)]?.[0] : undefined;
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

  // StagingHost: a bulk across partitions in two phases (partition-host.ts, stage*.lua)

  async stageJobs(partition: string, stageId: string, deadline: number, jobs: NewJob[]): Promise<StagedResult[]> {
    const now = this.ctx.clock.now();
    const args: (string | number)[] = [stageId, deadline, jobs.length];
    const encoded = jobs.map((job) => encodeNewJob(job, now));
    jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
    return this.ctx.call(async () => {
      await this.ctx.registerQueue(partition);
      const notCreated = (await this.ctx.run('stage', partition, args, now)) as unknown[][];
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
    const [committed] = (await this.ctx.call(() => this.ctx.run('stage-commit', partition, args, this.ctx.clock.now(), this.ctx.replicaWait))) as [number];
    return committed < 0 ? null : { committed };
  }

  async rollbackStage(partition: string, stageId: string): Promise<number> {
    return (await this.ctx.call(() => this.ctx.run('stage-rollback', partition, [stageId]))) as number;
  }

  async expiredStages(partition: string, limit: number): Promise<string[]> {
    return this.ctx.call(() => this.ctx.redis.zrangebyscore(this.ctx.keys(partition).stages, '-inf', this.ctx.clock.now(), 'LIMIT', 0, limit));
  }

  async isCommitted(partition: string, stageId: string): Promise<boolean> {
    return (await this.ctx.call(() => this.ctx.redis.zscore(this.ctx.keys(partition).commits, stageId))) !== null;
  }

  async forgetCommits(partition: string): Promise<void> {
    await this.ctx.call(() => this.ctx.redis.zremrangebyscore(this.ctx.keys(partition).commits, '-inf', this.ctx.clock.now()));
  }
}
