import Redis from 'ioredis';
import { BenchSystem } from './bench-system';
import { percentile, sleep } from './latency';
import { diff, snapshot } from './redis-stats';

export interface SystemFigures {
  enqueue_jobs_s: number;
  process_jobs_s: number;
  redis_cmds_per_job_enqueue: number;
  redis_cmds_per_job_process: number;
  pickup_p50_ms: number;
  pickup_p99_ms: number;
  idle_cmds_s: number;
  bytes_per_waiting_job: number;
}

export const FIGURE_KEYS: readonly (keyof SystemFigures)[] = [
  'enqueue_jobs_s',
  'process_jobs_s',
  'redis_cmds_per_job_enqueue',
  'redis_cmds_per_job_process',
  'pickup_p50_ms',
  'pickup_p99_ms',
  'idle_cmds_s',
  'bytes_per_waiting_job',
];

export interface MeasureOptions {
  n: number;
  concurrency: number;
  chunk: number;
  pickupSamples: number;
  pickupGapMs: number;
  idleSeconds: number;
  /** Skip the idle and pickup phases (scale runs). */
  throughputOnly?: boolean;
}

/** Wall time of one job in, one job out: resolves when `completed` has counted `target` jobs. */
class CompletionCounter {
  private done = 0;
  private target = Number.POSITIVE_INFINITY;
  private resolve: (() => void) | undefined;

  readonly add = (count: number): void => {
    this.done += count;
    if (this.done >= this.target) this.resolve?.();
  };

  until(target: number): Promise<void> {
    this.target = target;
    if (this.done >= target) return Promise.resolve();
    return new Promise((resolve) => (this.resolve = resolve));
  }
}

/** A pickup that takes longer is a broken run, not a slow sample. */
const PICKUP_TIMEOUT_MS = 10_000;

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

/**
 * The phases, in order, on a freshly flushed private redis-server:
 * 1. bulk enqueue N jobs (no worker): jobs/s, Redis commands per job, used_memory delta per job;
 * 2. a worker with C slots drains them: jobs/s from worker start to the N-th recorded completion,
 *    Redis commands per job;
 * 3. the worker idles for idleSeconds: Redis commands per second;
 * 4. single jobs added one at a time, spaced: add-to-handler-start latency p50/p99.
 * Commands are INFO commandstats diffs, so commands run inside scripts count, as Redis counts them.
 */
export async function measureSystem(system: BenchSystem, admin: Redis, opts: MeasureOptions): Promise<SystemFigures> {
  const { n } = opts;
  const completions = new CompletionCounter();
  let pickupStarted: ((sentAt: number | undefined) => void) | undefined;
  try {
    const s0 = await snapshot(admin);
    const enqueueStart = performance.now();
    await system.enqueueBulk(n, opts.chunk);
    const enqueueSeconds = (performance.now() - enqueueStart) / 1000;
    const s1 = await snapshot(admin);

    await system.prepareWorker(opts.concurrency, {
      completed: completions.add,
      started: (sentAt) => pickupStarted?.(sentAt),
    });
    const s2 = await snapshot(admin);
    const processStart = performance.now();
    const nodeCpu0 = process.cpuUsage();
    system.runWorker();
    await completions.until(n);
    const processSeconds = (performance.now() - processStart) / 1000;
    const nodeCpu = process.cpuUsage(nodeCpu0);
    const nodeCpuSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
    const s3 = await snapshot(admin);

    const figures: SystemFigures = {
      enqueue_jobs_s: round(n / enqueueSeconds),
      process_jobs_s: round(n / processSeconds),
      redis_cmds_per_job_enqueue: round(diff(s1, s0).commands / n, 2),
      redis_cmds_per_job_process: round(diff(s3, s2).commands / n, 2),
      pickup_p50_ms: Number.NaN,
      pickup_p99_ms: Number.NaN,
      idle_cmds_s: Number.NaN,
      bytes_per_waiting_job: round((s1.usedMemory - s0.usedMemory) / n),
    };
    const cpu = (a: typeof s0, b: typeof s0, wall: number): string => `redis cpu ${diff(b, a).cpuSeconds.toFixed(2)} s of ${wall.toFixed(2)} s wall`;
    process.stderr.write(
      `${system.name}: enqueue ${cpu(s0, s1, enqueueSeconds)} (${diff(s1, s0).scriptCalls} script calls); ` +
        `process ${cpu(s2, s3, processSeconds)} (${diff(s3, s2).scriptCalls} script calls), bench process cpu ${nodeCpuSeconds.toFixed(2)} s\n`,
    );
    if (opts.throughputOnly) return figures;

    // let the drain's tail (wake tokens, last acks) settle before the idle window
    await sleep(1_000);
    const i0 = await snapshot(admin);
    const idleStart = performance.now();
    await sleep(opts.idleSeconds * 1000);
    const i1 = await snapshot(admin);
    figures.idle_cmds_s = round(diff(i1, i0).commands / ((performance.now() - idleStart) / 1000), 2);

    const latencies: number[] = [];
    for (let k = 0; k < opts.pickupSamples; k++) {
      const picked = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${system.name}: pickup sample ${k} not started within ${PICKUP_TIMEOUT_MS}ms`)), PICKUP_TIMEOUT_MS);
        pickupStarted = (sentAt) => {
          if (sentAt === undefined) return;
          clearTimeout(timer);
          resolve(performance.now() - sentAt);
        };
      });
      await system.addOne(performance.now());
      latencies.push(await picked);
      await sleep(opts.pickupGapMs);
    }
    pickupStarted = undefined;
    figures.pickup_p50_ms = round(percentile(latencies, 50), 2);
    figures.pickup_p99_ms = round(percentile(latencies, 99), 2);
    return figures;
  } finally {
    await system.close();
  }
}
