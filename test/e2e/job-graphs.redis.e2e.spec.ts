import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeJobGraphsApi } from './job-graphs-api.scenarios';

/** The job graph scenarios on JOB_STORE=redis, under a prefix of its own (never flushing the shared Redis). */
const prefix = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  await deletePrefixedKeys(redis, prefix);
  await redis.quit();
});

describeJobGraphsApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
