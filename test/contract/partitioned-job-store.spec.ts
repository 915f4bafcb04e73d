import { partitionedHarness } from '../support/partitioned-store-harness';
import { makeRedisStoreHarness } from '../support/redis-store-harness';
import { describeJobStore } from './job-store.contract';

/** The whole JobEngine contract with every queue spread over 4 partitions (Redis: partitions are Redis's). */
describeJobStore('RedisEngine, 4 partitions per queue', partitionedHarness(makeRedisStoreHarness, 4));
