import { JobSpec, QueueCounts } from '../../src/domain/job';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { createRedisClient, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine, RedisEngineOptions } from '../../src/modules/queue/redis/redis-engine';
import { ClaimqProcess } from './processes';
import { uniqueTestPrefix } from './redis-store-harness';

const WORKER_START = /worker (\S+) claiming from/;

export interface FleetWorker {
  process: ClaimqProcess;
  /** the id the worker claims under (from its start line) */
  id: string;
}

/** Where a fleet's Redis is: a server's URL, or a cluster (its env for the workers, a client for the test). */
export type FleetRedis =
  | string
  | {
      env: Record<string, string>;
      connect: () => RedisClient;
      storeOptions?: Partial<RedisEngineOptions>;
      /** The queue's partitions (QUEUES=default:N for the processes; the test's store reads them too). */
      partitions?: number;
    };

/**
 * `MODE=worker` processes on one Redis (a throwaway redis-server or Redis Cluster owned by the
 * test), plus a store client for the test to enqueue and read through. Used by the fault tests
 * and `npm run chaos`.
 */
export class WorkerFleet {
  readonly prefix = uniqueTestPrefix();
  readonly queue = 'default';
  readonly store: JobEngine;
  readonly workers: FleetWorker[] = [];
  /** every process started, killed ones included, for logs on failure */
  readonly started: FleetWorker[] = [];

  private readonly redisEnv: Record<string, string>;
  private readonly partitions: number;
  readonly admin: RedisClient;

  constructor(
    redis: FleetRedis,
    private readonly env: Record<string, string>,
    /** a private copy of dist/main.js, if any */
    private readonly entry?: string,
  ) {
    const connect = typeof redis === 'string' ? () => createRedisClient(redis) : redis.connect;
    this.redisEnv = typeof redis === 'string' ? { REDIS_URL: redis } : redis.env;
    const storeOptions = typeof redis === 'string' ? {} : (redis.storeOptions ?? {});
    this.partitions = typeof redis === 'string' ? 1 : (redis.partitions ?? 1);
    const store = new RedisEngine({ redis: connect(), prefix: this.prefix, ...storeOptions });
    this.store = this.partitions === 1 ? store : new PartitionedEngine(store, { partitionsOf: () => this.partitions });
    this.admin = connect();
  }

  /** The env a claimq process of this fleet needs to reach its Redis, with the fleet's prefix. */
  get processEnv(): Record<string, string> {
    const queues = this.partitions === 1 ? this.queue : `${this.queue}:${this.partitions}`;
    return { JOB_STORE: 'redis', ...this.redisEnv, REDIS_PREFIX: this.prefix, QUEUES: queues };
  }

  async startWorkers(n: number): Promise<FleetWorker[]> {
    const procs = await Promise.all(
      Array.from({ length: n }, () =>
        ClaimqProcess.start({ MODE: 'worker', ...this.processEnv, ...this.env }, this.entry),
      ),
    );
    const started: FleetWorker[] = [];
    for (const process of procs) {
      await process.waitForOutput(WORKER_START, 60_000);
      const worker = { process, id: WORKER_START.exec(process.log)![1] };
      started.push(worker);
    }
    this.workers.push(...started);
    this.started.push(...started);
    return started;
  }

  /** SIGKILL: no drain, no release; its leases are left for the reaper. */
  async kill(worker: FleetWorker): Promise<void> {
    this.workers.splice(this.workers.indexOf(worker), 1);
    await worker.process.kill();
  }

  /** The stored names of the queue's partitions (just the queue when it has one). */
  async partitionNames(): Promise<readonly string[]> {
    return this.store instanceof PartitionedEngine ? (await this.store.layout(this.queue)).names : [this.queue];
  }

  /** In calls of `batch` jobs (each call lands in one partition of a partitioned queue). */
  async enqueue(specs: JobSpec[], batch = 500): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < specs.length; i += batch) {
      const part = specs.slice(i, i + batch).map((spec) => normalizeJobSpec({ queue: this.queue, ...spec }, { now: Date.now(), maxPayloadBytes: 1 << 20 }));
      ids.push(...(await this.store.jobs.enqueue(part)).map((r) => r.job.id));
    }
    return ids;
  }

  counts(): Promise<QueueCounts> {
    return this.store.admin.counts(this.queue);
  }

  logs(tail = 3000): string {
    return this.started.map((w) => `--- ${w.id}\n${w.process.log.slice(-tail)}`).join('\n');
  }

  async close(): Promise<void> {
    await Promise.all(this.started.map((w) => w.process.kill()));
    await this.store.close();
    this.admin.disconnect();
  }
}
