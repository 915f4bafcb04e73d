import type { RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { decodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';

export interface StreamEvent {
  k: string;
  id: string;
  att: number;
  w?: string;
}

/** Every job event of a queue's stream, oldest first (entries decoded as the history writer does). */
export async function readQueueEvents(redis: RedisClient, prefix: string, queue: string): Promise<StreamEvent[]> {
  const key = `${prefix}:{${queue}}:events`;
  const events: StreamEvent[] = [];
  let from = '-';
  for (;;) {
    const entries = await redis.xrange(key, from, '+', 'COUNT', 5000);
    for (const [, fields] of entries) {
      for (const e of decodeStreamEntry(fields) ?? []) if (e) events.push(e);
    }
    if (entries.length < 5000) return events;
    from = `(${entries[entries.length - 1][0]}`;
  }
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
