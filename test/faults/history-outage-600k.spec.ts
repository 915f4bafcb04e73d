import { DataSource } from 'typeorm';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { HistoryDatabase, runMigrationsLocked } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { HistoryDrain } from '../../src/modules/history/writer/history-drain';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { createTestDatabase } from '../support/postgres-database';
import { PostgresServer, startPostgresServer } from '../support/postgres-server';
import { RedisServer } from '../support/redis-server';
import { eventually } from '../support/eventually';

const JOBS = 600_000;
const BEFORE = 20_000;
const CHUNK = 1000;
const QUEUE = 'outage';

/**
 * What 10 minutes at 1,000 jobs/s produce, run as fast as the machine allows, while PostgreSQL is
 * stopped (a server of the test's own; Redis too): every job's history arrives once it is back.
 * Nothing the writer has not acknowledged is trimmed (the upkeep trims the stream as the reaper
 * does, every chunk), and the default budget (HISTORY_BACKLOG_MAX_MB) holds the backlog.
 */
describe('history through a PostgreSQL outage of 600,000 jobs', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let store: RedisEngine;
  let history: HistoryDatabase;
  let drain: HistoryDrain | undefined;
  let ds: DataSource;
  const warnings: string[] = [];

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgresServer(), RedisServer.start()]);
    const db = await createTestDatabase(pg.url);
    history = new HistoryDatabase(new DataSource(historyDataSourceOptions(db.url)), { migrate: false });
    ds = await history.dataSource();
    await runMigrationsLocked(ds);
    await new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 30 }).maintain();
    store = new RedisEngine({ redis: createRedisClient(redis.url), prefix: 'claimq', configuredQueues: [QUEUE], deleteSucceeded: true });
  }, 120_000);

  afterAll(async () => {
    try {
      await drain?.stop();
      await store?.close();
      await history?.close();
    } finally {
      // the servers this test started end whatever happened above
      await Promise.all([pg?.destroy(), redis?.stop()]);
    }
  });

  /** Enqueues, claims and completes `n` no-op jobs, a chunk at a time, trimming the stream as the reaper would. */
  async function run(n: number): Promise<void> {
    for (let done = 0; done < n; done += CHUNK) {
      const now = Date.now();
      const jobs = Array.from({ length: CHUNK }, () => normalizeJobSpec({ queue: QUEUE, type: 'noop' }, { now, maxPayloadBytes: 65_536 }));
      await store.jobs.enqueue(jobs);
      const { jobs: claimed } = await store.jobs.claim(QUEUE, 'outage-worker', CHUNK, 60_000);
      expect(claimed).toHaveLength(CHUNK);
      await store.jobs.complete(QUEUE, claimed.map((c) => ({ id: c.job.id, token: c.token })));
      await store.upkeep.trimEvents(QUEUE, 20_000);
    }
  }

  const stored = async () => Number((await ds.query(`SELECT count(*) AS n FROM job_records WHERE status = 'succeeded'`))[0].n);

  it('writes every job\'s history after PostgreSQL returns', async () => {
    const [lane] = store.outbox.sources({ consumer: 'outage-writer' }).lanes([QUEUE]);
    const writer = new HistoryBatchWriter(() => history.dataSource());
    drain = new HistoryDrain(store.outbox.sources({ consumer: 'outage-writer' }).open(lane), (events, gaps) => writer.write(events, gaps), {
      batchSize: 500,
      coalesceMs: 1000,
      retryInitialMs: 50,
      retryMaxMs: 1000,
      log: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    });
    drain.start();

    await run(BEFORE);
    await eventually(async () => expect(await stored()).toBe(BEFORE), 120_000, 200);

    await pg.stop();
    await run(JOBS - BEFORE);
    expect(warnings.some((w) => /failed/.test(w))).toBe(true);

    await pg.start();
    await eventually(async () => expect(await stored()).toBe(JOBS), 300_000, 500);
    expect(Number((await ds.query(`SELECT count(*) AS n FROM job_records`))[0].n)).toBe(JOBS);
    expect(Number((await ds.query(`SELECT count(*) AS n FROM history_gaps`))[0].n)).toBe(0);
  }, 900_000);
});
