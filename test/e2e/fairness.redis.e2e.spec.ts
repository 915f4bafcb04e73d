import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeFairnessApi } from './fairness-api.scenarios';

/**
 * The fairness scenarios on JOB_STORE=redis, under a prefix of its own on the shared Redis: the
 * test deletes only its own keys and never flushes a shared server.
 */
const prefix = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  try {
    await deletePrefixedKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
});

describeFairnessApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
