import calculateSlot from 'cluster-key-slot';
import { withinTimeout } from '../../../common/within-timeout';
import { StoreUnavailableError } from '../../../domain/errors';
import type { ClusterSeed } from '../../../config/redis-cluster-nodes';
import { diagnoseClusterSeeds, isCluster } from './redis-connection';
import { RedisContext } from './redis-context';
import { queueSetKey } from './redis-queue-keys';
import { readClusterInfo, readClusterServerInfo, readRedisServerInfo, RedisServerInfo } from './redis-server-info';

/** How long readiness on a cluster may take in all, below the probe's own timeout (HEALTH_CHECK_TIMEOUT_MS, 1 s). */
const CLUSTER_PING_BUDGET_MS = 700;

/**
 * What RedisStoreHealth asks of the engine's connection: a ping that, on a cluster, also proves
 * every queue's slot answers; the server's settings; and the start check of a cluster.
 */
export class RedisReadiness {
  constructor(
    private readonly ctx: RedisContext,
    private readonly clusterSeeds: ClusterSeed[],
  ) {}

  /** Version and memory settings of the server (INFO; on a cluster, of every master), for the start check and readiness. */
  async serverInfo(): Promise<RedisServerInfo> {
    const redis = this.ctx.redis;
    return this.ctx.call(() => (isCluster(redis) ? readClusterServerInfo(redis) : readRedisServerInfo(redis)));
  }

  /**
   * Readiness: PING on the command connection; on a cluster, CLUSTER INFO must say
   * cluster_state:ok and the slot of every queue must answer a read on its master (a cluster that
   * is ok overall may still have a slot whose master is failing over). StoreUnavailableError names
   * what failed.
   */
  async ping(): Promise<void> {
    const redis = this.ctx.redis;
    if (!isCluster(redis)) {
      await this.ctx.call(() => redis.ping());
      return;
    }
    // every step within one budget below the probe's timeout, so a 503 names the step that hung
    const until = Date.now() + CLUSTER_PING_BUDGET_MS;
    const answer = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
      try {
        return await withinTimeout(this.ctx.call(work), Math.max(1, until - Date.now()));
      } catch (error) {
        throw new StoreUnavailableError(`${what} does not answer: ${(error as Error).message}`);
      }
    };
    const queueSet = queueSetKey(this.ctx.prefix);
    const [info, stored] = await Promise.all([
      answer('Redis Cluster: CLUSTER INFO', () => redis.cluster('INFO')),
      answer(`the queue list (slot ${calculateSlot(queueSet)})`, () => redis.smembers(queueSet)),
    ]);
    const { state } = readClusterInfo(String(info));
    if (state !== 'ok') throw new StoreUnavailableError(`Redis Cluster is not ok: CLUSTER INFO says cluster_state:${state}`);
    const bySlot = new Map<number, string>();
    for (const queue of new Set([...this.ctx.configuredQueues, ...stored])) {
      const slot = calculateSlot(this.ctx.keys(queue).seq);
      if (!bySlot.has(slot)) bySlot.set(slot, queue);
    }
    await Promise.all([...bySlot].map(([slot, queue]) => answer(`queue ${queue} (slot ${slot})`, () => redis.exists(this.ctx.keys(queue).seq))));
  }

  /**
   * The start check of a cluster: it must answer (its slot map read from a seed node) and be
   * cluster_state:ok, or claimq does not start. A single server that cannot be reached at start is
   * left to readiness instead (it may be starting too); a cluster that cannot be reached is most
   * often a wrong REDIS_CLUSTER_NODES.
   */
  async checkTopology(timeoutMs: number): Promise<void> {
    const redis = this.ctx.redis;
    if (!isCluster(redis)) return;
    const seeds = this.clusterSeeds.map((seed) => `${seed.host}:${seed.port}`).join(', ') || 'the configured nodes';
    if (redis.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        let lastError = 'no answer';
        const onError = (error: Error): void => {
          lastError = error.message;
        };
        const timer = setTimeout(() => {
          redis.off('error', onError);
          redis.off('ready', onReady);
          // ask the seeds themselves why: not up, not a cluster node, or a cluster without slots
          void diagnoseClusterSeeds(this.clusterSeeds, redis.options.redisOptions ?? {}).then((why) =>
            reject(new Error(`REDIS_CLUSTER_NODES: no Redis Cluster answered at ${seeds} within ${timeoutMs} ms (${why ?? `no seed accepts a connection: ${lastError}`})`)),
          );
        }, timeoutMs);
        const onReady = (): void => {
          clearTimeout(timer);
          redis.off('error', onError);
          resolve();
        };
        redis.on('error', onError);
        redis.once('ready', onReady);
      });
    }
    let info: string;
    try {
      info = String(await redis.cluster('INFO'));
    } catch (error) {
      throw new Error(`REDIS_CLUSTER_NODES: CLUSTER INFO failed at ${seeds}: ${(error as Error).message}`);
    }
    const { state } = readClusterInfo(info);
    if (state !== 'ok') {
      throw new Error(`REDIS_CLUSTER_NODES: the Redis Cluster at ${seeds} is not ok (cluster_state:${state}); claimq starts once every slot has a master`);
    }
  }
}
