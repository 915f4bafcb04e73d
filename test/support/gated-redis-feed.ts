import { createRedisClient, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisJobFeed } from '../../src/modules/queue/events/redis-job-feed';
import { deletePrefixedKeys, TEST_REDIS_URL } from './redis-store-harness';

/**
 * A feed whose XREAD replies are held back until `open()`: a read that lags the stream, as one
 * does when entries are written faster than its replies are handled.
 */
export function gatedFeed(prefix: string, caughtUpWaitMs?: number) {
  const clients: RedisClient[] = [];
  /** Reads on the store's connection (caughtUp's XREVRANGE). */
  const reads = { count: 0, failing: false };
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const store = createRedisClient(TEST_REDIS_URL);
  clients.push(store);
  const feed = new RedisJobFeed({
    connect: () => {
      const redis = createRedisClient(TEST_REDIS_URL);
      clients.push(redis);
      const xread = redis.xread.bind(redis) as (...args: unknown[]) => Promise<unknown>;
      (redis as unknown as { xread: (...args: unknown[]) => Promise<unknown> }).xread = async (...args: unknown[]) => {
        const reply = await xread(...args);
        await gate;
        return reply;
      };
      return redis;
    },
    read: (work) => {
      reads.count++;
      if (reads.failing) return Promise.reject(new Error('the store does not answer'));
      return work(store);
    },
    streamOf: (queue) => `${prefix}:{${queue}}:events`,
    blockMs: 200,
    caughtUpWaitMs,
  });
  return {
    feed,
    store,
    reads,
    hold: () => {
      gate = new Promise((resolve) => (release = resolve));
    },
    open: () => release(),
    close: async () => {
      release();
      await feed.close();
      await deletePrefixedKeys(store, prefix);
      for (const client of clients) client.disconnect();
    },
  };
}
