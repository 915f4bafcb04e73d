import { systemClock } from '../../src/domain/clock';
import { JobSpec, Job } from '../../src/domain/job';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { HandlerRegistry } from '../../src/modules/claim/handler-registry';
import { WorkerLogger } from '../../src/modules/claim/worker-logger';
import { WorkerRuntime, WorkerRuntimeOptions } from '../../src/modules/claim/worker-runtime';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { CallbackEnqueuer } from '../../src/modules/queue/callback-enqueuer';
import { MemoryEngine } from '../../src/modules/queue/memory/memory-engine';

export const silentLogger: WorkerLogger = { debug: () => undefined, log: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger that keeps what it is told, for tests that check a warning was given. */
export function recordingLogger(): WorkerLogger & { lines: string[]; records: unknown[] } {
  const lines: string[] = [];
  const records: unknown[] = [];
  const keep = (message: unknown): void => {
    records.push(message);
    // structured records ({ msg, jobId, ... }) read as JSON, so a text match still finds their fields
    lines.push(typeof message === 'object' && message !== null ? JSON.stringify(message) : String(message));
  };
  return { lines, records, debug: keep, log: keep, warn: keep, error: keep };
}

export interface WorkerHarness {
  store: JobEngine;
  registry: HandlerRegistry;
  runtime: WorkerRuntime;
  enqueue(...specs: JobSpec[]): Promise<Job[]>;
  /** Resolves when the job reaches one of the statuses (polls the store: test code only). */
  waitForStatus(id: string, ...statuses: Job['status'][]): Promise<Job>;
  stop(): Promise<void>;
}

/** A WorkerRuntime on a MemoryEngine (real clock), not started. */
export function workerHarness(options: Partial<WorkerRuntimeOptions> & { store?: JobEngine; workerId?: string } = {}): WorkerHarness {
  const queues = options.queues ?? ['default'];
  const store = options.store ?? new MemoryEngine({ configuredQueues: [...queues] });
  const registry = new HandlerRegistry();
  const runtime = new WorkerRuntime(store.jobs, store.workers, registry, options.workerId ?? 'test-worker', {
    queues,
    concurrency: 5,
    leaseMs: 30_000,
    shutdownGraceMs: 1_000,
    callbacks: new CallbackEnqueuer(store.jobs, store.admin, options.clock ?? systemClock, 512 * 1024, silentLogger),
    settleTimeoutMs: 2_000,
    logger: silentLogger,
    ...options,
  });
  return {
    store,
    registry,
    runtime,
    async enqueue(...specs) {
      const now = Date.now();
      const jobs = specs.map((spec) => normalizeJobSpec(spec, { now, maxPayloadBytes: 512 * 1024 }));
      const results = await store.jobs.enqueue(jobs);
      return results.map((r) => r.job);
    },
    async waitForStatus(id, ...statuses) {
      return waitFor(async () => {
        const job = await store.admin.get(id);
        return job && statuses.includes(job.status) ? job : undefined;
      }, `job ${id} to be ${statuses.join('|')}`);
    },
    async stop() {
      await runtime.shutdown();
      await store.close();
    },
  };
}

/** Polls until check returns a value (test code only; the runtime itself never polls). */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, what = 'condition', timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
