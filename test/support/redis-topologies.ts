import { createClusterClient, createRedisClient, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisCluster } from './redis-cluster';
import { deletePrefixedKeys, TEST_REDIS_URL } from './redis-store-harness';

/** Where a fault test's fleet keeps its Redis state: the machine's Redis, or a cluster of the test's own. */
export interface RedisTopology {
  /** The settings that point a claimq process at it. */
  env(): Record<string, string>;
  connect(): RedisClient;
  /** Deletes what a test left under `prefix` (a cluster is stopped whole instead). */
  cleanup(admin: RedisClient, prefix: string): Promise<void>;
  stop(): Promise<void>;
}

/** The machine's Redis (each test under a prefix of its own). */
export async function oneRedis(): Promise<RedisTopology> {
  return {
    env: () => ({ REDIS_URL: TEST_REDIS_URL }),
    connect: () => createRedisClient(TEST_REDIS_URL),
    cleanup: (admin, prefix) => deletePrefixedKeys(admin, prefix),
    stop: async () => undefined,
  };
}

/** A Redis Cluster of 3 masters and 3 replicas, six processes of the test's own (RedisCluster). */
export async function redisCluster(): Promise<RedisTopology> {
  const cluster = await RedisCluster.start();
  const seeds = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
  return {
    env: () => ({ REDIS_CLUSTER_NODES: cluster.seeds }),
    connect: () => createClusterClient({ seeds, tls: false }),
    cleanup: async () => undefined,
    stop: () => cluster.stop(),
  };
}
