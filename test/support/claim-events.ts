import type { RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { decodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';

export interface StreamEvent {
  k: string;
  id: string;
  att: number;
  w?: string;
}

/** Entries per XRANGE call. */
const PAGE = 5000;

/**
 * A queue's events stream read as it grows: each poll() reads every entry added since the last
 * (decoded as the history writer does), so a run can read it while it goes on and no event is
 * trimmed away (the reaper keeps about EVENTS_MAXLEN) before it was read; missedEntries() counts
 * the entries that were anyway. A poll that fails (Redis restarting) reads nothing; the next one
 * goes on from the same place.
 */
export class QueueEventTail {
  readonly events: StreamEvent[] = [];
  private readonly key: string;
  /** The last entry read; 0-0 (which no entry has): none yet. */
  private lastId = '0-0';
  private entriesRead = 0;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    queue: string,
  ) {
    this.key = `${prefix}:{${queue}}:events`;
  }

  async poll(): Promise<void> {
    for (;;) {
      const entries = await this.redis.xrange(this.key, `(${this.lastId}`, '+', 'COUNT', PAGE);
      for (const [, fields] of entries) {
        for (const e of decodeStreamEntry(fields) ?? []) if (e) this.events.push(e);
      }
      this.entriesRead += entries.length;
      if (entries.length > 0) this.lastId = entries[entries.length - 1][0];
      if (entries.length < PAGE) return;
    }
  }

  /**
   * Reads to the end and counts the entries ever added to the stream that it never read: trimmed
   * (XTRIM) or deleted before a poll reached them. XINFO STREAM's entries-added counts every
   * XADD, and survives a restart from the AOF. Exact once the writers are quiet; an entry added
   * meanwhile can only hide a loss, never make one up.
   */
  async missedEntries(): Promise<number> {
    await this.poll();
    if ((await this.redis.exists(this.key)) === 0) return 0;
    const info = (await this.redis.xinfo('STREAM', this.key)) as unknown[];
    const at = info.indexOf('entries-added');
    if (at < 0) throw new Error('XINFO STREAM has no entries-added (Redis 7 or later needed)');
    await this.poll();
    return Math.max(0, Number(info[at + 1]) - this.entriesRead);
  }
}

/** Every job event of a queue's stream, oldest first (entries decoded as the history writer does). */
export async function readQueueEvents(redis: RedisClient, prefix: string, queue: string): Promise<StreamEvent[]> {
  const tail = new QueueEventTail(redis, prefix, queue);
  await tail.poll();
  return tail.events;
}

/**
 * Which worker made each claim: `${jobId}:${attempt}` -> worker. Every claim writes a `claimed`
 * event with the job, its attempt number and the worker.
 */
export async function claimsByAttempt(redis: RedisClient, prefix: string, queue: string): Promise<Map<string, string>> {
  const claims = new Map<string, string>();
  for (const ev of await readQueueEvents(redis, prefix, queue)) {
    if (ev.k === 'claimed' && ev.w) claims.set(`${ev.id}:${ev.att}`, ev.w);
  }
  return claims;
}
