import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { deletePrefixedKeys, TEST_REDIS_URL } from '../support/redis-store-harness';
import { describeApiLimits } from './api-limits.scenarios';

/** The API's limits at their maximum on both stores; the Redis run uses a prefix of its own. */
const prefix = `e2e-limits-${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    await deletePrefixedKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
});

describeApiLimits('memory', () => ({ JOB_STORE: 'memory' }));
describeApiLimits('redis', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
