import { freePort } from '../support/free-port';
import { eventually } from '../support/eventually';
import { parsePrometheusText, PromSample, sampleValue } from '../support/prometheus-text';
import { RedisServer } from '../support/redis-server';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

async function scrape(e2e: E2eApp): Promise<PromSample[]> {
  const res = await e2e.http().get('/metrics').expect(200);
  return parsePrometheusText(res.text);
}

describe('/metrics for scaling decisions: worker slots', () => {
  const queue = uniqueQueue();
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ MODE: 'all', JOB_STORE: 'memory', QUEUES: queue, WORKER_CONCURRENCY: '3', SHUTDOWN_GRACE_MS: '0' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('reports slots, busy slots, utilization and busy slot-seconds per queue of this worker process', async () => {
    const idle = await scrape(e2e);
    expect(sampleValue(idle, 'claimq_worker_slots', { queue })).toBe(3);
    expect(sampleValue(idle, 'claimq_worker_busy_slots', { queue })).toBe(0);
    expect(sampleValue(idle, 'claimq_worker_utilization_ratio', { queue })).toBe(0);
    const idleSeconds = sampleValue(idle, 'claimq_worker_busy_slot_seconds_total', { queue }) ?? 0;

    // two jobs that hold their slots a while, then end on their own
    for (let i = 0; i < 2; i++) await e2e.http().post('/jobs').send({ type: 'sleep', queue, payload: { ms: 4_000 } }).expect(201);
    const busy = await eventually(async () => {
      const s = await scrape(e2e);
      expect(sampleValue(s, 'claimq_worker_busy_slots', { queue })).toBe(2);
      return s;
    });
    expect(sampleValue(busy, 'claimq_worker_slots', { queue })).toBe(3);
    expect(sampleValue(busy, 'claimq_worker_utilization_ratio', { queue })).toBeCloseTo(2 / 3, 10);
    expect(sampleValue(busy, 'claimq_leases_held', { queue })).toBe(2);

    // busy slot-seconds grow while the jobs run and stay once they end
    const running = sampleValue(busy, 'claimq_worker_busy_slot_seconds_total', { queue })!;
    expect(running).toBeGreaterThanOrEqual(idleSeconds);
    await eventually(async () => expect(sampleValue(await scrape(e2e), 'claimq_worker_busy_slot_seconds_total', { queue })).toBeGreaterThan(running));
    const after = await eventually(async () => {
      const s = await scrape(e2e);
      expect(sampleValue(s, 'claimq_jobs_succeeded_total', { queue, type: 'sleep' })).toBe(2);
      expect(sampleValue(s, 'claimq_worker_busy_slots', { queue })).toBe(0);
      return s;
    }, 30_000);
    const ended = sampleValue(after, 'claimq_worker_busy_slot_seconds_total', { queue })!;
    // two jobs of 4 s each: 8 slot-seconds, and a little more for the time from claim to result
    expect(ended - idleSeconds).toBeGreaterThanOrEqual(7.9);
    expect(ended).toBeGreaterThan(running);
    expect(sampleValue(await scrape(e2e), 'claimq_worker_busy_slot_seconds_total', { queue })).toBe(ended);
  });
});

describe('/metrics for scaling decisions: an api process on Redis, with history', () => {
  const queue = uniqueQueue();
  let redis: RedisServer;
  let e2e: E2eApp;

  beforeAll(async () => {
    redis = await RedisServer.start();
    // History on, its database unreachable: the writer stores nothing, so what is added stays in the backlog.
    // No worker: what is added stays pending.
    const closedPort = await freePort();
    e2e = await startE2eApp({ MODE: 'api', JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: 'scaling', DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/nothing` });
  });
  afterAll(async () => {
    await e2e?.close();
    await redis?.stop();
  });

  it('reports the oldest pending age and the history backlog of the shared store, and no worker slots', async () => {
    const before = Date.now();
    for (let i = 0; i < 3; i++) await e2e.http().post('/jobs').send({ type: 'noop', queue }).expect(201);
    const samples = await scrape(e2e);
    const after = Date.now();
    expect(sampleValue(samples, 'claimq_queue_jobs', { queue, state: 'pending' })).toBe(3);
    const age = sampleValue(samples, 'claimq_queue_oldest_pending_age_seconds', { queue })!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual((after - before) / 1000);
    expect(sampleValue(samples, 'claimq_history_backlog_entries', { queue })).toBe(3);
    const lag = sampleValue(samples, 'claimq_history_lag_seconds', { queue })!;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThanOrEqual((after - before) / 1000);
    expect(sampleValue(samples, 'claimq_worker_slots', { queue })).toBeUndefined();
    expect(sampleValue(samples, 'claimq_store_up', { store: 'redis' })).toBe(1);
  });

  it('says claimq_store_up 0 while Redis is down, still answering the scrape, and 1 once it is back', async () => {
    await redis.kill();
    const down = await eventually(async () => {
      const s = await scrape(e2e);
      expect(sampleValue(s, 'claimq_store_up', { store: 'redis' })).toBe(0);
      return s;
    });
    expect(sampleValue(down, 'claimq_queue_jobs', { queue, state: 'pending' })).toBeUndefined();
    await redis.launch();
    await eventually(async () => expect(sampleValue(await scrape(e2e), 'claimq_store_up', { store: 'redis' })).toBe(1), 20_000, 200);
  });
});
