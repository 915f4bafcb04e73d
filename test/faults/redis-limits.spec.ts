import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { E2eApp, startE2eApp, uniqueQueue } from '../e2e/e2e-app';
import { RedisServer } from '../support/redis-server';

/**
 * Redis at its own limits, on redis-servers this file starts (never the shared one): a full Redis
 * (maxmemory reached, noeviction) refuses new work with a clear 503 and loses nothing, while
 * running jobs still complete; an eviction policy that can delete job keys is reported, and fails
 * readiness unless REDIS_ALLOW_EVICTION=true.
 */
describe('Redis at its maxmemory (noeviction)', () => {
  let redis: RedisServer;
  let admin: Redis;
  let e2e: E2eApp;

  beforeAll(async () => {
    redis = await RedisServer.start({ extraArgs: ['--maxmemory', '8mb', '--maxmemory-policy', 'noeviction'] });
    admin = new Redis(redis.url);
    e2e = await startE2eApp({ JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: 'oom' });
  });
  afterAll(async () => {
    await e2e?.close();
    admin?.disconnect();
    await redis?.stop();
  });

  /**
   * Fills the server with keys of the test's own until a write is refused as OOM, then puts it
   * 256 KB past maxmemory (a script flagged allow-oom may), so that it stays full whatever small
   * buffers Redis frees meanwhile: right at the limit a write that starts below it still passes.
   */
  async function fill(): Promise<number> {
    const value = 'x'.repeat(16 * 1024);
    for (let i = 0; i < 10_000; i++) {
      try {
        await admin.set(`filler:${i}`, value);
      } catch (err) {
        if (!/^OOM/.test((err as Error).message)) throw err;
        await admin.eval("#!lua flags=allow-oom\nredis.call('SET', KEYS[1], string.rep('x', 262144))", 1, 'filler:over');
        return i;
      }
    }
    throw new Error('the server never reported OOM');
  }

  it('answers 503 store_out_of_memory with Retry-After to every enqueue, writes nothing, and lets a running job complete', async () => {
    const queue = uniqueQueue();
    const running = await e2e.http().post('/jobs').send({ type: 't', queue }).expect(201);
    const { jobs } = await e2e.store.jobs.claim(queue, 'w1', 1, 60_000);
    expect(jobs[0].job.id).toBe(running.body.id);
    const fillers = await fill();

    const refused = [
      await e2e.http().post('/jobs').send({ type: 't', queue }),
      await e2e.http().post('/jobs/bulk').send({ jobs: [{ type: 't', queue }, { type: 't', queue }] }),
      await e2e.http().post('/executions').send({ jobs: [{ type: 't', queue }, { type: 't', queue }] }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: 'store_out_of_memory' });
      expect(res.headers['retry-after']).toBe('5');
    }
    // nothing half-written: the queue holds the running job and nothing else
    await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: 0, scheduled: 0, running: 1 });
    const listed = await e2e.http().get('/jobs').query({ queue }).expect(200);
    expect(listed.body.items.map((j: { id: string }) => j.id)).toEqual([running.body.id]);

    // completion runs on a full Redis (it frees memory rather than adding work)
    await expect(e2e.store.jobs.complete(queue, [{ id: jobs[0].job.id, token: jobs[0].token, resultJson: '"done"' }])).resolves.toEqual(['succeeded']);

    // room again: new work is taken
    await admin.del('filler:over');
    for (let i = 0; i < fillers; i += 500) await admin.del(...Array.from({ length: Math.min(500, fillers - i) }, (_, k) => `filler:${i + k}`));
    await e2e.http().post('/jobs').send({ type: 't', queue }).expect(201);
  });
});

describe('Redis eviction policies', () => {
  const servers: RedisServer[] = [];
  const apps: E2eApp[] = [];

  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });

  async function appOn(policy: string, env: Record<string, string> = {}): Promise<{ e2e: E2eApp; warnings: string[] }> {
    const warnings: string[] = [];
    vi.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    const redis = await RedisServer.start({ extraArgs: ['--maxmemory', '64mb', '--maxmemory-policy', policy] });
    servers.push(redis);
    const e2e = await startE2eApp({ JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: 'evict', ...env });
    apps.push(e2e);
    return { e2e, warnings };
  }

  it('warns at start naming an allkeys-* policy, and fails readiness on it', async () => {
    const { e2e, warnings } = await appOn('allkeys-lru');
    expect(warnings.some((w) => w.includes('maxmemory-policy is allkeys-lru'))).toBe(true);
    const res = await e2e.http().get('/health/ready').expect(503);
    expect(res.body.error.redis).toMatchObject({ status: 'down', maxmemoryPolicy: 'allkeys-lru', message: expect.stringContaining('REDIS_ALLOW_EVICTION') });
  });

  it('is ready on an allkeys-* policy with REDIS_ALLOW_EVICTION=true, naming the policy in the details', async () => {
    const { e2e } = await appOn('allkeys-lru', { REDIS_ALLOW_EVICTION: 'true' });
    const res = await e2e.http().get('/health/ready').expect(200);
    expect(res.body.info.redis).toMatchObject({ status: 'up', maxmemoryPolicy: 'allkeys-lru' });
  });

  it('warns about a volatile-* policy but stays ready; noeviction is silent', async () => {
    const volatile = await appOn('volatile-lru');
    expect(volatile.warnings.some((w) => w.includes('maxmemory-policy is volatile-lru'))).toBe(true);
    await volatile.e2e.http().get('/health/ready').expect(200);
    vi.restoreAllMocks();
    const quiet = await appOn('noeviction');
    expect(quiet.warnings.filter((w) => w.includes('maxmemory-policy'))).toEqual([]);
    const res = await quiet.e2e.http().get('/health/ready').expect(200);
    expect(res.body.info.redis).toMatchObject({ status: 'up', maxmemoryPolicy: 'noeviction', version: expect.any(String) });
  });
});
