import { Redis } from 'ioredis';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { claimsByAttempt } from '../support/claim-events';
import { ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';
import { overlappingRuns, RunRecorder } from '../support/run-recorder';
import { waitFor } from '../support/wait-for';
import { WorkerFleet } from '../support/worker-fleet';

/** Short timings so that recovery happens within seconds; LEASE_MS stays above WORKER_DEAD_MS. */
const FAST = { LEASE_MS: '5000', HEARTBEAT_MS: '250', WORKER_DEAD_MS: '1500', REAPER_INTERVAL_MS: '250' };

/**
 * Real processes against a redis-server this file owns (append-only, fsync always): workers are
 * killed, stopped and cut off from Redis, and every job still ends succeeded, recorded once.
 */
describe('fault tolerance of a worker fleet', () => {
  let redis: RedisServer;
  let admin: Redis;
  let recorder: RunRecorder;
  let fleet: WorkerFleet | undefined;

  beforeAll(async () => {
    ensureBuilt();
    redis = await RedisServer.start({ appendOnly: true });
    admin = createRedisClient(redis.url);
  }, 180_000);

  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  afterEach(async () => {
    await fleet?.close();
    fleet = undefined;
    await recorder?.close();
  });

  function httpJobs(n: number) {
    return Array.from({ length: n }, (_, i) => ({ type: 'http', payload: { url: recorder.url, body: { i } } }));
  }

  async function allSucceeded(f: WorkerFleet, total: number, timeoutMs = 90_000): Promise<void> {
    await waitFor('every job to succeed', async () => (await f.counts()).succeeded === total, {
      timeoutMs,
      describe: () => f.logs(),
    });
  }

  it('loses no job and runs none in two processes at once when a worker is SIGKILLed and replaced', async () => {
    recorder = await RunRecorder.start(40);
    const f = (fleet = new WorkerFleet(redis.url, { ...FAST, WORKER_CONCURRENCY: '20' }));
    const [victim] = await f.startWorkers(3);
    const total = 2500;
    const ids = await f.enqueue(httpJobs(total));
    await waitFor('a quarter of the jobs to succeed', async () => (await f.counts()).succeeded >= total / 4);
    await f.kill(victim);
    await f.startWorkers(1);
    await allSucceeded(f, total);

    const jobs = await Promise.all(ids.map((id) => f.store.admin.get(id)));
    expect(jobs.filter((j) => j?.status !== 'succeeded')).toEqual([]);
    const claims = await claimsByAttempt(admin, f.prefix, f.queue);
    const workerOf = (run: { jobId: string; attempt: number }) => claims.get(`${run.jobId}:${run.attempt}`);
    // Two runs of one job may overlap only when one of them was the killed worker's.
    const overlaps = overlappingRuns(recorder.runs).filter(([a, b]) => workerOf(a) !== victim.id && workerOf(b) !== victim.id);
    expect(overlaps).toEqual([]);
    // Extra runs: only jobs the victim held when it died run again.
    const victimClaims = [...claims.values()].filter((w) => w === victim.id).length;
    const extraRuns = recorder.runs.length - total;
    expect(extraRuns).toBeGreaterThanOrEqual(0);
    expect(extraRuns).toBeLessThanOrEqual(victimClaims);
    const victimJobs = new Set(recorder.runs.filter((r) => workerOf(r) === victim.id).map((r) => r.jobId));
    const runsPerJob = new Map<string, number>();
    for (const run of recorder.runs) runsPerJob.set(run.jobId, (runsPerJob.get(run.jobId) ?? 0) + 1);
    expect([...runsPerJob].filter(([id, n]) => n > 1 && !victimJobs.has(id))).toEqual([]);
  }, 150_000);

  it('recovers by itself when Redis is SIGKILLed and restarted from its AOF mid-run', async () => {
    recorder = await RunRecorder.start(20);
    const f = (fleet = new WorkerFleet(redis.url, { ...FAST, WORKER_CONCURRENCY: '20' }));
    await f.startWorkers(3);
    const total = 2000;
    const ids = await f.enqueue(httpJobs(total));
    await waitFor('a third of the jobs to succeed', async () => (await f.counts()).succeeded >= total / 3);
    await redis.kill();
    await waitFor('the outage to be noticed by a worker', () => /unavailable|failed/i.test(f.logs(100_000)), { timeoutMs: 20_000 });
    await redis.launch();
    await allSucceeded(f, total);

    const jobs = await Promise.all(ids.map((id) => f.store.admin.get(id)));
    expect(jobs.filter((j) => j?.status !== 'succeeded')).toEqual([]);
    expect(new Set(recorder.runs.map((r) => r.jobId)).size).toBe(total);
    expect(f.workers.every((w) => w.process.log.includes('claiming from'))).toBe(true);
    expect(f.started.every((w) => w.process.running)).toBe(true);
  }, 150_000);

  it('drops the late results of a worker stopped past its lease, recording each job once', async () => {
    recorder = await RunRecorder.start(2_000);
    // the live worker's heartbeats (every 500 ms) keep its leases through a 2.5 s stall of a loaded
    // 2-core machine running other fault tests beside this one
    const env = { ...FAST, LEASE_MS: '3000', HEARTBEAT_MS: '500', WORKER_DEAD_MS: '1500', REAPER_INTERVAL_MS: '200', WORKER_CONCURRENCY: '10' };
    const f = (fleet = new WorkerFleet(redis.url, env));
    const [sleeper] = await f.startWorkers(1);
    const ids = await f.enqueue(httpJobs(3));
    await waitFor('the first worker to call for every job', () => new Set(recorder.runs.map((r) => r.jobId)).size === 3);
    process.kill(sleeper.process.pid!, 'SIGSTOP');
    try {
      const [other] = await f.startWorkers(1);
      await waitFor('the other worker to finish every job', async () => {
        const jobs = await Promise.all(ids.map((id) => f.store.admin.get(id)));
        return jobs.every((j) => j?.status === 'succeeded') ? jobs : undefined;
      });
      for (const id of ids) await expect(f.store.admin.get(id)).resolves.toMatchObject({ status: 'succeeded', workerId: other.id, attempts: 2 });
    } finally {
      process.kill(sleeper.process.pid!, 'SIGCONT');
    }
    await waitFor('the stopped worker to learn that its leases are gone', () =>
      /lost its lease|dropped, its lease was lost/.test(sleeper.process.log),
    );
    for (const id of ids) await expect(f.store.admin.get(id)).resolves.toMatchObject({ status: 'succeeded', attempts: 2 });
    await expect(f.counts()).resolves.toMatchObject({ succeeded: 3, running: 0, pending: 0 });
  }, 90_000);
});
