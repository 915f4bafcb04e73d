import { freePort } from '../support/free-port';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { RedisServer } from '../support/redis-server';
import { eventually } from '../support/eventually';
import { E2eApp, startE2eApp } from './e2e-app';

describe('readiness (/health/ready)', () => {
  let redis: RedisServer;
  let db: TestDatabase;
  let e2e: E2eApp;

  beforeAll(async () => {
    redis = await RedisServer.start();
    db = await createTestDatabase();
    e2e = await startE2eApp({ JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: 'ready', DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await e2e?.close();
    await redis?.stop();
    await db?.drop();
  });

  it('is ready when Redis answers PING and Postgres answers SELECT 1', async () => {
    const res = await e2e.http().get('/health/ready').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { redis: { status: 'up' }, postgres: { status: 'up' } } });
  });

  it('turns 503 naming redis while Redis is down, and ready again when it returns; liveness holds', async () => {
    await redis.kill();
    const down = await eventually(async () => {
      const res = await e2e.http().get('/health/ready');
      expect(res.status).toBe(503);
      return res;
    });
    expect(down.body).toMatchObject({ status: 'error', error: { redis: { status: 'down' } }, info: { postgres: { status: 'up' } } });
    expect(down.body.error.redis.message).toEqual(expect.any(String));
    await e2e.http().get('/health/live').expect(200);

    await redis.launch();
    await eventually(async () => expect((await e2e.http().get('/health/ready')).status).toBe(200), 20_000, 200);
  });
});

describe('readiness with Postgres unreachable', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    const closedPort = await freePort();
    e2e = await startE2eApp({ JOB_STORE: 'memory', DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/nothing` });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('answers 503 naming postgres, within about a second', async () => {
    const started = Date.now();
    const res = await e2e.http().get('/health/ready').expect(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.body).toMatchObject({ status: 'error', error: { postgres: { status: 'down' } }, info: { memory: { status: 'up' } } });
  });
});
