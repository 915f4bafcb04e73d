import Redis from 'ioredis';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

/** A store an e2e file runs its cases on: its name and the settings that select it. */
export type E2eStore = [name: string, env: Record<string, string>];

/**
 * The stores an e2e file runs on: memory, Redis (under a key prefix of the file's own, deleted
 * after the file's tests) and, with `partitioned`, Redis with 3 partitions per queue; `deleted`
 * adds Redis with SUCCEEDED_RETENTION_MS=0. Call it at the top of a file (it registers the cleanup).
 */
export function e2eStores(options: { partitioned?: boolean; deleted?: boolean } = {}): E2eStore[] {
  const prefix = uniqueTestPrefix();
  afterAll(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await deletePrefixedKeys(redis, prefix);
    } finally {
      redis.disconnect();
    }
  });
  const redis = { JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
  const stores: E2eStore[] = [
    ['memory', { JOB_STORE: 'memory' }],
    ['redis', redis],
  ];
  if (options.deleted) stores.push(['redis, deleted on success', { ...redis, SUCCEEDED_RETENTION_MS: '0' }]);
  if (options.partitioned) stores.push(['redis, 3 partitions per queue', { ...redis, QUEUE_PARTITIONS: '3' }]);
  return stores;
}
