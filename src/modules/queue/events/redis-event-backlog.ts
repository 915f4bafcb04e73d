import type { RedisClient } from '../redis/redis-connection';
import type { EventBacklog } from '../outbox';
import { decodeGapEntry } from './stream-entry-codec';

type StreamEntry = [id: string, fields: string[]];

/**
 * When an entry's events happened, by claimq's clock: the time its script was given (field `t`,
 * or `at` of older entries), a gap's first dropped event, else the time part of its id (`<ms>-<seq>`,
 * Redis's clock).
 */
function entryTime(entry: StreamEntry | undefined): number | null {
  if (!entry) return null;
  const [id, fields] = entry;
  if ((fields[0] === 't' || fields[0] === 'at') && Number.isSafeInteger(Number(fields[1]))) return Number(fields[1]);
  const gap = decodeGapEntry(fields);
  if (gap) return gap.fromMs;
  const ms = Number(id.slice(0, id.indexOf('-')));
  return Number.isSafeInteger(ms) ? ms : null;
}

function olderOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** XINFO GROUPS' reply, one group: a flat list of field, value. */
function fieldsOf(reply: unknown[]): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (let i = 0; i + 1 < reply.length; i += 2) fields.set(String(reply[i]), reply[i + 1]);
  return fields;
}

/**
 * What one event stream holds for its consumer group that the group has not acknowledged: the
 * entries delivered and pending (XPENDING's summary, with the smallest pending id) and those not
 * delivered yet (the group's lag, which events-trim keeps exact, and the first entry after its
 * last-delivered-id). Counts are stream entries: one per script call, up to 2,000 events each.
 * Without the group (the writer has not started) every entry is behind. One key: two or three
 * round trips, at scrape time only.
 */
export async function readEventBacklog(redis: RedisClient, streamKey: string, group: string): Promise<EventBacklog> {
  let groups: unknown[][];
  try {
    groups = (await redis.xinfo('GROUPS', streamKey)) as unknown[][];
  } catch (err) {
    if (/no such key/i.test((err as Error).message)) return { entries: 0, oldestAt: null };
    throw err;
  }
  const found = groups.map(fieldsOf).find((fields) => fields.get('name') === group);
  if (!found) {
    const [length, first] = await Promise.all([redis.xlen(streamKey), redis.xrange(streamKey, '-', '+', 'COUNT', 1)]);
    return { entries: length, oldestAt: entryTime(first[0] as StreamEntry | undefined) };
  }
  const lastDelivered = String(found.get('last-delivered-id') ?? '0-0');
  const [summary, next] = await Promise.all([
    redis.xpending(streamKey, group) as Promise<[number, string | null, string | null, unknown]>,
    redis.xrange(streamKey, `(${lastDelivered}`, '+', 'COUNT', 1),
  ]);
  const pending = Number(summary[0]) || 0;
  const oldestPending = pending > 0 && summary[1] ? await redis.xrange(streamKey, summary[1], summary[1]) : [];
  const lag = found.get('lag');
  // lag is nil where Redis cannot tell it (entries deleted out of band): count the next entry at least
  const undelivered = typeof lag === 'number' ? lag : next.length;
  return { entries: pending + undelivered, oldestAt: olderOf(entryTime(oldestPending[0] as StreamEntry | undefined), entryTime(next[0] as StreamEntry | undefined)) };
}
