import type { Redis } from 'ioredis';
import { Job, JOB_STATUSES, JobStatus } from '../../../domain/job';
import { ListPage, ListQuery } from '../job-store';
import { decodeJob, pairsToHash } from './redis-job-codec';
import { decodeRedisListCursor, encodeRedisListCursor, RedisListPosition } from './redis-list-cursor';
import { RedisQueueKeys } from './redis-queue-keys';

/** Entries one list call may examine when a type filter skips most of them; then a cursor returns. */
const EXAMINE_BUDGET = 1_000;
const WINDOW = 200;

/**
 * Lists jobs newest-first within a state index (highest score first: finish time for final
 * states, due time for scheduled, lease expiry for running, priority then order for pending).
 * Without a status filter it walks the indexes in the order of JOB_STATUSES. A type filter is
 * applied within a bounded window, so a page may come back short with a cursor to continue.
 */
export class RedisJobLister {
  constructor(private readonly redis: Redis) {}

  async list(keys: RedisQueueKeys, query: ListQuery): Promise<ListPage> {
    const limit = Math.max(1, Math.floor(query.limit));
    const walk: JobStatus[] = query.status ? [query.status] : [...JOB_STATUSES];
    let position = decodeRedisListCursor(query.cursor);
    let index = position?.index ?? 0;
    const found: { job: Job; at: RedisListPosition }[] = [];
    let examined = 0;
    let lastSeen: RedisListPosition | undefined;

    while (index < walk.length && found.length <= limit && examined < EXAMINE_BUDGET) {
      const key = indexKey(keys, walk[index]);
      const start = position && position.index === index ? await this.resumeRank(key, position) : 0;
      const want = query.type === undefined ? limit + 1 - found.length : WINDOW;
      const entries = await this.redis.zrevrange(key, start, start + want - 1, 'WITHSCORES');
      const pipeline = this.redis.pipeline();
      for (let i = 0; i < entries.length; i += 2) pipeline.hgetall(keys.job(entries[i]));
      const hashes = entries.length > 0 ? ((await pipeline.exec()) ?? []) : [];
      for (let i = 0; i < entries.length && found.length <= limit; i += 2) {
        const at = { index, score: Number(entries[i + 1]), id: entries[i] };
        examined++;
        lastSeen = at;
        const [error, raw] = hashes[i / 2];
        if (error) throw error;
        const hash = pairsToHash(Object.entries(raw as Record<string, string>).flat());
        if (Object.keys(hash).length === 0) continue;
        if (query.type !== undefined && hash.type !== query.type) continue;
        found.push({ job: decodeJob(at.id, hash), at });
      }
      if (found.length > limit) break;
      if (entries.length / 2 < want) {
        index++;
        position = undefined;
      } else {
        position = lastSeen;
      }
    }

    if (found.length > limit) {
      return { items: found.slice(0, limit).map((f) => f.job), nextCursor: encodeRedisListCursor(found[limit - 1].at) };
    }
    const done = index >= walk.length;
    return {
      items: found.map((f) => f.job),
      nextCursor: done || !lastSeen ? null : encodeRedisListCursor(position ?? { index, score: 0, id: '' }),
    };
  }

  /** The rank just after the cursor's entry; by score when that entry has left the index. */
  private async resumeRank(key: string, p: RedisListPosition): Promise<number> {
    if (p.id === '') return 0;
    const rank = await this.redis.zrevrank(key, p.id);
    if (rank !== null) return rank + 1;
    return this.redis.zcount(key, `(${p.score}`, '+inf');
  }
}

export function indexKey(keys: RedisQueueKeys, status: JobStatus): string {
  switch (status) {
    case 'pending':
      return keys.pending;
    case 'scheduled':
      return keys.scheduled;
    case 'running':
      return keys.leases;
    case 'succeeded':
      return keys.succeeded;
    case 'failed':
      return keys.failed;
    case 'cancelled':
      return keys.cancelled;
  }
}
