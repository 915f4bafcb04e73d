import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';
import { uniqueTestPrefix } from '../support/redis-store-harness';
import { waitFor } from '../support/wait-for';

/** A bounded request: an API that hangs fails the test instead of answering late. */
async function post(api: ClaimqProcess, path: string, body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${api.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

describe('API process during a Redis outage', () => {
  let redis: RedisServer;
  let api: ClaimqProcess | undefined;

  beforeAll(async () => {
    ensureBuilt();
    redis = await RedisServer.start({ appendOnly: true });
  }, 180_000);

  afterAll(async () => {
    await api?.kill();
    await redis?.stop();
  });

  it('answers 503 with Retry-After while Redis is down, stays live, and takes jobs again after', async () => {
    api = await ClaimqProcess.start({ MODE: 'api', JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: uniqueTestPrefix(), REAPER_INTERVAL_MS: '200' });
    await api.waitForOutput(/listening on/);
    const job = { type: 'sleep', payload: { ms: 1 } };
    expect((await post(api, '/jobs', job)).status).toBe(201);

    await redis.kill();
    for (let i = 0; i < 5; i++) {
      const res = await post(api, '/jobs', job);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(await res.json()).toMatchObject({ message: expect.stringMatching(/unavailable/) });
      const live = await fetch(`http://127.0.0.1:${api.port}/health/live`, { signal: AbortSignal.timeout(10_000) });
      expect(live.status).toBe(200);
    }
    const created = await fetch(`http://127.0.0.1:${api.port}/jobs/default-does-not-exist`, { signal: AbortSignal.timeout(10_000) });
    expect([404, 503]).toContain(created.status);

    await redis.launch();
    await waitFor('the API to take jobs again', async () => (await post(api!, '/jobs', job)).status === 201, { timeoutMs: 30_000, describe: () => api!.log });
    expect(api.running).toBe(true);
  }, 90_000);
});
