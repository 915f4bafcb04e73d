import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { HistoryDatabase, runMigrationsLocked } from '../../src/modules/history/history-database';
import { RedisJobEventSource } from '../../src/modules/queue/events/redis-job-event-source';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { HistoryDrain } from '../../src/modules/history/writer/history-drain';
import { createTestDatabase } from '../support/postgres-database';
import { PostgresServer, startPostgresServer } from '../support/postgres-server';
import { everyKindScript, fixtureId, labelOf } from './job-event.fixtures';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { eventually } from '../support/eventually';

/** An outage and its catch-up take longer than the default wait. */
const outageEventually = <T>(check: () => Promise<T>): Promise<T> => eventually(check, 20_000, 100);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';


describe('history writer through a PostgreSQL outage', () => {
  const stream = `claimq-test-${randomBytes(4).toString('hex')}:{mail}:events`;
  let server: PostgresServer;
  let redis: Redis;
  let history: HistoryDatabase;
  let drain: HistoryDrain;
  const warnings: string[] = [];

  beforeAll(async () => {
    server = await startPostgresServer();
    const db = await createTestDatabase(server.url);
    const migrator = new DataSource(historyDataSourceOptions(db.url));
    await migrator.initialize();
    await runMigrationsLocked(migrator);
    await migrator.destroy();
    history = new HistoryDatabase(new DataSource(historyDataSourceOptions(db.url)), { migrate: false });
    redis = new Redis(REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    await drain?.stop();
    await history?.close();
    await redis?.del(stream);
    redis?.disconnect();
    await server?.destroy();
  });

  const addJob = async (label: string) => {
    for (const e of everyKindScript('mail', fixtureId('mail', label)).events) await redis.xadd(stream, '*', 'e', JSON.stringify([e.event]));
  };
  const pending = async () => ((await redis.xpending(stream, 'history')) as [number])[0];
  const stored = async () => {
    const ds = await history.dataSource();
    const rows = (await ds.query(`SELECT id, status FROM job_records`)) as Array<{ id: string; status: string }>;
    return rows.map((r) => ({ id: labelOf(r.id), status: r.status })).sort((a, b) => (a.id < b.id ? -1 : 1));
  };

  it('retries while Postgres is down, acknowledges nothing unwritten, and catches up after', async () => {
    const source = new RedisJobEventSource({ redis: new Redis(REDIS_URL), queue: 'mail', streamKey: stream, consumer: 'outage-test', blockMs: 200 });
    drain = new HistoryDrain(source, (e) => new HistoryBatchWriter(() => history.dataSource()).write(e), {
      batchSize: 10,
      retryInitialMs: 50,
      retryMaxMs: 500,
      log: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    });
    drain.start();

    await addJob('mail-before');
    await outageEventually(async () => expect(await stored()).toEqual([{ id: 'mail-before', status: 'succeeded' }]));

    await server.stop();
    await addJob('mail-during-1');
    await addJob('mail-during-2');
    // Read but not stored: pending in the group, not acknowledged.
    await outageEventually(async () => expect(await pending()).toBeGreaterThan(0));
    await outageEventually(async () => expect(warnings.some((w) => /writing .* failed/.test(w))).toBe(true));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await pending()).toBeGreaterThan(0);

    await server.start();
    await outageEventually(async () => {
      expect(await stored()).toEqual([
        { id: 'mail-before', status: 'succeeded' },
        { id: 'mail-during-1', status: 'succeeded' },
        { id: 'mail-during-2', status: 'succeeded' },
      ]);
      expect(await pending()).toBe(0);
    });
    const query = new HistoryQueryService(history);
    for (const label of ['mail-before', 'mail-during-1', 'mail-during-2']) {
      expect(await query.listAttempts(fixtureId('mail', label))).toHaveLength(5);
    }
  }, 120_000);
});
