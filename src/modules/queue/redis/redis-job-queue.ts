import { randomBytes } from 'node:crypto';
import { hardDeadline, leaseUntil } from '../../../domain/hard-time-limit';
import { InvalidJobSpecError } from '../../../domain/errors';
import { ClaimedJob, EnqueueResult, HeartbeatOutcome, Lease, NewJob } from '../../../domain/job';
import { ClaimResult, CompleteRequest, FailRequest, HeldLeases, JobQueue, ReportOutcome, ReportRequest, SettleOutcome, StrayLease } from '../job-queue';
import { PartitionClaim, StagedResult } from '../partitions/partition-host';
import { workFromReply } from '../partitions/partition-board';
import { claimedJobHash, decodeJob, encodeNewJob, pairsToHash, parentResultsOf } from './redis-job-codec';
import { RedisContext } from './redis-context';
import { RedisWakeWaiter } from './redis-wake-waiter';

/** Scheduled jobs a claim promotes before popping: bounds the claim script's work. */
const CLAIM_PROMOTE_LIMIT = 1_000;

/**
 * The job queue on Redis: enqueue.lua, claim.lua, heartbeat.lua, complete.lua, fail.lua and
 * release.lua, each one call over one queue's keys, batched per call. See src/lua for the scripts
 * and redis-job-codec.ts for the job hash.
 */
export class RedisJobQueue extends JobQueue {
  constructor(
    private readonly ctx: RedisContext,
    private readonly waiter: RedisWakeWaiter,
  ) {
    super();
  }

  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    return (await this.write('enqueue', jobs)).results;
  }

  /** enqueue.lua or enqueue-partition.lua (the same arguments; the reply's first item lists the jobs not created). */
  async write(script: 'enqueue' | 'enqueue-partition', jobs: NewJob[]): Promise<{ results: StagedResult[]; reply: unknown[] }> {
    if (jobs.length === 0) return { results: [], reply: [[], [0, '', ''], [0, '', '']] };
    const queue = jobs[0].queue;
    if (jobs.some((j) => j.queue !== queue)) throw new InvalidJobSpecError('queue', 'must be the same for every job of one call');
    const now = this.ctx.clock.now();
    const args: (string | number)[] = [jobs.length];
    const encoded = jobs.map((job) => encodeNewJob(job, now));
    jobs.forEach((job, i) => args.push(job.id, encoded[i].length / 2, ...encoded[i]));
    return this.ctx.call(async () => {
      await this.ctx.registerQueue(queue);
      // the reply lists only the jobs not created (their idempotency key matched): {index, id, hash...}
      const reply = (await this.ctx.run(script, queue, args, now, this.ctx.replicaWait)) as unknown[];
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

  async claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult> {
    return this.claimWith(queue, workerId, max, leaseMs, false, false);
  }

  /**
   * claim.lua. `budgeted`: the queue's rate was taken by the caller (a partitioned claim);
   * `withWork`: the reply also carries the partition's work after the claim (PartitionClaim).
   */
  async claimWith(queue: string, workerId: string, max: number, leaseMs: number, budgeted: boolean, withWork: boolean): Promise<ClaimResult> {
    const ctx = this.ctx;
    const now = ctx.clock.now();
    const count = Math.max(0, Math.floor(max));
    const args = [workerId, count, leaseMs, CLAIM_PROMOTE_LIMIT, ctx.graceMs, ctx.hostConcurrency, budgeted ? '1' : '0', ctx.traceContextFlag, withWork ? '1' : '0'];
    const [claimed, nextDueAt, , more, promoted, work] = (await ctx.call(() => ctx.run('claim', queue, args, now))) as [
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
      const out: ClaimedJob = { job, token, leaseExpiresAt: leaseUntil(now, leaseMs, hardDeadline(now, job.timeoutMs, ctx.graceMs)) };
      if (reply[4] !== undefined) Object.assign(out, parentResultsOf(reply[4] as string[]));
      return out;
    });
    const result: ClaimResult = jobs.length < count && nextDueAt >= 0 ? { jobs, nextDueAt } : { jobs };
    if (more === 1) result.more = true;
    if (promoted > 0) result.promoted = promoted;
    if (work) (result as PartitionClaim).work = workFromReply(work);
    return result;
  }

  async heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]> {
    if (leases.length === 0) return [];
    const args = [leaseMs, this.ctx.graceMs, ...leases.flatMap((l) => [l.id, l.token])];
    return this.ctx.call(() => this.ctx.run('heartbeat', queue, args)) as Promise<HeartbeatOutcome[]>;
  }

  /** One SCARD of each worker's lease set, in one pipeline. */
  async heldCounts(queue: string, workerIds: readonly string[]): Promise<number[]> {
    if (workerIds.length === 0) return [];
    const keys = this.ctx.keys(queue);
    const replies = await this.ctx.call(() => {
      const pipeline = this.ctx.redis.pipeline();
      for (const id of workerIds) pipeline.scard(keys.workerLeases(id));
      return pipeline.exec();
    });
    return (replies ?? []).map(([error, count]) => {
      if (error) throw error;
      return Number(count);
    });
  }

  async report(queue: string, items: ReportRequest[], logLines: number): Promise<ReportOutcome[]> {
    if (items.length === 0) return [];
    // the call's own id: a resend of this very call applies nothing twice (report.lua)
    const args: (string | number)[] = [logLines, randomBytes(8).toString('hex')];
    for (const item of items) {
      const lines = item.lines ?? [];
      args.push(item.id, item.token, item.progressJson ?? '', lines.length, ...lines);
    }
    return this.ctx.call(() => this.ctx.run('report', queue, args)) as Promise<ReportOutcome[]>;
  }

  async strayLeases(queue: string, held: readonly HeldLeases[], claimedBefore?: number): Promise<StrayLease[]> {
    if (held.length === 0) return [];
    const keys = this.ctx.keys(queue);
    const args: (string | number)[] = [claimedBefore ?? ''];
    for (const { workerId, heldIds } of held) args.push(workerId, heldIds.length, ...heldIds);
    const reply = (await this.ctx.call(() => this.ctx.scripts.run('stray-leases', keys, args))) as string[];
    const leases: StrayLease[] = [];
    for (let i = 0; i + 2 < reply.length; i += 3) leases.push({ id: reply[i], token: Number(reply[i + 1]), workerId: reply[i + 2] });
    return leases;
  }

  async complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]> {
    if (items.length === 0) return [];
    // a fourth value per item, its run's traceparent, only when one of them has it (tracing on)
    const stride = items.some((item) => item.runTraceparent !== undefined) ? 4 : 3;
    const args: (string | number)[] = new Array(2 + items.length * stride);
    args[0] = this.ctx.deleteSucceededFlag;
    args[1] = stride;
    for (let i = 0, k = 2; i < items.length; i++, k += stride) {
      args[k] = items[i].id;
      args[k + 1] = items[i].token;
      args[k + 2] = items[i].resultJson ?? '';
      if (stride === 4) args[k + 3] = items[i].runTraceparent ?? '';
    }
    return this.settled(queue, items.length, await this.ctx.call(() => this.ctx.run('complete', queue, args, undefined, this.ctx.replicaWait)));
  }

  async fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]> {
    if (items.length === 0) return [];
    const args = items.flatMap((f) => [f.id, f.token, f.error, f.retryable ? '1' : '0', f.retryDelayMs ?? '', this.ctx.random(), f.stack ?? '']);
    return this.settled(queue, items.length, await this.ctx.call(() => this.ctx.run('fail', queue, args)));
  }

  async release(queue: string, leases: Lease[]): Promise<SettleOutcome[]> {
    if (leases.length === 0) return [];
    const args = leases.flatMap((l) => [l.id, l.token]);
    return this.settled(queue, leases.length, await this.ctx.call(() => this.ctx.run('release', queue, args)));
  }

  async waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    await this.ctx.call(() => this.waiter.wait(this.ctx.keys(queue).wake, timeoutMs, signal));
  }

  /** claim.lua marks a claim that left its worker idle (iw); wakeWorkers signals `work` then. */
  override signalsWork(): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** A settle script's outcomes, less the trailing 'rejoined' it adds when a group rejoined the round. */
  private settled(queue: string, count: number, reply: unknown): SettleOutcome[] {
    const outcomes = reply as string[];
    if (outcomes.length > count) {
      outcomes.length = count;
      this.ctx.rejoinListener?.(queue);
    }
    return outcomes as SettleOutcome[];
  }
}
