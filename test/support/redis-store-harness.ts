import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { isCluster, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { ManualClock } from '../../src/domain/clock';
import { JobEvent } from '../../src/domain/job-event';
import { decodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { queueOfJobId } from '../../src/domain/job-id';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';
import { ContractStoreOptions, Corruption, MakeStoreHarness, StoreHarness } from '../contract/store-harness';

/** The shared test Redis. Tests only ever touch keys under their own prefix; never flush it. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export function uniqueTestPrefix(): string {
  return `cqt-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Every key under `prefix` (SCAN is for tests only: src never scans); on a cluster, of every master. */
export async function listPrefixedKeys(redis: RedisClient, prefix: string): Promise<string[]> {
  if (isCluster(redis)) {
    // a cluster client knows its masters once it has read the slot map
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    return (await Promise.all(redis.nodes('master').map((node) => listPrefixedKeys(node, prefix)))).flat();
  }
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** Deletes every key under `prefix` (on a cluster one key per command: they span slots). */
export async function deletePrefixedKeys(redis: RedisClient, prefix: string): Promise<void> {
  const keys = await listPrefixedKeys(redis, prefix);
  if (isCluster(redis)) {
    for (let i = 0; i < keys.length; i += 1000) await Promise.all(keys.slice(i, i + 1000).map((key) => redis.unlink(key)));
    return;
  }
  for (let i = 0; i < keys.length; i += 1000) await redis.unlink(...keys.slice(i, i + 1000));
}

function jobKey(prefix: string, id: string): string {
  return `${prefix}:{${queueOfJobId(id)}}:job:${id}`;
}

/** A RedisEngine over the shared Redis, isolated by a unique key prefix, on a ManualClock. */
export const makeRedisStoreHarness: MakeStoreHarness = () => redisStoreHarness(() => createRedisClient(TEST_REDIS_URL));

/** The harness of a RedisEngine on the clients `connect` makes (one server, or a cluster). */
export async function redisStoreHarness(connect: () => RedisClient): Promise<StoreHarness> {
  const prefix = uniqueTestPrefix();
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const admin = connect();
  const stores: JobEngine[] = [];
  const open = (options: ContractStoreOptions = {}): JobEngine => {
    const store = new RedisEngine({ redis: connect(), prefix, clock, ...options });
    stores.push(store);
    return store;
  };
  const store = open();
  const lastEventId = new Map<string, string>();

  return {
    store,
    clock,
    async corruptJob(id: string, how: Corruption): Promise<void> {
      const key = jobKey(prefix, id);
      switch (how) {
        case 'missing-fields':
          await admin.hdel(key, 'type', 'st', 'att');
          return;
        case 'bad-numbers':
          await admin.hset(key, 'att', 'many', 'pr', 'high', 'tok', 'x1', 'max', 'lots');
          return;
        case 'deleted':
          await admin.del(key);
          return;
      }
    },
    async peer(): Promise<JobEngine> {
      return open();
    },
    async storeWith(options: ContractStoreOptions): Promise<JobEngine> {
      return open(options);
    },
    async takeEvents(queue: string): Promise<JobEvent[]> {
      const stream = `${prefix}:{${queue}}:events`;
      const entries = await admin.xrange(stream, `(${lastEventId.get(queue) ?? '0-0'}`, '+');
      const events: JobEvent[] = [];
      for (const [id, fields] of entries) {
        lastEventId.set(queue, id);
        for (const event of decodeStreamEntry(fields) ?? []) {
          if (!event) throw new Error(`stream entry ${id} holds an event that does not decode: ${JSON.stringify(fields)}`);
          events.push(event);
        }
      }
      return events;
    },
    async cleanup(): Promise<void> {
      await Promise.all(stores.map((s) => s.close()));
      await deletePrefixedKeys(admin, prefix);
      await admin.quit();
    },
  };
}

/** A RedisEngine of a test's own on the shared Redis: a fresh prefix, a ManualClock, `queue`'s keys. */
export function openRedisStore(queue: string): { redis: Redis; store: RedisEngine; clock: ManualClock; prefix: string; keys: RedisQueueKeys } {
  const prefix = uniqueTestPrefix();
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const redis = createRedisClient(TEST_REDIS_URL);
  return { redis, store: new RedisEngine({ redis, prefix, clock }), clock, prefix, keys: new RedisQueueKeys(prefix, queue) };
}

/** Closes a store of openRedisStore and deletes every key under its prefix. */
export async function closeRedisStore(store: JobEngine, prefix: string): Promise<void> {
  const admin = createRedisClient(TEST_REDIS_URL);
  await store.close();
  await deletePrefixedKeys(admin, prefix);
  await admin.quit();
}
