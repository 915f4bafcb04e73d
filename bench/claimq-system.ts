import { systemClock } from '../src/domain/clock';
import 'reflect-metadata';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { BuiltinJobHandlers } from '../src/modules/claim/builtin/builtin-job.handlers';
import { HandlerRegistry } from '../src/modules/claim/handler-registry';
import { WorkerLogger } from '../src/modules/claim/worker-logger';
import { WorkerRuntime } from '../src/modules/claim/worker-runtime';
import { CompleteRequest } from '../src/modules/queue/job-store';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { CallbackEnqueuer } from '../src/modules/queue/callback-enqueuer';
import { RedisJobStore } from '../src/modules/queue/redis/redis-job-store';
import { BENCH_QUEUE, BenchSystem, payloadTime, WorkerHooks } from './bench-system';

const MAX_PAYLOAD_BYTES = 512 * 1024;
/** The service defaults (LEASE_MS, HEARTBEAT_MS, SHUTDOWN_GRACE_MS). */
const LEASE_MS = 300_000;
const HEARTBEAT_MS = 60_000;

const stderrLogger: WorkerLogger = {
  debug: () => undefined,
  log: () => undefined,
  warn: (message: unknown) => void process.stderr.write(`[claimq warn] ${String(message)}\n`),
  error: (message: unknown) => void process.stderr.write(`[claimq error] ${String(message)}\n`),
};

export interface ClaimqSystemOptions {
  /** The name in the bench's output. */
  name: string;
  /**
   * SUCCEEDED_RETENTION_MS=0 (what createJobStore passes for it): completed jobs are deleted,
   * like BullMQ's removeOnComplete and Bee-Queue's removeOnSuccess. false: the service default
   * (kept 24 h in `succeeded`).
   */
  deleteSucceeded: boolean;
}

/**
 * claimq as a deployment runs it, minus HTTP: the producer enqueues through JobStore.enqueue in
 * bulk calls (what POST /jobs/bulk does after validation), and the worker is the real
 * WorkerRuntime (claim loop, executor, ack batcher, heartbeat) on its own RedisJobStore and
 * connection, running the built-in `noop` handler.
 */
export class ClaimqSystem implements BenchSystem {
  readonly name: string;
  private readonly deleteSucceeded: boolean;
  private readonly producer: RedisJobStore;
  /** Set by the pickup phase: the handler then reads the payload; throughput runs never parse it. */
  private probing = false;
  private worker: { store: RedisJobStore; runtime: WorkerRuntime; heartbeat?: NodeJS.Timeout } | undefined;

  constructor(
    private readonly url: string,
    options: ClaimqSystemOptions,
    private readonly prefix = 'claimq',
  ) {
    this.name = options.name;
    this.deleteSucceeded = options.deleteSucceeded;
    this.producer = new RedisJobStore({ redis: createRedisClient(url), prefix, deleteSucceeded: this.deleteSucceeded });
  }

  async enqueueBulk(count: number, chunk: number): Promise<void> {
    for (let i = 0; i < count; i += chunk) {
      const now = Date.now();
      const size = Math.min(chunk, count - i);
      const jobs = new Array(size);
      for (let k = 0; k < size; k++) {
        jobs[k] = normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { i: i + k } }, { now, maxPayloadBytes: MAX_PAYLOAD_BYTES });
      }
      await this.producer.enqueue(jobs);
    }
  }

  async prepareWorker(concurrency: number, hooks: WorkerHooks): Promise<void> {
    const redis = createRedisClient(this.url);
    await redis.ping();
    const store = new RedisJobStore({ redis, prefix: this.prefix, deleteSucceeded: this.deleteSucceeded });
    const complete = store.complete.bind(store);
    store.complete = async (queue: string, items: CompleteRequest[]) => {
      const outcomes = await complete(queue, items);
      hooks.completed(outcomes.length);
      return outcomes;
    };
    const builtin = new BuiltinJobHandlers();
    const registry = new HandlerRegistry();
    registry.register('noop', (ctx) => {
      // the payload is parsed only for the pickup samples, which carry `t`
      if (this.probing) hooks.started(payloadTime(ctx.payload));
      return builtin.noop();
    });
    const runtime = new WorkerRuntime(store, registry, `bench-${process.pid}`, {
      queues: [BENCH_QUEUE],
      concurrency,
      leaseMs: LEASE_MS,
      shutdownGraceMs: 5_000,
      callbacks: new CallbackEnqueuer(store, systemClock, MAX_PAYLOAD_BYTES, stderrLogger),
      logger: stderrLogger,
    });
    this.worker = { store, runtime };
  }

  runWorker(): void {
    const worker = this.worker;
    if (!worker) throw new Error('prepareWorker first');
    worker.runtime.start();
    // what LeaseHeartbeatScheduler does in the service
    worker.heartbeat = setInterval(() => void worker.runtime.heartbeat.beat(), HEARTBEAT_MS);
  }

  async addOne(sentAt: number): Promise<void> {
    this.probing = true;
    const job = normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { t: sentAt } }, { now: Date.now(), maxPayloadBytes: MAX_PAYLOAD_BYTES });
    await this.producer.enqueue([job]);
  }

  async close(): Promise<void> {
    if (this.worker) {
      clearInterval(this.worker.heartbeat);
      await this.worker.runtime.shutdown();
      await this.worker.store.close();
      this.worker = undefined;
    }
    await this.producer.close();
  }
}
