import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { HistoryDatabase } from '../../src/modules/history';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeAuditApi } from './audit-api.scenarios';

const REDIS_PREFIX = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  await deletePrefixedKeys(redis, REDIS_PREFIX);
  await redis.quit();
});

describeAuditApi('memory store', () => ({ JOB_STORE: 'memory' }), async (e2e) => {
  await expect(e2e.store.audit.list(1)).resolves.toMatchObject({ items: [expect.any(Object)] });
});

describeAuditApi('redis store, 3 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX, QUEUE_PARTITIONS: '3' }), async (e2e) => {
  await expect(e2e.store.audit.list(1)).resolves.toMatchObject({ items: [expect.any(Object)] });
});

describe('with job history on', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  describeAuditApi(
    'memory store and PostgreSQL',
    () => ({ JOB_STORE: 'memory', DATABASE_URL: db.url, DB_MIGRATE: 'true' }),
    async (e2e, ids) => {
      // the rows are in audit_log, written by this instance; the store's trail is not used
      const ds = await e2e.app.get(HistoryDatabase).dataSource();
      const rows = (await ds.query(`SELECT id::text AS id, key_id FROM audit_log WHERE id = ANY($1::bigint[])`, [ids])) as { id: string; key_id: string }[];
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      await expect(e2e.store.audit.list(1)).resolves.toEqual({ items: [], nextCursor: null });
    },
  );
});
