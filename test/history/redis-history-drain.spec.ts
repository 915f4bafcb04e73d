import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { RedisJobEventSource } from '../../src/modules/queue/events/redis-job-event-source';
import { MAX_EVENTS_PER_ENTRY, encodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { JobEvent } from '../../src/domain/job-event';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { HistoryDrain } from '../../src/modules/history/writer/history-drain';
import { createHistoryDatabase } from '../support/postgres-database';
import { T0, everyKindScript } from './job-event.fixtures';
import { eventually } from '../support/eventually';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';


describe('history drain on a Redis stream', () => {
  const prefix = `claimq-test-${randomBytes(4).toString('hex')}`;
  const stream = `${prefix}:{mail}:events`;
  let redis: Redis;
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  const drains: HistoryDrain[] = [];

  const source = (consumer: string, extra: Partial<ConstructorParameters<typeof RedisJobEventSource>[0]> = {}) =>
    new RedisJobEventSource({ redis: new Redis(REDIS_URL), queue: 'mail', streamKey: stream, consumer, blockMs: 200, ...extra });
  const written: number[] = [];
  const drain = (src: RedisJobEventSource, batchSize = 100) => {
    const write = (e: Parameters<HistoryBatchWriter['write']>[0]) => {
      written.push(e.length);
      return new HistoryBatchWriter(async () => ds).write(e);
    };
    const d = new HistoryDrain(src, write, { batchSize, retryInitialMs: 20, retryMaxMs: 200 });
    drains.push(d);
    d.start();
    return d;
  };
  const pendingCount = async () => ((await redis.xpending(stream, 'history')) as [number])[0];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    db = await createHistoryDatabase();
    ds = db.dataSource;
  });
  afterEach(async () => {
    written.length = 0;
    await Promise.all(drains.splice(0).map((d) => d.stop()));
    await redis.del(stream); // only this test's own key: the shared Redis is never flushed
  });
  afterAll(async () => {
    redis?.disconnect();
    await db?.drop();
  });

  it('stores entries written the way the scripts write them, then acknowledges them', async () => {
    const events = everyKindScript('mail', 'mail-redis-1').events.map((e) => e.event);
    // The older JSON form (field e, one entry with many events) still drains; then the compact
    // form the scripts write now (field t, then one field per event), one call per entry.
    await redis.xadd(stream, '*', 'e', JSON.stringify(events.slice(0, 3)));
    for (const e of events.slice(3)) await redis.xadd(stream, '*', ...encodeStreamEntry([e]));
    drain(source('c1'));
    await eventually(async () => {
      const [row] = await ds.query(`SELECT status, attempts, result FROM job_records WHERE id = 'mail-redis-1'`);
      expect(row).toEqual({ status: 'succeeded', attempts: 1, result: { sent: true, n: 2 } });
      expect(await pendingCount()).toBe(0);
    });
    const [group] = (await redis.xinfo('GROUPS', stream)) as unknown[][];
    expect(group[group.indexOf('entries-read') + 1]).toBe(events.length - 2);
  });

  it('claims the entries a dead consumer left pending and drops entries that are not job events', async () => {
    await redis.xgroup('CREATE', stream, 'history', '0', 'MKSTREAM');
    await redis.xadd(stream, '*', 'e', JSON.stringify([{ k: 'enqueued', id: 'mail-orphan', st: 'pending', att: 0, at: T0, type: 't', ctime: T0, max: 3, prio: 0 }]));
    await redis.xadd(stream, '*', 'e', 'not json');
    await redis.xadd(stream, '*', 'x', 'no e field');
    // A consumer reads them and dies before acknowledging.
    await redis.xreadgroup('GROUP', 'history', 'dead-consumer', 'COUNT', 10, 'STREAMS', stream, '>');
    expect(await pendingCount()).toBe(3);
    const dropped: string[] = [];
    drain(source('c2', { claimMinIdleMs: 100, claimEveryMs: 100, onDropped: (id, reason) => dropped.push(reason) }));
    await eventually(async () => {
      expect(await ds.query(`SELECT status FROM job_records WHERE id = 'mail-orphan'`)).toEqual([{ status: 'pending' }]);
      expect(await pendingCount()).toBe(0);
    });
    expect(dropped).toHaveLength(2);
  });

  it.each([10_000, 500])(
    'at HISTORY_BATCH %i stores entries of the largest size (2,000 events) in writes of at most that many events',
    { timeout: 60_000 },
    async (batchSize) => {
      // 10 entries of 2,000 enqueued events: what executions of 10,000 jobs write.
      const total = 10 * MAX_EVENTS_PER_ENTRY;
      for (let e = 0; e < 10; e++) {
        const events: JobEvent[] = [];
        for (let i = 0; i < MAX_EVENTS_PER_ENTRY; i++) {
          const id = `mail-max-${batchSize}-${e * MAX_EVENTS_PER_ENTRY + i}`;
          events.push({ k: 'enqueued', id, st: 'pending', att: 0, at: T0, type: 't', ctime: T0, max: 3, prio: 0 } as JobEvent);
        }
        await redis.xadd(stream, '*', ...encodeStreamEntry(events));
      }
      drain(source('c-max'), batchSize);
      await eventually(async () => {
        const [row] = await ds.query(`SELECT count(*)::int AS n FROM job_records WHERE id LIKE 'mail-max-${batchSize}-%'`);
        expect(row.n).toBe(total);
        expect(await pendingCount()).toBe(0);
      }, 50_000);
      expect(Math.max(...written)).toBeLessThanOrEqual(batchSize);
      expect(written.reduce((a, b) => a + b, 0)).toBe(total);
    },
  );
});
