import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { describeQueueStatsApi } from './queue-stats-api.scenarios';

/** The stats scenarios on JOB_STORE=redis, under a prefix of its own on the shared Redis (never flushed). */
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

describeQueueStatsApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix }));
