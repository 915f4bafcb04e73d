import { randomBytes } from 'node:crypto';
import { isStoreRefusal, JobNotFoundError, storeRefusalError } from '../../../domain/errors';
import { Job, JOB_STATUSES, QueueCounts } from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';
import { OldestPending } from '../../../domain/queue-stats';
import { LogPage } from '../../../domain/job-progress';
import { JobAdmin, ListPage, ListQuery } from '../job-admin';
import { RedisContext } from './redis-context';
import { decodeJob, pairsToHash } from './redis-job-codec';
import { RedisJobLister } from './redis-job-lister';

/**
 * oldest-pending.lua's bounds: named groups, priority tiers per zset and entries per list it looks
 * at (dead entries of cancelled priority-0 jobs are passed). Past them it answers `approximate`.
 */
const OLDEST_PENDING_GROUPS = 200;
const OLDEST_PENDING_TIERS = 32;
const OLDEST_PENDING_LIST_ENTRIES = 64;

/** Jobs as the API sees them, on Redis: reads by index, one script per change (cancel.lua, retry.lua, promote-job.lua). */
export class RedisJobAdmin extends JobAdmin {
  private readonly lister: RedisJobLister;

  constructor(private readonly ctx: RedisContext) {
    super();
    this.lister = new RedisJobLister(ctx.redis);
  }

  async get(id: string): Promise<Job | null> {
    const queue = queueOfJobId(id);
    if (queue === undefined) return null;
    const hash = await this.ctx.call(() => this.ctx.redis.hgetall(this.ctx.keys(queue).job(id)));
    return Object.keys(hash).length === 0 ? null : decodeJob(id, hash);
  }

  async logs(id: string, from: number, limit: number): Promise<LogPage | null> {
    const queue = queueOfJobId(id);
    if (queue === undefined) return null;
    const reply = (await this.ctx.call(() => this.ctx.run('logs-read', queue, [id, from, limit]))) as [number, number, string[]] | null;
    if (!reply) return null;
    const [total, firstKept, entries] = reply;
    const start = Math.max(firstKept, from);
    const lines = entries.map((entry, i) => {
      const sep = entry.indexOf('\x1f');
      return { seq: start + i, at: Number(entry.slice(0, sep)), line: entry.slice(sep + 1) };
    });
    return { lines, total: Number(total), firstKept: Number(firstKept) };
  }

  async list(query: ListQuery): Promise<ListPage> {
    return this.ctx.call(() => this.lister.list(this.ctx.keys(query.queue), query));
  }

  async findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    const { redis } = this.ctx;
    const keys = this.ctx.keys(queue);
    return this.ctx.call(async () => {
      const id = await redis.hget(keys.idem, key);
      if (id === null) return null;
      const hash = await redis.hgetall(keys.job(id));
      return Object.keys(hash).length === 0 ? null : decodeJob(id, hash);
    });
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

  async counts(queue: string): Promise<QueueCounts> {
    const reply = (await this.ctx.call(() => this.ctx.scripts.run('counts', this.ctx.keys(queue), []))) as number[];
    const counts = {} as QueueCounts;
    JOB_STATUSES.forEach((status, i) => (counts[status] = Number(reply[i])));
    return counts;
  }

  /** oldest-pending.lua: the heads of the default group's structures and of up to OLDEST_PENDING_GROUPS named groups'. */
  async oldestPending(queue: string): Promise<OldestPending> {
    const [id, since, approximate] = (await this.ctx.call(() =>
      this.ctx.run('oldest-pending', queue, [OLDEST_PENDING_GROUPS, OLDEST_PENDING_TIERS, OLDEST_PENDING_LIST_ENTRIES]),
    )) as [string | null, string | null, number];
    const out: OldestPending = id ? { jobId: id, since: Number(since) } : { jobId: null, since: null };
    if (Number(approximate) === 1) out.approximate = true;
    return out;
  }

  async queues(): Promise<string[]> {
    return this.ctx.queues();
  }

  private async changeOne(action: 'cancel' | 'retry' | 'promote', id: string): Promise<Job> {
    const queue = queueOfJobId(id);
    if (queue === undefined) throw new JobNotFoundError(id);
    // the call's own id: a resend of this very call answers as the first did (includes/change-one-job.lua)
    const callId = randomBytes(8).toString('hex');
    const script = action === 'promote' ? 'promote-job' : action;
    const reply = (await this.ctx.call(() => this.ctx.run(script, queue, [id, callId]))) as unknown[];
    if (isStoreRefusal(reply[0])) throw storeRefusalError(reply[0], id, action, String(reply[1] ?? 'unknown'));
    return decodeJob(id, pairsToHash(reply, 1));
  }
}
