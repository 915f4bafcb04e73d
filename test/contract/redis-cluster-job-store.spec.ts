import { createClusterClient } from '../../src/modules/queue/redis/redis-connection';
import { partitionedHarness } from '../support/partitioned-store-harness';
import { RedisCluster } from '../support/redis-cluster';
import { redisStoreHarness } from '../support/redis-store-harness';
import { describeJobStore } from './job-store.contract';

/**
 * The whole JobEngine contract on a real Redis Cluster (3 masters, 3 replicas) of this file's own:
 * every script runs on the master of its queue's slot, through ioredis's Cluster client. Then again
 * with every queue spread over 6 partitions, so over the 3 masters.
 */
let cluster: RedisCluster | undefined;

beforeAll(async () => {
  // Redis's default node timeout rather than the fault tests' 1 s: a master busy in one script
  // longer than that (an execution of 10,000 jobs and 100,000 edges, on a loaded machine) is taken
  // for failed, its replica promoted without the script's writes, and those are lost
  cluster = await RedisCluster.start({ extraArgs: ['--cluster-node-timeout', '15000'] });
});

afterAll(async () => {
  await cluster?.stop();
});

describeJobStore('RedisEngine on Redis Cluster', () => {
  const seeds = cluster!.ports.map((port) => ({ host: '127.0.0.1', port }));
  return redisStoreHarness(() => createClusterClient({ seeds, tls: false }));
});

describeJobStore(
  'RedisEngine on Redis Cluster, 6 partitions per queue',
  partitionedHarness(() => {
    const seeds = cluster!.ports.map((port) => ({ host: '127.0.0.1', port }));
    return redisStoreHarness(() => createClusterClient({ seeds, tls: false }));
  }, 6),
);
