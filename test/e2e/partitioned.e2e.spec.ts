import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { describeExecutionsApi } from './executions-api.scenarios';
import { describeJobOpsApi } from './job-ops-api.scenarios';
import { describeJobsApi } from './jobs-api.scenarios';

/**
 * The jobs and executions API scenarios with every queue spread over 4 partitions
 * (QUEUE_PARTITIONS=4) on Redis, where partitions are (the memory store ignores the count): for
 * clients nothing changes (ids, reads, listing with one cursor, counts, cancel, retry, executions,
 * promote, bulk actions, lookups by key).
 */
const REDIS_URL = TEST_REDIS_URL;
const prefix = uniqueTestPrefix();
const PARTITIONED = { QUEUE_PARTITIONS: '4' };

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  await deletePrefixedKeys(redis, prefix);
  await redis.quit();
});

describeJobsApi('redis, 4 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix, ...PARTITIONED }));
describeExecutionsApi('redis, 4 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix, ...PARTITIONED }));
describeJobOpsApi('redis, 4 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix, ...PARTITIONED }));
