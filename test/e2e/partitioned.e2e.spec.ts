import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { describeExecutionsApi } from './executions-api.scenarios';
import { describeJobsApi } from './jobs-api.scenarios';

/**
 * The jobs and executions API scenarios with every queue spread over 4 partitions
 * (QUEUE_PARTITIONS=4), on both stores: for clients nothing changes (ids, reads, listing with one
 * cursor, counts, cancel, retry, executions).
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `e2e-part-${randomBytes(6).toString('hex')}`;
const PARTITIONED = { QUEUE_PARTITIONS: '4' };

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

describeJobsApi('memory, 4 partitions per queue', () => ({ JOB_STORE: 'memory', ...PARTITIONED }));
describeJobsApi('redis, 4 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix, ...PARTITIONED }));
describeExecutionsApi('memory, 4 partitions per queue', () => ({ JOB_STORE: 'memory', ...PARTITIONED }));
describeExecutionsApi('redis, 4 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL, REDIS_PREFIX: prefix, ...PARTITIONED }));
