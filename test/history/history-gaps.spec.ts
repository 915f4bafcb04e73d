import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { RedisJobEventSource } from '../../src/modules/queue/events/redis-job-event-source';
import { encodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { HistoryGap } from '../../src/modules/queue/events/job-event-source';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { HistoryDrain } from '../../src/modules/history/writer/history-drain';
import { HistoryGapEntity } from '../../src/modules/history/entities/history-gap.entity';
import { createHistoryDatabase } from '../support/postgres-database';
import { T0, everyKindScript } from './job-event.fixtures';
import { eventually } from '../support/eventually';
import { TEST_REDIS_URL } from '../support/redis-store-harness';

/**
 * Gap records (events the store dropped unread, past HISTORY_BACKLOG_MAX_MB) on their way to
 * history_gaps: read from a stream like any entry, stored once however often they are delivered,
 * in the same transaction as the rows of their batch.
 */
describe('history gaps (PostgreSQL)', () => {
  const stream = `claimq-test-${randomBytes(4).toString('hex')}:{mail}:events`;
  let redis: Redis;
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  const drains: HistoryDrain[] = [];

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    db = await createHistoryDatabase();
    ds = db.dataSource;
  });
  afterEach(async () => {
    await Promise.all(drains.splice(0).map((d) => d.stop()));
    await redis.del(stream); // only this test's own key: the shared Redis is never flushed
    await ds.query(`DELETE FROM history_gaps`);
    await ds.query(`DELETE FROM job_records`);
  });
  afterAll(async () => {
    redis?.disconnect();
    await db?.drop();
  });

  const gapRows = async () =>
    (await ds.query(`SELECT id, queue, from_at, to_at, events FROM history_gaps ORDER BY id`)) as Array<{ id: string; queue: string; from_at: Date; to_at: Date; events: string }>;
  const pendingCount = async () => ((await redis.xpending(stream, 'history')) as [number])[0];
  const gap = (id: string, events: number): HistoryGap => ({ id, queue: 'mail', fromMs: T0, toMs: T0 + 60_000, events });

  it('stores a batch of gaps only, once however often it is written', async () => {
    const writer = new HistoryBatchWriter(async () => ds);
    await writer.write([], [gap('g1', 5), gap('g2', 7)]);
    await writer.write([], [gap('g1', 5)]);
    expect(await gapRows()).toEqual([
      { id: 'g1', queue: 'mail', from_at: new Date(T0), to_at: new Date(T0 + 60_000), events: '5' },
      { id: 'g2', queue: 'mail', from_at: new Date(T0), to_at: new Date(T0 + 60_000), events: '7' },
    ]);
    // the entity reads the table the migration made
    await expect(ds.getRepository(HistoryGapEntity).findOneByOrFail({ id: 'g2' })).resolves.toMatchObject({ queue: 'mail', events: '7', recordedAt: expect.any(Date) });
  });

  it('writes a batch and its gaps in one transaction: neither without the other', async () => {
    const writer = new HistoryBatchWriter(async () => ds);
    const events = everyKindScript('mail', 'mail-gap-tx').events;
    // a gap whose row cannot be written (queue NULL) fails the batch: its job rows are not kept either
    await expect(writer.write(events, [{ ...gap('g-bad', 1), queue: null as unknown as string }])).rejects.toThrow();
    expect(await ds.query(`SELECT id FROM job_records`)).toEqual([]);
    await writer.write(events, [gap('g-ok', 1)]);
    expect(await ds.query(`SELECT id FROM job_records`)).toEqual([{ id: 'mail-gap-tx' }]);
    expect((await gapRows()).map((r) => r.id)).toEqual(['g-ok']);
  });

  it('drains a gap entry of the stream into history_gaps, named by its entry, and a redelivered one once', async () => {
    const events = everyKindScript('mail', 'mail-around-gap').events.map((e) => e.event);
    await redis.xadd(stream, '*', ...encodeStreamEntry(events.slice(0, 1)));
    const gapId = await redis.xadd(stream, '*', 'gap', `${T0},${T0 + 5_000},42`);
    await redis.xadd(stream, '*', ...encodeStreamEntry(events.slice(1, 2)));
    // a writer reads everything and dies before acknowledging: the next one claims it all again
    await redis.xgroup('CREATE', stream, 'history', '0', 'MKSTREAM');
    await redis.xreadgroup('GROUP', 'history', 'dead-consumer', 'COUNT', 10, 'STREAMS', stream, '>');
    const dropped: string[] = [];
    const write = new HistoryBatchWriter(async () => ds);
    const src = new RedisJobEventSource({ redis: new Redis(TEST_REDIS_URL), queue: 'mail', streamKey: stream, consumer: 'c1', blockMs: 200, claimMinIdleMs: 100, claimEveryMs: 100, onDropped: (id) => dropped.push(id) });
    const drain = new HistoryDrain(src, (e, g) => write.write(e, g), { batchSize: 100, retryInitialMs: 20, retryMaxMs: 200 });
    drains.push(drain);
    // the same gap already stored by the dead writer's batch (it wrote, then died before its ack)
    await write.write([], [{ id: `${stream} ${gapId}`, queue: 'mail', fromMs: T0, toMs: T0 + 5_000, events: 42 }]);
    drain.start();
    await eventually(async () => {
      expect(await pendingCount()).toBe(0);
      expect(await ds.query(`SELECT id FROM job_records`)).toEqual([{ id: 'mail-around-gap' }]);
    });
    expect(await gapRows()).toEqual([{ id: `${stream} ${gapId}`, queue: 'mail', from_at: new Date(T0), to_at: new Date(T0 + 5_000), events: '42' }]);
    expect(dropped).toEqual([]);
  });

  it('creates history_gaps in its migration and drops it in the migration down', async () => {
    const table = async () => (await ds.query(`SELECT to_regclass('history_gaps') AS t`))[0].t;
    // the later migrations first (TypeORM undoes the last one only)
    for (let undone = ''; undone !== 'CreateHistoryGaps1767571200000'; ) {
      [{ name: undone }] = (await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`)) as Array<{ name: string }>;
      await ds.undoLastMigration({ transaction: 'each' });
    }
    expect(await table()).toBeNull();
    await ds.runMigrations({ transaction: 'each' });
    expect(await table()).toBe('history_gaps');
  });
});
