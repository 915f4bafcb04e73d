import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeJobOpsApi } from './job-ops-api.scenarios';

/** The job operations scenarios on JOB_STORE=redis, under a prefix of its own (never flushing the shared Redis). */
const prefix = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  await deletePrefixedKeys(redis, prefix);
  await redis.quit();
});

describeJobOpsApi('redis', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
