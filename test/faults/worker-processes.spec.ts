import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { JobSpec } from '../../src/domain/job';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

const WORKER_START = /claiming from/;

/**
 * Several `MODE=worker` processes on one Redis, as in production: each job runs exactly once, and
 * SIGTERM drains a worker, releases what it could not finish, and exits 0.
 */
describe('worker processes on Redis', () => {
  let prefix: string;
  let store: JobEngine;
  let admin: Redis;
  let workers: ClaimqProcess[] = [];

  beforeAll(() => ensureBuilt(), 180_000);

  beforeEach(() => {
    prefix = uniqueTestPrefix();
    store = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix });
    admin = createRedisClient(TEST_REDIS_URL);
  });

  afterEach(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    workers = [];
    await store.close();
    await deletePrefixedKeys(admin, prefix);
    admin.disconnect();
  });

  async function enqueue(specs: JobSpec[]): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < specs.length; i += 500) {
      const batch = specs.slice(i, i + 500).map((spec) => normalizeJobSpec(spec, { now: Date.now(), maxPayloadBytes: 512 * 1024 }));
      const results = await store.jobs.enqueue(batch);
      ids.push(...results.map((r) => r.job.id));
    }
    return ids;
  }

  async function startWorkers(n: number, env: Record<string, string> = {}): Promise<ClaimqProcess[]> {
    const started = await Promise.all(
      Array.from({ length: n }, () =>
        ClaimqProcess.start({ MODE: 'worker', JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, QUEUES: 'default', ...env }),
      ),
    );
    workers.push(...started);
    await Promise.all(started.map((w) => w.waitForOutput(WORKER_START)));
    return started;
  }

  async function waitForCounts(check: (c: Awaited<ReturnType<JobEngine['admin']['counts']>>) => boolean, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const counts = await store.admin.counts('default');
      if (check(counts)) return;
      if (Date.now() > until) throw new Error(`counts never matched: ${JSON.stringify(counts)}\n${workers.map((w) => w.log.slice(-2000)).join('\n---\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('drains a few thousand http jobs with four processes, each job run exactly once', async () => {
    const hits = new Map<string, number>();
    const server: Server = createServer((req, res) => {
      const id = String(req.headers['x-claimq-job-id']);
      hits.set(id, (hits.get(id) ?? 0) + 1);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const total = 3000;
      await startWorkers(4, { WORKER_CONCURRENCY: '50' });
      const ids = await enqueue(Array.from({ length: total }, (_, i) => ({ type: 'http', payload: { url, body: { i } } })));
      await waitForCounts((c) => c.succeeded === total, 90_000);
      expect(hits.size).toBe(total);
      expect([...hits.values()].every((n) => n === 1)).toBe(true);
      expect(ids.every((id) => hits.has(id))).toBe(true);
      const exits = await Promise.all(workers.map((w) => w.stop('SIGTERM')));
      expect(exits).toEqual(workers.map(() => ({ code: 0, signal: null })));
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 150_000);

  it('on SIGTERM releases the jobs it could not finish in the grace period and exits 0', async () => {
    const [worker] = await startWorkers(1, { WORKER_CONCURRENCY: '5', SHUTDOWN_GRACE_MS: '300' });
    const quick = await enqueue(Array.from({ length: 2 }, () => ({ type: 'sleep', payload: { ms: 50 } })));
    const long = await enqueue(Array.from({ length: 3 }, () => ({ type: 'sleep', payload: { ms: 60_000 } })));
    await waitForCounts((c) => c.running === 3 && c.succeeded === 2, 20_000);

    const exit = await worker.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    for (const id of quick) expect((await store.admin.get(id))?.status).toBe('succeeded');
    for (const id of long) expect(await store.admin.get(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await store.admin.counts('default')).toMatchObject({ running: 0, pending: 3 });
    expect(await store.workers.silent('default', -60_000, 10)).toEqual([]);
  }, 60_000);

  it('keeps renewing its leases through a grace period longer than a lease, against a reaper running elsewhere', async () => {
    // LEASE_MS 2 s, a job that needs 4.5 s, SIGTERM at once: the job only finishes (once, on its
    // first attempt) if the heartbeat goes on beating while the worker drains. Nest runs the
    // shutdown hooks module by module, and @nestjs/schedule 12 clears every registered interval
    // (the heartbeat's too) in its beforeApplicationShutdown: this holds only while the drain's
    // hook (ClaimModule) runs before ScheduleModule's.
    const [worker] = await startWorkers(1, { LEASE_MS: '2000', HEARTBEAT_MS: '400', SHUTDOWN_GRACE_MS: '15000' });
    const [id] = await enqueue([{ type: 'sleep', payload: { ms: 4_500 }, maxAttempts: 1 }]);
    await waitForCounts((c) => c.running === 1, 20_000);

    const stopping = worker.stop('SIGTERM');
    let stopped = false;
    void stopping.finally(() => (stopped = true));
    // another instance's reaper, as often as a reaper can run: it takes any lease that lapses
    const reaped: string[] = [];
    while (!stopped) {
      const result = await store.upkeep.reapExpired('default', 100);
      reaped.push(...result.requeued, ...result.failed, ...result.cancelled);
      await new Promise((r) => setTimeout(r, 100));
    }

    expect(await stopping).toEqual({ code: 0, signal: null });
    expect(reaped).toEqual([]);
    expect(await store.admin.get(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  }, 60_000);
});
