import { DataSource } from 'typeorm';
import { MAX_BULK_JOBS } from '../../src/modules/jobs/job-limits';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { eventually } from '../support/eventually';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

const REDIS_PREFIX = uniqueTestPrefix();
const JOBS = 20_000;

/**
 * The stream is trimmed by upkeep, never past what the history writer has not acknowledged: at
 * EVENTS_MAXLEN's minimum, bulks of 20,000 jobs all reach history (the MAXLEN trim the scripts
 * did on every XADD used to drop a third of them), and the stream then keeps about EVENTS_MAXLEN
 * acknowledged events.
 */
describe('history backlog at EVENTS_MAXLEN=1000 (Redis, PostgreSQL up)', () => {
  let db: TestDatabase;
  let e2e: E2eApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    e2e = await startE2eApp({
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX,
      DATABASE_URL: db.url,
      DB_MIGRATE: 'true',
      EVENTS_MAXLEN: '1000',
      // trims run while the bulks arrive, not only after
      REAPER_INTERVAL_MS: '200',
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await db?.drop();
    const redis = createRedisClient(TEST_REDIS_URL);
    await deletePrefixedKeys(redis, REDIS_PREFIX);
    await redis.quit();
  });

  it(`writes a history row for each of ${JOBS} jobs enqueued through POST /jobs/bulk`, { timeout: 180_000 }, async () => {
    const queue = uniqueQueue();
    for (let sent = 0; sent < JOBS; sent += MAX_BULK_JOBS) {
      const jobs = Array.from({ length: MAX_BULK_JOBS }, (_, i) => ({ type: 'report', queue, payload: { n: sent + i } }));
      const res = await e2e.http().post('/jobs/bulk').send({ jobs }).expect(201);
      expect(res.body.ids).toHaveLength(MAX_BULK_JOBS);
    }
    const database = await new DataSource({ type: 'postgres', url: db.url, poolSize: 1 }).initialize();
    try {
      await eventually(async () => {
        const [row] = await database.query(`SELECT count(*)::int AS n FROM job_records WHERE queue = $1`, [queue]);
        expect(row.n).toBe(JOBS);
      }, 120_000, 500);
      expect(await database.query(`SELECT count(*)::int AS n FROM history_gaps`)).toEqual([{ n: 0 }]);
    } finally {
      await database.destroy();
    }
    // every entry written and acknowledged: upkeep trims the stream to about EVENTS_MAXLEN events
    const redis = createRedisClient(TEST_REDIS_URL);
    try {
      const stream = new RedisQueueKeys(REDIS_PREFIX, queue).events;
      await eventually(async () => expect(await redis.xlen(stream)).toBeLessThanOrEqual(2), 30_000, 200);
    } finally {
      await redis.quit();
    }
  });
});
