import Redis from 'ioredis';
import { RedisCluster } from '../../test/support/redis-cluster';
import { RedisServer } from '../../test/support/redis-server';

export type TopologyName = 'single' | 'cluster';

export const TOPOLOGIES: readonly TopologyName[] = ['single', 'cluster'];

/**
 * The Redis a round of bench:split runs on, the bench's own (never the machine's shared one):
 * one redis-server on a free port, or a cluster of 3 masters + 3 replicas. It gives claimq its
 * connection settings, and the bench a plain connection to each node (INFO, MONITOR, FLUSHALL).
 */
export class RedisTopology {
  private readonly admins = new Map<number, Redis>();

  private constructor(
    readonly name: TopologyName,
    private readonly server: RedisServer | undefined,
    private readonly cluster: RedisCluster | undefined,
  ) {}

  static async start(name: TopologyName): Promise<RedisTopology> {
    if (name === 'single') return new RedisTopology(name, await RedisServer.start(), undefined);
    return new RedisTopology(name, undefined, await RedisCluster.start());
  }

  /** What claimq reads to reach it. */
  get claimqEnv(): Record<string, string> {
    if (this.cluster) return { REDIS_CLUSTER_NODES: this.cluster.seeds };
    return { REDIS_URL: this.server!.url };
  }

  /** Every node's port (a cluster's replicas too). */
  get nodePorts(): number[] {
    return this.cluster ? this.cluster.ports : [this.server!.port];
  }

  /** The redis-server processes, for the `ps` check after a run. */
  get pids(): number[] {
    return this.cluster ? this.cluster.pids : this.server?.pid ? [this.server.pid] : [];
  }

  async masterPorts(): Promise<number[]> {
    return this.cluster ? this.cluster.masters() : [this.server!.port];
  }

  /** A plain connection to one node, kept for the run. */
  admin(port: number): Redis {
    let client = this.admins.get(port);
    if (!client) {
      client = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
      client.on('error', () => undefined);
      this.admins.set(port, client);
    }
    return client;
  }

  /** Empties every master (the replicas follow), between fleets: each starts on a store of its own. */
  async flush(): Promise<void> {
    await Promise.all((await this.masterPorts()).map((port) => this.admin(port).flushall()));
  }

  async stop(): Promise<void> {
    for (const client of this.admins.values()) client.disconnect();
    this.admins.clear();
    await this.server?.stop();
    await this.cluster?.stop();
  }
}
