import type { RedisClient } from './redis-connection';
import { Job, JOB_STATUSES, JobStatus } from '../../../domain/job';
import { ListPage, ListQuery } from '../job-admin';
import { decodeJob, pairsToHash } from './redis-job-codec';
import { decodeRedisListCursor, encodeRedisListCursor, RedisListPosition } from './redis-list-cursor';
import { RedisQueueKeys } from './redis-queue-keys';

/** Entries one list call may examine when a type filter skips most of them; then a cursor returns. */
const EXAMINE_BUDGET = 1_000;
const WINDOW = 200;
/** Entries of one score a resume reads first (zsetWindow): ids of that score sort before the cursor's. */
const TIE_WINDOW = 16;

/**
 * One index a listing walks: a zset (by score) or a list of priority-0 pending jobs; or, with
 * `groups`, the named groups' pending jobs: each group's zset then its list, groups by name.
 */
interface Segment {
  key: string;
  list: boolean;
  groups?: boolean;
}

/** Named groups read per step of the walk over them. */
const GROUPS_PER_STEP = 50;

interface Found {
  job: Job;
  at: RedisListPosition;
}

/** One list call's walk: what it looks for, what it found so far, and what it has examined. */
interface Walk {
  keys: RedisQueueKeys;
  query: ListQuery;
  limit: number;
  found: Found[];
  examined: number;
}

/**
 * Lists jobs newest-first within a state index (highest score first: finish time for final
 * states, due time for scheduled, lease expiry for running; pending: the zset of non-zero
 * priorities, lowest priority first, then the priority-0 list, newest first, then the same for
 * each named group by name). Without a status filter it walks the indexes in the order of
 * JOB_STATUSES. A type filter is applied within a bounded window, so a page may come back short
 * with a cursor to continue. A cursor's index is the segment's position in the walk; in a list
 * its score is the entry's rank from the tail; in the named groups' segment it names the group.
 */
export class RedisJobLister {
  constructor(private readonly redis: RedisClient) {}

  async list(keys: RedisQueueKeys, query: ListQuery): Promise<ListPage> {
    const limit = Math.max(1, Math.floor(query.limit));
    const walk: Segment[] = (query.status ? [query.status] : [...JOB_STATUSES]).flatMap((status) => segmentsOf(keys, status));
    let position = decodeRedisListCursor(query.cursor, walk);
    let index = position?.index ?? 0;
    const walking: Walk = { keys, query, limit, found: [], examined: 0 };
    const found = walking.found;
    let lastSeen: RedisListPosition | undefined;

    while (index < walk.length && found.length <= limit && walking.examined < EXAMINE_BUDGET) {
      const segment = walk[index];
      const resume = position && position.index === index ? position : undefined;
      if (segment.groups) {
        const stop = await this.walkGroups(walking, index, resume);
        if (stop) {
          position = stop;
          lastSeen = stop;
          break;
        }
        index++;
        position = undefined;
        continue;
      }
      const step = await this.walkSegment(walking, segment, index, resume);
      if (step.last) lastSeen = step.last;
      if (found.length > limit) break;
      if (step.exhausted) {
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

  /**
   * One window of one index from `resume`: the jobs it holds pushed on `found`. `exhausted` when
   * the index had no more than the window.
   */
  private async walkSegment(
    walking: Walk,
    segment: Segment,
    index: number,
    resume: RedisListPosition | undefined,
    group?: RedisListPosition['group'],
  ): Promise<{ exhausted: boolean; last?: RedisListPosition }> {
    const { keys, query, limit, found } = walking;
    const want = query.type === undefined ? limit + 1 - found.length : WINDOW;
    const entries = segment.list ? await this.listWindow(segment.key, resume, want) : await this.zsetWindow(segment.key, resume, want);
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < entries.length; i += 2) pipeline.hgetall(keys.job(entries[i]));
    const hashes = entries.length > 0 ? ((await pipeline.exec()) ?? []) : [];
    const dead = segment.list ? await this.deadEntries(keys, segment.key, entries) : undefined;
    let last: RedisListPosition | undefined;
    for (let i = 0; i < entries.length && found.length <= limit; i += 2) {
      const at: RedisListPosition = { index, score: Number(entries[i + 1]), id: entries[i], ...(group ? { group } : {}) };
      walking.examined++;
      last = at;
      const [error, raw] = hashes[i / 2];
      if (error) throw error;
      const hash = pairsToHash(Object.entries(raw as Record<string, string>).flat());
      if (Object.keys(hash).length === 0) continue;
      // a dead entry of a priority-0 list: its job was cancelled while it waited (index-writes.lua)
      if (segment.list && (hash.st !== 'pending' || dead?.has(at.score))) continue;
      if (query.type !== undefined && hash.type !== query.type) continue;
      found.push({ job: decodeJob(at.id, hash), at });
    }
    return { exhausted: entries.length / 2 < want, last };
  }

  /**
   * The named groups' pending jobs, group by group from the cursor's, each its zset then its list.
   * Returns where to resume when the page or the budget ended inside them, else undefined.
   */
  private async walkGroups(walking: Walk, index: number, resume: RedisListPosition | undefined): Promise<RedisListPosition | undefined> {
    const { keys, limit, found } = walking;
    const at0 = resume?.group;
    // score -1 in a group's list position: that group is done, the walk goes on after it
    const pastGroup = at0 !== undefined && at0.list === 1 && resume!.score === -1;
    let from = at0 === undefined ? '-' : pastGroup ? `(${at0.name}` : `[${at0.name}`;
    for (;;) {
      const names = await this.redis.zrangebylex(keys.groups, from, '+', 'LIMIT', 0, GROUPS_PER_STEP);
      for (const name of names) {
        const here = !pastGroup && at0?.name === name ? resume : undefined;
        for (let list: 0 | 1 = here?.group?.list ?? 0; list <= 1; list++) {
          const group = { name, list };
          const segment = { key: list === 1 ? `${keys.groupListPrefix}${name}` : `${keys.groupZsetPrefix}${name}`, list: list === 1 };
          let at = here?.group?.list === list ? here : undefined;
          // visiting an index costs one, so a walk over many empty groups ends too
          walking.examined++;
          for (;;) {
            const step = await this.walkSegment(walking, segment, index, at, group);
            if (found.length > limit) return step.last;
            if (step.exhausted) break;
            at = step.last;
            if (walking.examined >= EXAMINE_BUDGET) return at;
          }
        }
        if (walking.examined >= EXAMINE_BUDGET) return { index, score: -1, id: '', group: { name, list: 1 } };
      }
      if (names.length < GROUPS_PER_STEP) return undefined;
      from = `(${names[names.length - 1]}`;
    }
  }

  /**
   * The tail ranks of the window's dead entries whose job is pending again (retried after a cancel
   * while its old entry still waits): a job with dead entries (pendingFifoDead) is live only at its
   * newest occurrence. `entries` is listWindow's (id, tail rank, ...). Usually one HMGET and nothing
   * more: only a job with dead entries costs an LPOS.
   */
  private async deadEntries(keys: RedisQueueKeys, list: string, entries: string[]): Promise<Set<number>> {
    const out = new Set<number>();
    if (entries.length === 0) return out;
    const ids = entries.filter((_, i) => i % 2 === 0);
    const counts = await this.redis.hmget(keys.pendingFifoDead, ...ids);
    let len: number | undefined;
    for (let k = 0; k < ids.length; k++) {
      if (counts[k] === null) continue;
      const rank = Number(entries[2 * k + 1]);
      len ??= await this.redis.llen(list);
      const newest = await this.redis.lpos(list, ids[k], 'RANK', -1, 'MAXLEN', rank + 1);
      if (newest !== null && len - 1 - newest < rank) out.add(rank);
    }
    return out;
  }

  private async zsetWindow(key: string, resume: RedisListPosition | undefined, want: number): Promise<string[]> {
    const start = resume ? await this.resumeRank(key, resume) : 0;
    return this.redis.zrevrange(key, start, start + want - 1, 'WITHSCORES');
  }

  /** id, tail rank, ... newest first, from just after the cursor's entry (found near its old rank). */
  private async listWindow(key: string, resume: RedisListPosition | undefined, want: number): Promise<string[]> {
    let start = 0;
    if (resume && resume.id !== '') {
      // every occurrence of the id near the tail: a job may stand in the list twice (a dead entry
      // from a cancel and a live one from a retry); the cursor's is the first at or beyond its old
      // rank from the tail (entries leave from the head and join at the tail, so ranks only grow)
      const [len, positions] = await Promise.all([
        this.redis.llen(key),
        this.redis.lpos(key, resume.id, 'RANK', -1, 'COUNT', 0, 'MAXLEN', resume.score + 1 + EXAMINE_BUDGET),
      ]);
      const tailRanks = (positions as number[]).map((p) => len - 1 - p).filter((rank) => rank >= resume.score);
      start = tailRanks.length === 0 ? resume.score + 1 : Math.min(...tailRanks) + 1;
    }
    const ids = await this.redis.lrange(key, -(start + want), -(start + 1));
    const entries: string[] = [];
    for (let i = ids.length - 1; i >= 0; i--) entries.push(ids[i], String(start + ids.length - 1 - i));
    return entries;
  }

  /**
   * The rank just after the cursor's entry. When that entry has left the index (a bulk cancel or
   * retry takes every job it lists out of it), the rank just after where it was: past every entry
   * of a higher score and every entry of its score with a greater id (ZREVRANGE's order within a
   * score), so an entry that joined again at the same score since (failed again in the same ms) is
   * not listed twice. Entries of its score are read in growing windows from the greatest id, and
   * usually the first holds none greater.
   */
  private async resumeRank(key: string, p: RedisListPosition): Promise<number> {
    if (p.id === '') return 0;
    const rank = await this.redis.zrevrank(key, p.id);
    if (rank !== null) return rank + 1;
    let after = await this.redis.zcount(key, `(${p.score}`, '+inf');
    for (let offset = 0, window = TIE_WINDOW; ; offset += window, window *= 4) {
      const ties = await this.redis.zrevrangebyscore(key, p.score, p.score, 'LIMIT', offset, window);
      const greater = ties.findIndex((id) => id < p.id);
      if (greater >= 0) return after + greater;
      after += ties.length;
      if (ties.length < window) return after;
    }
  }
}

function segmentsOf(keys: RedisQueueKeys, status: JobStatus): Segment[] {
  const zset = { key: indexKey(keys, status), list: false };
  return status === 'pending' ? [zset, { key: keys.pendingFifo, list: true }, { key: keys.groups, list: false, groups: true }] : [zset];
}

/** The zset of a status (pending: the non-zero priorities; priority 0 is in keys.pendingFifo). */
function indexKey(keys: RedisQueueKeys, status: JobStatus): string {
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
    case 'blocked':
      return keys.blocked;
    case 'skipped':
      return keys.skipped;
  }
}
