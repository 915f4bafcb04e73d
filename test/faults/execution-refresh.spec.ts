import { systemClock } from '../../src/domain/clock';
import { Redis } from 'ioredis';
import { AppConfig } from '../../src/config/app-config';
import { newExecutionId, toExecution } from '../../src/domain/execution';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { CallbackEnqueuer } from '../../src/modules/queue/callback-enqueuer';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { ReaperService } from '../../src/modules/recovery/reaper.service';
import { ReaperStats } from '../../src/modules/recovery/reaper-stats';
import { createHistoryDatabase, TestDatabase } from '../support/postgres-database';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { RefresherProcess } from '../support/refresher-processes';
import type { DataSource } from 'typeorm';

/**
 * The execution refresh with real refresher processes on the shared Redis (own prefix, never
 * flushed) and PostgreSQL (a fresh database of its own, migrated, dropped after).
 */
describe('execution refresh across refresher processes', () => {
  let db: TestDatabase & { dataSource: DataSource };
  let redis: Redis;
  let store: RedisEngine;
  const prefix = uniqueTestPrefix();
  const running: RefresherProcess[] = [];

  beforeAll(async () => {
    db = await createHistoryDatabase();
    redis = createRedisClient(TEST_REDIS_URL);
    store = new RedisEngine({ redis, prefix });
  });

  afterAll(async () => {
    for (const p of running) p.kill();
    await store?.close();
    const admin = createRedisClient(TEST_REDIS_URL);
    await deletePrefixedKeys(admin, prefix);
    await admin.quit();
    await db?.drop();
  });

  function refresher(queue: string, extra: Record<string, string> = {}): RefresherProcess {
    const p = new RefresherProcess({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      QUEUE: queue,
      DATABASE_URL: db.url,
      REPORT_IDS: '1',
      REFRESH_BATCH: '25',
      ...extra,
    });
    running.push(p);
    return p;
  }

  /** n executions of two jobs each, every job then finished (one in three executions ends partial). */
  async function finishedExecutions(queue: string, n: number, callbackUrl?: string): Promise<string[]> {
    const ids: string[] = [];
    const now = Date.now();
    for (let i = 0; i < n; i++) {
      const id = newExecutionId(queue, now);
      const jobs = [0, 1].map(() => normalizeJobSpec({ type: 't', queue, executionId: id }, { now, maxPayloadBytes: 1 << 20 }));
      await store.executions.create({ id, queue, ...(callbackUrl ? { callbackUrl } : {}) }, jobs);
      ids.push(id);
    }
    for (;;) {
      const { jobs } = await store.jobs.claim(queue, 'w', 200, 60_000);
      if (jobs.length === 0) break;
      const fail = jobs.filter((j) => ids.indexOf(j.job.executionId!) % 3 === 0);
      const ok = jobs.filter((j) => !fail.includes(j));
      await store.jobs.complete(queue, ok.map((j) => ({ id: j.job.id, token: j.token })));
      await store.jobs.fail(queue, fail.map((j) => ({ id: j.job.id, token: j.token, error: 'x', retryable: false })));
    }
    return ids;
  }

  async function rowsOf(queue: string): Promise<Map<string, { status: string; version: string; succeeded: number; failed: number }>> {
    const rows = (await db.dataSource.query('SELECT id, status, version, succeeded, failed FROM executions WHERE queue = $1', [queue])) as Array<{
      id: string;
      status: string;
      version: string;
      succeeded: number;
      failed: number;
    }>;
    return new Map(rows.map((r) => [r.id, r]));
  }

  it('writes each execution status and enqueues its callback exactly once across 3 refreshers', async () => {
    const queue = 'refresh-three';
    const ids = await finishedExecutions(queue, 300, 'http://example.test/done');
    // all three connected and loaded before any starts, however slow a loaded CI machine is
    const three = [0, 1, 2].map(() => refresher(queue, { REFRESH_BATCH: '10', START_ON_GO: '1' }));
    await Promise.all(three.map((p) => p.ready()));
    for (const p of three) p.go();
    const reports = await Promise.all(three.map((p) => p.report()));
    const refreshed = reports.flatMap((r) => r.ids ?? []);
    expect(refreshed).toHaveLength(ids.length);
    expect(new Set(refreshed)).toEqual(new Set(ids));
    expect(reports.filter((r) => r.refreshed > 0).length).toBeGreaterThan(1);

    const rows = await rowsOf(queue);
    expect(rows.size).toBe(ids.length);
    for (const id of ids) {
      const expected = toExecution((await store.executions.get(id))!);
      expect(rows.get(id)).toMatchObject({ status: expected.status, version: String(expected.version) });
      expect(expected.callbackEnqueued).toBe(true);
    }
    expect(new Set([...rows.values()].map((r) => r.status))).toEqual(new Set(['succeeded', 'failed']));

    const callbacks = (await store.admin.list({ queue, type: 'http', limit: 500 })).items;
    expect(callbacks).toHaveLength(ids.length);
    expect(new Set(callbacks.map((c) => (c.payload as { body: { id: string } }).body.id))).toEqual(new Set(ids));
    await expect(store.executions.refreshBacklog(queue)).resolves.toEqual({ backlog: 0, inFlight: 0 });
  });

  it('recovers the refreshes of a refresher killed mid-batch (SIGKILL) through the reaper', async () => {
    const queue = 'refresh-killed';
    const ids = await finishedExecutions(queue, 60);
    const doomed = refresher(queue, { MODE: 'hang', REFRESH_BATCH: '20' });
    await expect(doomed.firstReport()).resolves.toMatchObject({ claimed: 20 });
    doomed.kill('SIGKILL');
    await doomed.exited;
    const killedAt = Date.now();
    await expect(store.executions.refreshBacklog(queue)).resolves.toEqual({ backlog: 40, inFlight: 20 });
    const reaper = new ReaperService(store.admin, store.upkeep, store.workers, store.executions, AppConfig.from({ REFRESH_STALE_MS: '5000' }), new ReaperStats(), new CallbackEnqueuer(store.jobs, store.admin, systemClock, 1 << 20));
    await expect(reaper.reapQueue(queue)).resolves.toMatchObject({ refreshRequeued: 0 });

    const first = await refresher(queue).report();
    expect(first.refreshed).toBe(40);
    expect((await rowsOf(queue)).size).toBe(40);
    await expect(store.executions.refreshBacklog(queue)).resolves.toEqual({ backlog: 0, inFlight: 20 });

    await new Promise((r) => setTimeout(r, Math.max(0, killedAt + 5100 - Date.now())));
    await expect(reaper.reapQueue(queue)).resolves.toMatchObject({ refreshRequeued: 20 });

    const second = await refresher(queue).report();
    expect(second.refreshed).toBe(20);
    expect([...(first.ids ?? []), ...(second.ids ?? [])].sort()).toEqual([...ids].sort());
    expect((await rowsOf(queue)).size).toBe(60);
    await expect(store.executions.refreshBacklog(queue)).resolves.toEqual({ backlog: 0, inFlight: 0 });
  });
});
