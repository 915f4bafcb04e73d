import { ExecutionNotFoundError, InvalidJobSpecError } from '../../../domain/errors';
import { ExecutionRecord, NewExecution, queueOfExecutionId } from '../../../domain/execution';
import { GraphConflictError } from '../../../domain/job-graph';
import { NewJob } from '../../../domain/job';
import { ExecutionPage, ExecutionStore, RefreshBacklog } from '../execution-store';
import { ListPage } from '../job-admin';
import { decodeExecutionCursor, encodeExecutionCursor, ExecutionPosition } from '../execution-list-cursor';
import { decodeExecution } from './redis-execution-codec';
import { decodeJob, encodeNewJob, pairsToHash } from './redis-job-codec';
import { RedisQueueKeys } from './redis-queue-keys';
import { RedisContext } from './redis-context';
import { decodeOffsetCursor, encodeOffsetCursor } from '../execution-job-cursor';

/** Jobs one cancel-execution call looks at (the script is bounded; the caller loops). */
const CANCEL_SLICE = 1_000;

/**
 * Executions on Redis. Counters live in one hash per execution under the queue's hash tag, changed
 * only by the scripts, in the same call as each job transition.
 */
export class RedisExecutionStore extends ExecutionStore {
  constructor(private readonly ctx: RedisContext) {
    super();
  }

  async create(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord> {
    return this.ctx.call(async () => {
      await this.ctx.registerQueue(execution.queue);
      return this.write(execution, jobs, this.ctx.clock.now());
    });
  }

  private async write(execution: NewExecution, jobs: NewJob[], now: number): Promise<ExecutionRecord> {
    if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== execution.id)) {
      throw new InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${execution.id}`);
    }
    const args: (string | number)[] = [execution.id, execution.callbackUrl ?? '', execution.idempotencyKey ?? '', jobs.length];
    const children = childrenOf(jobs);
    for (const job of jobs) {
      const fields = encodeNewJob(job, now);
      const kids = children?.get(job.id);
      if (kids) fields.push('ch', kids.join(' '));
      args.push(job.id, fields.length / 2);
      for (const field of fields) args.push(field);
    }
    // the id is another execution's when the idempotency key named it (nothing was written)
    const [id, hash] = (await this.ctx.run('create-execution', execution.queue, args, now, this.ctx.replicaWait)) as [string, unknown[], unknown];
    return decodeExecution(String(id), pairsToHash(hash));
  }

  async addJobs(id: string, jobs: NewJob[]): Promise<ExecutionRecord> {
    const queue = queueOfExecutionId(id);
    if (queue === undefined) throw new ExecutionNotFoundError(id);
    if (jobs.some((j) => j.queue !== queue || j.executionId !== id)) throw new InvalidJobSpecError('jobs', `must all be of queue ${queue} and execution ${id}`);
    return this.ctx.call(async () => {
      const now = this.ctx.clock.now();
      const args: (string | number)[] = [id, jobs.length];
      const children = childrenOf(jobs);
      for (const job of jobs) {
        const fields = encodeNewJob(job, now);
        const kids = [...(children?.get(job.id) ?? []), ...(job.graph?.requiredByIds ?? [])];
        if (kids.length > 0) fields.push('ch', kids.join(' '));
        args.push(job.id, fields.length / 2);
        for (const field of fields) args.push(field);
      }
      const reply = (await this.ctx.run('add-to-execution', queue, args, now, this.ctx.replicaWait)) as unknown[];
      if (reply[0] === 'not_found') throw new ExecutionNotFoundError(id);
      if (reply[0] === 'ended') throw new GraphConflictError(`execution ${id} has ended: jobs cannot be added to it`);
      if (reply[0] === 'not_blocked') throw new GraphConflictError(`job "${String(reply[1])}" is ${String(reply[2])}: it no longer waits, so it cannot wait on a new job`);
      return decodeExecution(id, pairsToHash(reply, 1));
    });
  }

  async get(id: string): Promise<ExecutionRecord | null> {
    return this.ctx.call(() => this.read(id));
  }

  private async read(id: string): Promise<ExecutionRecord | null> {
    const queue = queueOfExecutionId(id);
    if (queue === undefined) return null;
    const hash = await this.ctx.redis.hgetall(this.ctx.keys(queue).execution(id));
    return Object.keys(hash).length === 0 ? null : decodeExecution(id, hash);
  }

  /** A page of the queue's executions after the cursor's position, newest first (list-executions.lua). */
  async list(queue: string, limit: number, cursor?: string): Promise<ExecutionPage> {
    const after = decodeExecutionCursor(cursor);
    return this.ctx.call(() => this.page(queue, limit, after));
  }

  private async page(queue: string, limit: number, after: ExecutionPosition | undefined): Promise<ExecutionPage> {
    const count = Math.max(1, Math.floor(limit));
    // one more than the page: whether a next page exists
    const args = after ? [after.createdAt, after.id, count + 1] : ['', '', count + 1];
    const reply = (await this.ctx.run('list-executions', queue, args)) as [string, string, unknown[]][];
    const page = reply.slice(0, count);
    // an entry without its hash (not one create-execution.lua leaves) is passed over
    const items = page.filter(([, , hash]) => hash.length > 0).map(([id, , hash]) => decodeExecution(String(id), pairsToHash(hash)));
    if (reply.length <= count) return { items, nextCursor: null };
    const [id, score] = page[count - 1];
    return { items, nextCursor: encodeExecutionCursor({ createdAt: Number(score), id: String(id) }) };
  }

  /** Offset cursor: an execution's job list never changes once created. Deleted jobs are skipped. */
  async listJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    return this.ctx.call(() => this.jobsOf(id, limit, cursor));
  }

  private async jobsOf(id: string, limit: number, cursor?: string): Promise<ListPage> {
    const { redis } = this.ctx;
    const keys = this.keysOf(id);
    const start = decodeOffsetCursor(cursor);
    const count = Math.max(1, Math.floor(limit));
    const [[, exists], [, ids]] = ((await redis
      .multi()
      .exists(keys.execution(id))
      .lrange(keys.executionJobs(id), start, start + count - 1)
      .exec()) ?? []) as [[unknown, number], [unknown, string[]]];
    if (!exists) throw new ExecutionNotFoundError(id);
    const pipeline = redis.pipeline();
    for (const jobId of ids) pipeline.hgetall(keys.job(jobId));
    const hashes = ids.length > 0 ? ((await pipeline.exec()) ?? []) : [];
    const items = [];
    for (let i = 0; i < ids.length; i++) {
      const [error, raw] = hashes[i];
      if (error) throw error;
      const hash = raw as Record<string, string>;
      if (Object.keys(hash).length > 0) items.push(decodeJob(ids[i], hash));
    }
    return { items, nextCursor: ids.length < count ? null : encodeOffsetCursor(start + ids.length) };
  }

  async cancel(id: string): Promise<ExecutionRecord> {
    return this.ctx.call(() => this.cancelAll(id));
  }

  private async cancelAll(id: string): Promise<ExecutionRecord> {
    const queue = this.queueOf(id);
    for (let offset = 0; offset >= 0; ) {
      const reply = (await this.ctx.run('cancel-execution', queue, [id, offset, CANCEL_SLICE])) as [string, number];
      if (reply[0] === 'not_found') throw new ExecutionNotFoundError(id);
      offset = Number(reply[1]);
    }
    const record = await this.read(id);
    if (!record) throw new ExecutionNotFoundError(id);
    return record;
  }

  async claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]> {
    if (/\s/.test(refresherId)) throw new Error(`refresher id ${JSON.stringify(refresherId)} must not contain spaces`);
    const replies = (await this.ctx.call(() => this.ctx.run('refresh-claim', queue, [refresherId, Math.max(0, Math.floor(max))]))) as unknown[][];
    return replies.map((reply) => decodeExecution(String(reply[0]), pairsToHash(reply, 1)));
  }

  async ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void> {
    if (ids.length === 0 && callbacksEnqueued.length === 0) return;
    await this.ctx.call(() => this.ctx.run('refresh-ack', queue, [refresherId, ids.length, ...ids, ...callbacksEnqueued]));
  }

  async requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number> {
    return Number(await this.ctx.call(() => this.ctx.run('refresh-requeue', queue, [staleMs, limit])));
  }

  async trim(queue: string, retentionMs: number, limit: number): Promise<number> {
    return Number(await this.ctx.call(() => this.ctx.run('trim-executions', queue, [retentionMs, Math.max(0, Math.floor(limit))])));
  }

  async refreshBacklog(queue: string): Promise<RefreshBacklog> {
    const keys = this.ctx.keys(queue);
    const replies = (await this.ctx.call(() => this.ctx.redis.multi().scard(keys.refresh).zcard(keys.refreshing).exec())) ?? [];
    return { backlog: Number(replies[0]?.[1] ?? 0), inFlight: Number(replies[1]?.[1] ?? 0) };
  }

  private queueOf(id: string): string {
    const queue = queueOfExecutionId(id);
    if (queue === undefined) throw new ExecutionNotFoundError(id);
    return queue;
  }

  private keysOf(id: string): RedisQueueKeys {
    return this.ctx.keys(this.queueOf(id));
  }
}

/** Each graph job's children's ids (the `ch` field, includes/graph.lua); undefined for a plain execution. */
function childrenOf(jobs: readonly NewJob[]): Map<string, string[]> | undefined {
  let children: Map<string, string[]> | undefined;
  for (const job of jobs) {
    for (const p of job.graph?.parentIds ?? []) {
      children ??= new Map();
      let ids = children.get(p);
      if (!ids) children.set(p, (ids = []));
      ids.push(job.id);
    }
  }
  return children;
}
