import { makeRedisStoreHarness } from '../support/redis-store-harness';
import { describeJobStore } from './job-store.contract';

describeJobStore('RedisEngine', makeRedisStoreHarness);
