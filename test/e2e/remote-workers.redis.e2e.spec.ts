import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeRemoteWorkersApi } from './remote-workers-api.scenarios';

/** The remote-worker routes on JOB_STORE=redis, under a prefix of its own (never flushes the shared server). */
const prefix = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  try {
    await deletePrefixedKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
});

describeRemoteWorkersApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
