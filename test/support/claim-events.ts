import { Redis } from 'ioredis';

export interface StreamEvent {
  k: string;
  id: string;
  att: number;
  w?: string;
}

/** Every job event of a queue's stream, oldest first (each entry's field `e` is a JSON array). */
export async function readQueueEvents(redis: Redis, prefix: string, queue: string): Promise<StreamEvent[]> {
  const key = `${prefix}:{${queue}}:events`;
  const events: StreamEvent[] = [];
  let from = '-';
  for (;;) {
    const entries = await redis.xrange(key, from, '+', 'COUNT', 5000);
    for (const [, fields] of entries) {
      const at = fields.indexOf('e');
      if (at >= 0) events.push(...(JSON.parse(fields[at + 1]) as StreamEvent[]));
    }
    if (entries.length < 5000) return events;
    from = `(${entries[entries.length - 1][0]}`;
  }
}

/**
 * Which worker made each claim: `${jobId}:${attempt}` -> worker. Every claim writes a `claimed`
 * event with the job, its attempt number and the worker.
 */
export async function claimsByAttempt(redis: Redis, prefix: string, queue: string): Promise<Map<string, string>> {
  const claims = new Map<string, string>();
  for (const ev of await readQueueEvents(redis, prefix, queue)) {
    if (ev.k === 'claimed' && ev.w) claims.set(`${ev.id}:${ev.att}`, ev.w);
  }
  return claims;
}
