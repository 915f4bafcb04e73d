import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { HistoryDatabase } from '../../src/modules/history';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { AuditFallbackScheduler } from '../../src/modules/audit/audit-fallback.scheduler';
import { AuditTrail } from '../../src/modules/audit/audit-trail.service';
import { describeAuditApi, WRITE_KEY } from './audit-api.scenarios';
import { startE2eApp, uniqueQueue } from './e2e-app';

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

  it('records in the job store while PostgreSQL refuses entries, and moves them into it (each once) when it answers again', async () => {
    const e2e = await startE2eApp({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${REDIS_PREFIX}-fallback`, DATABASE_URL: db.url, DB_MIGRATE: 'true', API_KEYS: WRITE_KEY });
    const as = (req: ReturnType<ReturnType<typeof e2e.http>['get']>) => req.set('Authorization', `Bearer ${WRITE_KEY}`);
    const ds = await e2e.app.get(HistoryDatabase).dataSource();
    try {
      const queue = uniqueQueue();
      // PostgreSQL refuses the entry: its table is gone for a while
      await ds.query('ALTER TABLE audit_log RENAME TO audit_log_away');
      await as(e2e.http().post(`/queues/${queue}/pause`)).expect(200);
      await as(e2e.http().post(`/queues/${queue}/resume`)).expect(200);
      await as(e2e.http().get('/audit')).expect(503);
      const waiting = (await e2e.store.audit.list(10)).items;
      expect(waiting.map((e) => e.action)).toEqual(['queue.resume', 'queue.pause']);

      await ds.query('ALTER TABLE audit_log_away RENAME TO audit_log');
      // two instances' passes at once: every entry lands once, oldest first, with its own time
      await Promise.all([e2e.app.get(AuditTrail).moveFallback(), e2e.app.get(AuditFallbackScheduler).tick(), e2e.app.get(AuditTrail).moveFallback()]);
      const listed = (await as(e2e.http().get('/audit?limit=2')).expect(200)).body as { items: { action: string; target: string; at: string; keyId: string }[] };
      expect(listed.items.map((e) => [e.action, e.target, Date.parse(e.at)])).toEqual([
        ['queue.resume', `queue:${queue}`, waiting[0].at],
        ['queue.pause', `queue:${queue}`, waiting[1].at],
      ]);
      const rows = (await ds.query(`SELECT count(*)::int AS n FROM audit_log WHERE target = $1`, [`queue:${queue}`])) as { n: number }[];
      expect(rows[0].n).toBe(2);
      await expect(e2e.store.audit.list(10)).resolves.toEqual({ items: [], nextCursor: null });
      await expect(e2e.app.get(AuditTrail).moveFallback()).resolves.toBe(0);
    } finally {
      await ds.query('ALTER TABLE IF EXISTS audit_log_away RENAME TO audit_log').catch(() => undefined);
      await e2e.close();
    }
  });
});
