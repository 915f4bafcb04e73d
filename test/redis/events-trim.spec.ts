import { Redis } from 'ioredis';
import { ManualClock } from '../../src/domain/clock';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { keyHome } from '../../src/domain/queue-partition';
import { HISTORY_CONSUMER_GROUP } from '../../src/modules/queue/events/redis-job-event-source';
import { decodeGapEntry, decodeStreamEntry, encodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine, RedisEngineOptions } from '../../src/modules/queue/redis/redis-engine';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

const QUEUE = 'trim';
const GROUP = HISTORY_CONSUMER_GROUP;
/** Jobs per enqueue call: one stream entry of 100 events, each entry larger than a stream node (4 KB). */
const PER_CALL = 100;
/** A long type makes every event about 150 bytes. */
const TYPE = `report.${'x'.repeat(93)}`;
/** Events one trimEvents call may look at: more than any test writes. */
const NO_LIMIT = 1_000_000;

interface Entry {
  id: string;
  events: number;
  gap?: { fromMs: number; toMs: number; events: number };
}

/**
 * events-trim.lua through RedisEngine.trimEvents, on the shared Redis (a prefix of its own):
 * without a history group the stream keeps about EVENTS_MAXLEN events; with one, only entries the
 * group acknowledged are trimmed, and past the byte budget the oldest unread ones are dropped into
 * one gap entry that counts them exactly.
 */
describe('events-trim on Redis', () => {
  let prefix: string;
  let admin: Redis;
  let clock: ManualClock;
  let stores: JobEngine[];

  beforeEach(() => {
    prefix = uniqueTestPrefix();
    admin = createRedisClient(TEST_REDIS_URL);
    clock = new ManualClock(Date.UTC(2030, 0, 1));
    stores = [];
  });

  afterEach(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await deletePrefixedKeys(admin, prefix);
    await admin.quit();
  });

  function open(options: Partial<RedisEngineOptions>): RedisEngine {
    const store = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock, ...options });
    stores.push(store);
    return store;
  }

  /** `keyOf(i)`: an idempotency key for call i's first job (its partition takes the whole call). */
  async function enqueueCalls(store: JobEngine, calls: number, keyOf?: (i: number) => string): Promise<void> {
    for (let i = 0; i < calls; i++) {
      const jobs = Array.from({ length: PER_CALL }, (_, j) =>
        normalizeJobSpec({ type: TYPE, queue: QUEUE, ...(j === 0 && keyOf ? { idempotencyKey: keyOf(i) } : {}) }, { now: clock.now(), maxPayloadBytes: 1 << 20 }),
      );
      await store.jobs.enqueue(jobs);
      clock.advance(1_000);
    }
  }

  async function entries(key: string): Promise<Entry[]> {
    return (await admin.xrange(key, '-', '+')).map(([id, fields]) => {
      const gap = decodeGapEntry(fields);
      return gap ? { id, events: 0, gap } : { id, events: decodeStreamEntry(fields)!.length };
    });
  }

  const eventsIn = (list: Entry[]) => list.reduce((n, e) => n + e.events, 0);
  const gapEventsIn = (list: Entry[]) => list.reduce((n, e) => n + (e.gap?.events ?? 0), 0);
  const idsOf = (list: Entry[]) => list.map((e) => e.id);
  const createGroup = (key: string) => admin.xgroup('CREATE', key, GROUP, '0', 'MKSTREAM');
  /** What a history writer does: reads `count` entries (they are pending until acknowledged). */
  async function read(key: string, count: number): Promise<string[]> {
    const reply = (await admin.xreadgroup('GROUP', GROUP, 'writer-1', 'COUNT', count, 'STREAMS', key, '>')) as Array<[string, Array<[string, string[]]>]> | null;
    return (reply?.[0][1] ?? []).map(([id]) => id);
  }
  async function groupInfo(key: string): Promise<Record<string, unknown>> {
    const [flat] = (await admin.xinfo('GROUPS', key)) as unknown[][];
    const info: Record<string, unknown> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) info[String(flat[i])] = flat[i + 1];
    return info;
  }
  const ack = (key: string, ids: string[]) => (ids.length > 0 ? admin.xack(key, GROUP, ...ids) : Promise.resolve(0));

  it('trims nothing as jobs move: the scripts only append', async () => {
    const store = open({ eventsMaxLen: 1_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await enqueueCalls(store, 30);
    expect(eventsIn(await entries(key))).toBe(30 * PER_CALL);
    await expect(admin.exists(new RedisQueueKeys(prefix, QUEUE).eventsAvg)).resolves.toBe(0);
  });

  it('keeps about EVENTS_MAXLEN events of a stream no history group reads', async () => {
    const store = open({ eventsMaxLen: 1_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await enqueueCalls(store, 30);
    await expect(store.upkeep.trimEvents(QUEUE, NO_LIMIT)).resolves.toEqual({ scanned: 0, more: false, dropped: [] });
    const left = await entries(key);
    // the newest entries stay; approximate trimming keeps whole stream nodes, so at least the bound
    expect(eventsIn(left)).toBeGreaterThanOrEqual(1_000);
    expect(eventsIn(left)).toBeLessThanOrEqual(2_000);
  });

  it('never trims what the group has not read, however far past EVENTS_MAXLEN', async () => {
    const store = open({ eventsMaxLen: 1_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 30);
    const before = await entries(key);
    await store.upkeep.trimEvents(QUEUE, NO_LIMIT);
    expect(await entries(key)).toEqual(before);
  });

  it('trims acknowledged entries only: never one still pending, nor any after it', async () => {
    const store = open({ eventsMaxLen: 1_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 30);
    const all = idsOf(await entries(key));
    expect(await read(key, 30)).toEqual(all);
    // entry 5 is still held by a writer; 0-4 and 6-19 are stored and acknowledged; 20-29 are held
    await ack(key, [...all.slice(0, 5), ...all.slice(6, 20)]);
    await store.upkeep.trimEvents(QUEUE, NO_LIMIT);
    const afterFirst = idsOf(await entries(key));
    expect(afterFirst).toEqual(all.slice(5));

    // entry 5 stored: entries up to the next pending one (20) may go, down to EVENTS_MAXLEN
    await ack(key, [all[5]]);
    await store.upkeep.trimEvents(QUEUE, NO_LIMIT);
    expect(idsOf(await entries(key))).toEqual(all.slice(20));

    // all acknowledged: EVENTS_MAXLEN of them are kept
    await ack(key, all.slice(20));
    await store.upkeep.trimEvents(QUEUE, NO_LIMIT);
    expect(eventsIn(await entries(key))).toBe(1_000);
  });

  it('past its byte budget drops the oldest unread entries, counting their events exactly in one gap entry', async () => {
    const store = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 100_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 3);
    // the first entry is read and acknowledged (in history), the second read and held by a writer
    const [stored, held] = await read(key, 2);
    await ack(key, [stored]);
    await enqueueCalls(store, 27);
    const before = await entries(key);
    const usedBefore = Number(await admin.memory('USAGE', key, 'SAMPLES', 0));
    expect(usedBefore).toBeGreaterThan(300_000);

    const result = await store.upkeep.trimEvents(QUEUE, NO_LIMIT);

    const after = await entries(key);
    const gaps = after.filter((e) => e.gap);
    expect(gaps).toHaveLength(1);
    expect(after.at(-1)).toBe(gaps[0]);
    const gone = before.filter((e) => !idsOf(after).includes(e.id));
    // the acknowledged entry went uncounted; the held one stayed; the dropped ones are the oldest
    expect(idsOf(gone)).toEqual([stored, ...idsOf(before).slice(2, 2 + gone.length - 1)]);
    expect(idsOf(after)).toContain(held);
    const droppedEvents = eventsIn(gone) - PER_CALL;
    expect(droppedEvents).toBeGreaterThan(0);
    expect(result).toEqual({
      scanned: expect.any(Number),
      more: false,
      dropped: [{ queue: QUEUE, events: droppedEvents, gap: { ...gaps[0].gap! } }],
    });
    // the events' own times: the third call's clock, on
    expect(gaps[0].gap).toEqual({ fromMs: Date.UTC(2030, 0, 1, 0, 0, 2), toMs: expect.any(Number), events: droppedEvents });
    // nothing unread is lost without a count: every event is in the stream, in the gap, or was acknowledged
    expect(eventsIn(after) + gaps[0].gap!.events + PER_CALL).toBe(30 * PER_CALL);
    // freed by an estimate of each entry's size: about the budget, not far past it
    expect(Number(await admin.memory('USAGE', key, 'SAMPLES', 0))).toBeLessThanOrEqual(150_000);
    // the group was moved past what was deleted unread (Redis 7.0 says its lag is unknown while a
    // deleted id lies at or past its position), so once it has read the rest its lag is exactly 0,
    // which partition-drop.lua waits for
    const unread = idsOf(after).filter((id) => id !== held);
    expect(await read(key, 100)).toEqual(unread);
    await expect(groupInfo(key)).resolves.toMatchObject({ lag: 0, pending: 1 + unread.length, 'entries-read': await admin.xinfo('STREAM', key).then((s) => (s as unknown[])[(s as unknown[]).indexOf('entries-added') + 1]) });
  });

  it('merges an earlier gap entry it drops, so no event is counted twice', async () => {
    const store = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 100_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 20);
    const [first] = (await store.upkeep.trimEvents(QUEUE, NO_LIMIT)).dropped;
    await enqueueCalls(store, 20);
    // a budget that everything passes: every entry goes, the first gap entry with them
    const tiny = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 1 });
    const [second] = (await tiny.upkeep.trimEvents(QUEUE, NO_LIMIT)).dropped;
    const after = await entries(key);
    expect(after).toEqual([{ id: expect.any(String), events: 0, gap: second.gap }]);
    expect(second.gap.events).toBe(40 * PER_CALL);
    expect(second.events).toBe(40 * PER_CALL - first.gap.events);
    expect(second.gap.fromMs).toBe(first.gap.fromMs);
    expect(second.gap.toMs).toBe(Date.UTC(2030, 0, 1, 0, 0, 39));
  });

  it('keeps a gap entry the group has read and not acknowledged, and drops around it', async () => {
    const store = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 100_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 20);
    await store.upkeep.trimEvents(QUEUE, NO_LIMIT);
    const withGap = await entries(key);
    // a writer reads everything up to and with the gap entry, and holds it
    expect(await read(key, withGap.length)).toEqual(idsOf(withGap));
    await enqueueCalls(store, 20);
    const tiny = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 1 });
    const [dropped] = (await tiny.upkeep.trimEvents(QUEUE, NO_LIMIT)).dropped;
    const after = await entries(key);
    // the held entries (the gap entry among them) stay; the 20 entries after them went into a new gap
    expect(idsOf(after.slice(0, withGap.length))).toEqual(idsOf(withGap));
    expect(after.slice(withGap.length)).toEqual([{ id: expect.any(String), events: 0, gap: dropped.gap }]);
    expect(dropped).toMatchObject({ events: 20 * PER_CALL, gap: { events: 20 * PER_CALL } });
  });

  it('looks at no more than its limit in one call, and says so until it is within budget', async () => {
    const store = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 100_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 30);
    let calls = 0;
    let dropped = 0;
    let more = true;
    while (more) {
      const result = await store.upkeep.trimEvents(QUEUE, 250);
      // an entry is looked at whole: at most one entry past the limit
      expect(result.scanned).toBeLessThan(250 + PER_CALL);
      dropped += result.dropped.reduce((n, d) => n + d.events, 0);
      more = result.more;
      calls++;
    }
    expect(calls).toBeGreaterThan(2);
    const after = await entries(key);
    // a gap entry per call (each appended at the end, past the oldest entries the next call drops)
    expect(after.filter((e) => e.gap)).toHaveLength(calls);
    expect(gapEventsIn(after)).toBe(dropped);
    expect(eventsIn(after) + gapEventsIn(after)).toBe(30 * PER_CALL);
  });

  it('drops unread entries past what writers hold, even when the held ones alone exceed its limit', async () => {
    const store = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 100_000 });
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    await createGroup(key);
    await enqueueCalls(store, 5);
    // writers hold 500 events (through a PostgreSQL outage, say): twice what one call may look at
    const held = await read(key, 5);
    await enqueueCalls(store, 25);
    let calls = 0;
    let dropped = 0;
    let more = true;
    while (more && calls < 50) {
      const result = await store.upkeep.trimEvents(QUEUE, 250);
      dropped += result.dropped.reduce((n, d) => n + d.events, 0);
      more = result.more;
      calls++;
    }
    expect(more).toBe(false);
    const after = await entries(key);
    // every held entry stays, the oldest unread ones went into gaps, counted exactly
    expect(idsOf(after.slice(0, 5))).toEqual(held);
    expect(dropped).toBeGreaterThan(0);
    expect(gapEventsIn(after)).toBe(dropped);
    expect(eventsIn(after) + gapEventsIn(after)).toBe(30 * PER_CALL);
    expect(Number(await admin.memory('USAGE', key, 'SAMPLES', 0))).toBeLessThanOrEqual(150_000);
    // the group was moved past what was deleted unread: it reads on exactly from the first one kept
    const unread = idsOf(after.slice(5));
    expect(await read(key, 1_000)).toEqual(unread);
    await expect(groupInfo(key)).resolves.toMatchObject({ lag: 0, pending: 5 + unread.length });
  });

  it.each<[string, { eventsMaxLen: number; historyBacklogMaxBytes?: number }]>([
    ['EVENTS_MAXLEN', { eventsMaxLen: 1_000 }],
    ['HISTORY_BACKLOG_MAX_MB', { eventsMaxLen: 100_000_000, historyBacklogMaxBytes: 1_000_000 }],
  ])('trims a long acknowledged backlog down to %s over several calls, each bounded, saying more until done', { timeout: 60_000 }, async (_, options) => {
    const key = new RedisQueueKeys(prefix, QUEUE).events;
    // 150,000 one-event entries, as the scripts write them, all read and acknowledged
    for (let i = 0; i < 150_000; i += 10_000) {
      const pipeline = admin.pipeline();
      for (let j = i; j < i + 10_000; j++) pipeline.xadd(key, '*', ...encodeStreamEntry([{ k: 'enqueued', id: `${QUEUE}-${j}`, st: 'pending', att: 0, at: 1, type: 't', prio: 0, ctime: 1, max: 3 }]));
      await pipeline.exec();
    }
    await admin.xgroup('CREATE', key, GROUP, '$');
    const store = open(options);
    const first = await store.upkeep.trimEvents(QUEUE, NO_LIMIT);
    // whole nodes only, and at most 100,000 entries a call
    expect(first).toEqual({ scanned: 0, more: true, dropped: [] });
    expect(150_000 - (await admin.xlen(key))).toBeLessThanOrEqual(100_000);
    let calls = 1;
    while ((await store.upkeep.trimEvents(QUEUE, NO_LIMIT)).more) calls++;
    expect(calls).toBeLessThan(5);
    // down to the bound (whole nodes: a node more at most), and no gap: nothing unread was dropped
    const left = await entries(key);
    expect(left.filter((e) => e.gap)).toEqual([]);
    if (options.historyBacklogMaxBytes) expect(Number(await admin.memory('USAGE', key, 'SAMPLES', 0))).toBeLessThanOrEqual(options.historyBacklogMaxBytes);
    else expect(eventsIn(left)).toBeLessThanOrEqual(1_000 + 100);
  });

  it('on a partitioned queue, trims each partition within one budget and names the queue', async () => {
    const inner = open({ eventsMaxLen: 100_000, historyBacklogMaxBytes: 60_000 });
    const store = new PartitionedEngine(inner, { clock, partitionsOf: () => 3 });
    const layout = await store.layout(QUEUE);
    const keys = layout.names.map((partition) => new RedisQueueKeys(prefix, partition).events);
    for (const key of keys) await createGroup(key);
    // call i goes to partition i % 3 (its first job's key lives there)
    const homed = (i: number) => {
      for (let n = 0; ; n++) if (keyHome(`k${i}-${n}`, 3) === i % 3) return `k${i}-${n}`;
    };
    await enqueueCalls(store, 30, homed);
    const written = await Promise.all(keys.map(async (key) => eventsIn(await entries(key))));
    expect(written).toEqual([1_000, 1_000, 1_000]);

    const result = await store.upkeep.trimEvents(QUEUE, NO_LIMIT);

    expect(result.more).toBe(false);
    expect(result.dropped).toHaveLength(3);
    expect(result.dropped.every((d) => d.queue === QUEUE)).toBe(true);
    let droppedInAll = 0;
    for (const [i, key] of keys.entries()) {
      const after = await entries(key);
      droppedInAll += gapEventsIn(after);
      expect(after.filter((e) => e.gap).length).toBeLessThanOrEqual(1);
      expect(eventsIn(after) + gapEventsIn(after)).toBe(written[i]);
    }
    expect(droppedInAll).toBe(result.dropped.reduce((n, d) => n + d.events, 0));
    expect(droppedInAll).toBeGreaterThan(0);
  });
});
