import 'reflect-metadata';
import { LoggerService } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { ClaimqModule } from '../src/claimq.module';
import { claimqConfig } from '../src/claimq-options';
import { systemClock } from '../src/domain/clock';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { newExecutionId } from '../src/domain/execution';
import { attachGraph, GraphNodeSpec } from '../src/domain/job-graph';
import { BuiltinJobHandlers } from '../src/modules/claim/builtin/builtin-job.handlers';
import { JobContext } from '../src/modules/claim/job-context';
import { JobHandler } from '../src/modules/claim/job-handler.decorator';
import { CompleteRequest, JobEngine } from '../src/modules/queue';
import { createJobEngine } from '../src/modules/queue/job-engine.factory';
import { BENCH_QUEUE, BenchSystem, payloadTime, UnfinishedJobs, WorkerHooks } from './bench-system';

/** Warnings and errors of the instance on stderr (stdout carries the bench's JSON line); the rest dropped. */
const stderrLogger: LoggerService = {
  log: () => undefined,
  debug: () => undefined,
  verbose: () => undefined,
  warn: (message: unknown, context?: unknown) => writeLog('warn', message, context),
  error: (message: unknown, ...rest: unknown[]) => writeLog('error', message, rest.at(-1)),
  fatal: (message: unknown, context?: unknown) => writeLog('fatal', message, context),
};

function writeLog(level: string, message: unknown, context: unknown): void {
  const text = typeof message === 'string' ? message : message instanceof Error ? (message.stack ?? message.message) : JSON.stringify(message);
  process.stderr.write(`[claimq ${level}${typeof context === 'string' ? ` ${context}` : ''}] ${text}\n`);
}

export interface ClaimqSystemOptions {
  /** The name in the bench's output. */
  name: string;
  /**
   * SUCCEEDED_RETENTION_MS=0: completed jobs are deleted (createJobEngine's deleteSucceeded), like
   * BullMQ's removeOnComplete and Bee-Queue's removeOnSuccess. false: the service default (kept
   * 24 h in `succeeded`).
   */
  deleteSucceeded: boolean;
}

/**
 * The built-in `noop` handler (BuiltinJobHandlers.noop: succeeds at once with null) plus the
 * bench's pickup probe: it takes BuiltinJobHandlers' place in the instance, so the jobs keep the
 * type `noop` and their bytes. The payload is read only while probing (the pickup samples carry
 * `t`); the throughput phase never parses it.
 */
class ProbedNoopHandler {
  probing = false;

  constructor(private readonly hooks: WorkerHooks) {}

  @JobHandler('noop')
  noop(ctx: JobContext): null {
    if (this.probing) this.hooks.started(payloadTime(ctx.payload));
    return null;
  }
}

/**
 * A WHOLE claimq instance, minus its HTTP listener: the real ClaimqModule.forRoot (MODE=all, the
 * service default; Redis store; history off) booted as a Nest application context on the bench's
 * private redis-server, so everything an instance runs in the background runs here too: the
 * worker runtime (claim loop, executor, ack batcher), the lease and worker heartbeat
 * (HEARTBEAT_MS), the reaper (REAPER_INTERVAL_MS: dead workers' leases, due retries, retention,
 * event trimming), the execution refresh (REFRESH_INTERVAL_MS), the schedules loop
 * (SCHEDULER_POLL_MS), the dashboard's stats flusher and the metrics observers, every one at its
 * service default. The producer is the service's own store (createJobEngine, the same settings) on
 * a connection of its own, enqueueing in bulk calls (what POST /jobs/bulk does after validation).
 *
 * The instance is built (providers, connections) in prepareWorker and started (Nest's init: the
 * start checks, handler discovery, then the workers and timers) in runWorker, whose time counts
 * in the processing phase.
 */
export class ClaimqSystem implements BenchSystem {
  readonly name: string;
  private readonly settings: Record<string, string>;
  private readonly producer: JobEngine;
  /** The API's limit, as POST /jobs validates against it. */
  private readonly maxPayloadBytes: number;
  private instance: { app: TestingModule; handler: ProbedNoopHandler } | undefined;

  constructor(url: string, options: ClaimqSystemOptions, prefix = 'claimq') {
    this.name = options.name;
    this.settings = {
      JOB_STORE: 'redis',
      REDIS_URL: url,
      REDIS_PREFIX: prefix,
      QUEUES: BENCH_QUEUE,
      MODE: 'all',
      LOG_LEVEL: 'warn',
      ...(options.deleteSucceeded ? { SUCCEEDED_RETENTION_MS: '0' } : {}),
    };
    const config = claimqConfig({ settings: this.settings });
    this.maxPayloadBytes = config.maxPayloadBytes;
    this.producer = createJobEngine(config, systemClock);
  }

  async enqueueBulk(count: number, chunk: number): Promise<void> {
    for (let i = 0; i < count; i += chunk) {
      const now = Date.now();
      const size = Math.min(chunk, count - i);
      const jobs = new Array(size);
      for (let k = 0; k < size; k++) {
        jobs[k] = normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { i: i + k } }, { now, maxPayloadBytes: this.maxPayloadBytes });
      }
      await this.producer.jobs.enqueue(jobs);
    }
  }

  async prepareWorker(concurrency: number, hooks: WorkerHooks): Promise<void> {
    const handler = new ProbedNoopHandler(hooks);
    const app = await Test.createTestingModule({
      imports: [ClaimqModule.forRoot({ settings: { ...this.settings, WORKER_CONCURRENCY: String(concurrency) } })],
    })
      .overrideProvider(BuiltinJobHandlers)
      .useValue(handler)
      .setLogger(stderrLogger)
      .compile();
    countRecordedCompletions(app.get(JobEngine), hooks);
    this.instance = { app, handler };
  }

  async runWorker(): Promise<void> {
    if (!this.instance) throw new Error('prepareWorker first');
    const started = performance.now();
    await this.instance.app.init();
    process.stderr.write(`${this.name}: instance started in ${(performance.now() - started).toFixed(0)} ms (counted in the processing phase)\n`);
  }

  /**
   * Adds `count` executions, each with one `noop` job per node and the nodes' dependsOn as its graph
   * (what POST /executions does after validation), `inFlight` create calls at a time.
   */
  async enqueueGraphs(count: number, nodes: readonly GraphNodeSpec[], inFlight: number): Promise<void> {
    let next = 0;
    const one = async (): Promise<void> => {
      for (let e = next++; e < count; e = next++) {
        const id = newExecutionId(BENCH_QUEUE);
        const now = Date.now();
        const jobs = nodes.map((_, i) => normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { e, i }, executionId: id }, { now, maxPayloadBytes: this.maxPayloadBytes }));
        attachGraph(nodes, jobs);
        await this.producer.executions.create({ id, queue: BENCH_QUEUE }, jobs);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, one));
  }

  async addOne(sentAt: number): Promise<void> {
    if (this.instance) this.instance.handler.probing = true;
    const job = normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { t: sentAt } }, { now: Date.now(), maxPayloadBytes: this.maxPayloadBytes });
    await this.producer.jobs.enqueue([job]);
  }

  /** The store's counts of the bench queue (succeeded left out: claimq_retained keeps its jobs there by design). */
  async unfinishedJobs(): Promise<UnfinishedJobs> {
    const { pending, scheduled, running, failed, cancelled, blocked, skipped } = await this.producer.admin.counts(BENCH_QUEUE);
    return { pending, scheduled, running, failed, cancelled, blocked, skipped };
  }

  async close(): Promise<void> {
    // the instance's shutdown: the workers drain, the stats flush, the store closes
    await this.instance?.app.close();
    this.instance = undefined;
    await this.producer.close();
  }
}

/**
 * Tells `hooks.completed` how many of each store.complete call the store recorded as succeeded:
 * an outcome `stale` (the lease was lost, the result fenced off) or any other status is not a
 * completion. The worker runtime calls the store through this very instance.
 */
function countRecordedCompletions(store: JobEngine, hooks: WorkerHooks): void {
  const complete = store.jobs.complete.bind(store.jobs);
  store.jobs.complete = async (queue: string, items: CompleteRequest[]) => {
    const outcomes = await complete(queue, items);
    hooks.completed(outcomes.filter((outcome) => outcome === 'succeeded').length);
    return outcomes;
  };
}
