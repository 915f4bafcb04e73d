import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeQueueStatsApi } from './queue-stats-api.scenarios';

/** The stats scenarios on JOB_STORE=redis, under a prefix of its own on the shared Redis (never flushed). */
const prefix = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  try {
    await deletePrefixedKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
});

describeQueueStatsApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
