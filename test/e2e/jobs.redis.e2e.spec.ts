import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { E2eApp, startE2eApp } from './e2e-app';
import { describeJobsApi } from './jobs-api.scenarios';

/**
 * The same API scenarios on JOB_STORE=redis, against the Redis at REDIS_URL (default
 * redis://127.0.0.1:6379), under a prefix of its own: the test deletes only its own keys and
 * never flushes a shared server.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `e2e-${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    // Test cleanup only: the service itself never scans.
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
});

describeJobsApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix }));

describe('GET /jobs on the redis store with a hand-made cursor', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  // Index 1 of the unfiltered walk is the priority-0 pending list, whose score is a rank.
  it.each([[[-1, 0, 'x']], [[1, -5000, 'x']], [[1, 1.5, 'x']], [[1, 1e21, 'x']], [[99, 0, 'x']]])('refuses %j with 400 naming cursor', async (position) => {
    const cursor = `r${Buffer.from(JSON.stringify(position)).toString('base64url')}`;
    const res = await e2e.http().get('/jobs').query({ cursor }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'cursor', reason: 'is not a cursor this store returned' }]);
  });
});
