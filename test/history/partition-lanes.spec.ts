import { ManualClock } from '../../src/domain/clock';
import { HistoryWriterService } from '../../src/modules/history/history-writer.service';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { E2eApp, startE2eApp } from '../e2e/e2e-app';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

const QUEUE = 'lanes';
const GUARD_MS = 60_000;

/**
 * The history writer reads one event stream per partition (a lane each): a partitioned queue's
 * lanes are all drained from the start, and the lane of a partition forgotten after the count was
 * lowered is stopped (not read again, which would make its deleted stream anew).
 */
describe('history lanes of a partitioned queue (Redis, PostgreSQL)', () => {
  const prefix = uniqueTestPrefix();
  let db: TestDatabase;
  let e2e: E2eApp;
  let other: PartitionedEngine | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    e2e = await startE2eApp({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, QUEUES: `${QUEUE}:4`, DATABASE_URL: db.url, DB_MIGRATE: 'true' });
  });

  afterAll(async () => {
    await other?.close();
    await e2e?.close();
    await db?.drop();
    const redis = createRedisClient(TEST_REDIS_URL);
    await deletePrefixedKeys(redis, prefix);
    await redis.quit();
  });

  it('drains every partition, and stops the lane of a partition forgotten after the count was lowered', async () => {
    const store = e2e.app.get(JobEngine) as PartitionedEngine;
    const history = e2e.app.get(HistoryWriterService);
    const names = (await store.layout(QUEUE)).names;
    expect(names).toHaveLength(4);
    await history.discoverLanes();
    expect(history.lanes.filter((lane) => names.includes(lane)).sort()).toEqual([...names].sort());

    // another instance, started later with QUEUES=lanes:3, past the guard time
    const clock = new ManualClock(Date.now());
    other = new PartitionedEngine(new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock }), {
      clock,
      partitionsOf: () => 3,
      retireGuardMs: GUARD_MS,
    });
    await other.layout(QUEUE);
    clock.advance(GUARD_MS);
    await other.upkeep.reapExpired(QUEUE, 100);
    expect((await other.layout(QUEUE)).names).toEqual(names.slice(0, 3));

    await store.refreshLayout(QUEUE);
    await history.discoverLanes();
    expect(history.lanes.filter((lane) => names.includes(lane)).sort()).toEqual(names.slice(0, 3).sort());
  });
});
