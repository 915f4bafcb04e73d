import { DataSource } from 'typeorm';
import { MAX_BULK_JOBS } from '../../src/modules/jobs/job-limits';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';
import { E2eApp, startE2eApp, uniqueQueue } from '../e2e/e2e-app';
import { eventually } from '../support/eventually';
import { createTestDatabase } from '../support/postgres-database';
import { PostgresServer, startPostgresServer } from '../support/postgres-server';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

/** An outage, and the catch-up after it, take longer than the default wait. */
const outageEventually = <T>(check: () => Promise<T>): Promise<T> => eventually(check, 90_000, 250);

interface Scenario {
  name: string;
  env: () => Record<string, string>;
  /** Jobs enqueued while PostgreSQL is down: well past a budget of 1 MiB. */
  jobs: number;
  /** Whether the store's log still holds what the writer has not acknowledged (Redis: its pending and undelivered entries). */
  settled: (queue: string) => Promise<boolean>;
  cleanup: () => Promise<void>;
}

const REDIS_PREFIX = uniqueTestPrefix();

const scenarios: Scenario[] = [
  {
    name: 'Redis',
    env: () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX }),
    // entries of 1,000 events, about 60 KB each: 30 of them are nearly twice the budget
    jobs: 30 * MAX_BULK_JOBS,
    settled: async (queue) => {
      const redis = createRedisClient(TEST_REDIS_URL);
      try {
        const stream = new RedisQueueKeys(REDIS_PREFIX, queue).events;
        const [group] = (await redis.xinfo('GROUPS', stream)) as unknown[][];
        const field = (name: string) => group[group.indexOf(name) + 1];
        return Number(field('pending')) === 0 && field('lag') !== null && Number(field('lag')) === 0;
      } finally {
        await redis.quit();
      }
    },
    cleanup: async () => {
      const redis = createRedisClient(TEST_REDIS_URL);
      await deletePrefixedKeys(redis, REDIS_PREFIX);
      await redis.quit();
    },
  },
  {
    name: 'memory',
    env: () => ({ JOB_STORE: 'memory' }),
    // the writer takes up to 8 x HISTORY_BATCH (16,000) events out of the log while it coalesces;
    // the 14,000 left, about 300 bytes each (MemoryEventLog's estimate), are four times the budget
    jobs: 30 * MAX_BULK_JOBS,
    settled: async () => true,
    cleanup: async () => undefined,
  },
];

/**
 * A PostgreSQL outage longer than the history backlog's budget (HISTORY_BACKLOG_MAX_MB=1): the
 * oldest unread events are dropped, and nothing is lost without a word. Once PostgreSQL is back,
 * every job has its row or is counted in history_gaps, exactly (each job wrote one event, its
 * `enqueued`); the instance counted the drop in claimq_history_dropped_events_total and shows it
 * in /health/ready, which stays ready.
 */
describe.each(scenarios)('history through a PostgreSQL outage past HISTORY_BACKLOG_MAX_MB ($name)', (scenario) => {
  let server: PostgresServer;
  let e2e: E2eApp;
  let history: DataSource;

  beforeAll(async () => {
    server = await startPostgresServer();
    const db = await createTestDatabase(server.url);
    e2e = await startE2eApp({
      ...scenario.env(),
      DATABASE_URL: db.url,
      DB_MIGRATE: 'true',
      HISTORY_BACKLOG_MAX_MB: '1',
      REAPER_INTERVAL_MS: '200',
    });
    history = await new DataSource({ type: 'postgres', url: db.url, poolSize: 1 }).initialize();
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
    if (history?.isInitialized) await history.destroy().catch(() => undefined);
    await server?.destroy();
    await scenario.cleanup();
  });

  const rowsOf = async (queue: string) => (await history.query(`SELECT count(*)::int AS n FROM job_records WHERE queue = $1`, [queue]))[0].n as number;
  const gapsOf = async (queue: string) =>
    (await history.query(`SELECT events::int AS events, from_at, to_at FROM history_gaps WHERE queue = $1 ORDER BY from_at`, [queue])) as Array<{ events: number; from_at: Date; to_at: Date }>;
  const droppedMetric = async (queue: string) =>
    sampleValue(parsePrometheusText((await e2e.http().get('/metrics').expect(200)).text), 'claimq_history_dropped_events_total', { queue }) ?? 0;

  it('records what it dropped as a gap: rows + gap events = jobs, exactly', { timeout: 240_000 }, async () => {
    const queue = uniqueQueue();
    // the writer has connected (and migrated) before the outage
    await e2e.http().post('/jobs').send({ type: 'report', queue }).expect(201);
    await outageEventually(async () => expect(await rowsOf(queue)).toBe(1));
    const started = Date.now();

    await history.destroy();
    await server.stop();
    for (let sent = 0; sent < scenario.jobs; sent += MAX_BULK_JOBS) {
      const jobs = Array.from({ length: MAX_BULK_JOBS }, (_, i) => ({ type: 'report', queue, payload: { n: sent + i } }));
      await e2e.http().post('/jobs/bulk').send({ jobs }).expect(201);
    }
    // past the budget, the reaper drops the oldest unread events while PostgreSQL is away
    await outageEventually(async () => expect(await droppedMetric(queue)).toBeGreaterThan(0));

    await server.start();
    await history.initialize();
    const total = scenario.jobs + 1;
    await outageEventually(async () => {
      expect(await scenario.settled(queue)).toBe(true);
      const gaps = await gapsOf(queue);
      expect((await rowsOf(queue)) + gaps.reduce((n, g) => n + g.events, 0)).toBe(total);
    });
    const gaps = await gapsOf(queue);
    const dropped = gaps.reduce((n, g) => n + g.events, 0);
    expect(dropped).toBeGreaterThan(0);
    expect(await rowsOf(queue)).toBe(total - dropped);
    for (const gap of gaps) {
      expect(gap.from_at.getTime()).toBeGreaterThanOrEqual(started - 1_000);
      expect(gap.to_at.getTime()).toBeGreaterThanOrEqual(gap.from_at.getTime());
    }

    // the instance that dropped says so: the metric counts each dropped event once, as the gaps do
    await outageEventually(async () => expect(await droppedMetric(queue)).toBe(dropped));
    const ready = await e2e.http().get('/health/ready').expect(200);
    expect(ready.body.info.historyGaps).toMatchObject({ status: 'up', droppedEvents: dropped, byQueue: { [queue]: dropped }, last: { queue } });
  });
});
