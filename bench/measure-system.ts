import Redis from 'ioredis';
import { BenchSystem } from './bench-system';
import { percentile, sleep } from './latency';
import { diff, snapshot } from './redis-stats';

export interface SystemFigures {
  enqueue_jobs_s: number;
  process_jobs_s: number;
  redis_cmds_per_job_enqueue: number;
  redis_cmds_per_job_process: number;
  /** Redis CPU (user + system, INFO) per processed job, µs: what a job costs Redis, less sensitive to load than jobs/s. */
  redis_cpu_us_per_job_process: number;
  pickup_p50_ms: number;
  pickup_p99_ms: number;
  /** Redis commands/s of one idle instance (claimq) or worker deployment (peers) serving the one bench queue. */
  idle_cmds_s: number;
  bytes_per_waiting_job: number;
}

export const FIGURE_KEYS: readonly (keyof SystemFigures)[] = [
  'enqueue_jobs_s',
  'process_jobs_s',
  'redis_cmds_per_job_enqueue',
  'redis_cmds_per_job_process',
  'redis_cpu_us_per_job_process',
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
  /** A drain with no recorded completion for this long fails the run (a lost job), instead of waiting for ever. */
  stallSeconds: number;
  /** Skip the idle and pickup phases (scale runs). */
  throughputOnly?: boolean;
}

/**
 * Counts recorded completions and resolves when they reach a target. A wait that sees no new
 * completion for `stallMs` rejects instead, so a lost job fails the run rather than hanging it.
 */
class CompletionCounter {
  done = 0;
  private target = Number.POSITIVE_INFINITY;
  private resolve: (() => void) | undefined;

  readonly add = (count: number): void => {
    this.done += count;
    if (this.done >= this.target) this.resolve?.();
  };

  async until(target: number, stallMs: number): Promise<void> {
    this.target = target;
    if (this.done >= target) return;
    const reached = new Promise<void>((resolve) => (this.resolve = resolve));
    let seen = this.done;
    let progressAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setInterval(() => {
        if (this.done !== seen) {
          seen = this.done;
          progressAt = performance.now();
        } else if (performance.now() - progressAt >= stallMs) {
          reject(new StalledError(this.done, target));
        }
      }, Math.min(1_000, stallMs));
    });
    try {
      await Promise.race([reached, stalled]);
    } finally {
      clearInterval(timer);
      this.resolve = undefined;
    }
  }
}

class StalledError extends Error {
  constructor(
    readonly done: number,
    readonly target: number,
  ) {
    super(`${done} of ${target} completions recorded, then none`);
  }
}

/** A pickup that takes longer is a broken run, not a slow sample. */
const PICKUP_TIMEOUT_MS = 10_000;
/** After a drain, before its end state is read: the last acks and wake tokens land. */
const SETTLE_MS = 1_000;

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

/**
 * After `expected` jobs went in: every one completed exactly once (as the system recorded it)
 * and none is left waiting, active, delayed or failed. Throws naming what is off.
 */
async function checkEndState(system: BenchSystem, completions: CompletionCounter, expected: number, when: string): Promise<void> {
  const unfinished = await system.unfinishedJobs();
  const left = Object.entries(unfinished).filter(([, count]) => count !== 0);
  if (completions.done === expected && left.length === 0) return;
  const missing = expected - completions.done;
  const state = left.length === 0 ? 'nothing left in the queue' : `left in the queue: ${left.map(([state_, count]) => `${state_} ${count}`).join(', ')}`;
  const counted = missing >= 0 ? `${missing} of ${expected} jobs not completed` : `${-missing} more completions than the ${expected} jobs`;
  throw new Error(`${system.name}: ${when}: ${counted} (${state})`);
}

/** Waits for `target` recorded completions; a stall is reported with the end state it left. */
async function awaitCompletions(system: BenchSystem, completions: CompletionCounter, target: number, opts: MeasureOptions, when: string): Promise<void> {
  try {
    await completions.until(target, opts.stallSeconds * 1000);
  } catch (err) {
    if (!(err instanceof StalledError)) throw err;
    await checkEndState(system, completions, target, `${when}, no completion for ${opts.stallSeconds} s`);
    throw new Error(`${system.name}: ${when}: ${err.message}`);
  }
}

/**
 * The phases, in order, on a freshly flushed private redis-server:
 * 1. bulk enqueue N jobs (no worker): jobs/s, Redis commands per job, used_memory delta per job;
 * 2. the worker (claimq: a whole instance, see claimq-system.ts) with C slots drains them: jobs/s
 *    from worker start to the N-th recorded completion, Redis commands per job; a drain that
 *    stalls for stallSeconds fails the run. After a 1 s settle the end state is checked: exactly N
 *    completions recorded, nothing left waiting/active/delayed/failed, or the run fails;
 * 3. the instance idles for idleSeconds: Redis commands per second, for one instance serving
 *    the one bench queue (every background loop included: timers, blocking reads, checkers);
 * 4. single jobs added one at a time: add-to-handler-start latency p50/p99. Each sample waits for
 *    its own completion to be recorded, then pickupGapMs, so the next one meets an idle worker;
 *    the end state is checked again after the last.
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
    await system.runWorker();
    await awaitCompletions(system, completions, n, opts, 'drain');
    const processSeconds = (performance.now() - processStart) / 1000;
    const nodeCpu = process.cpuUsage(nodeCpu0);
    const nodeCpuSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
    const s3 = await snapshot(admin);

    const figures: SystemFigures = {
      enqueue_jobs_s: round(n / enqueueSeconds),
      process_jobs_s: round(n / processSeconds),
      redis_cmds_per_job_enqueue: round(diff(s1, s0).commands / n, 2),
      redis_cmds_per_job_process: round(diff(s3, s2).commands / n, 2),
      redis_cpu_us_per_job_process: round((diff(s3, s2).cpuSeconds * 1e6) / n, 1),
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
    // the drain's tail (wake tokens, last acks) settles, then the end state (and before the idle window)
    await sleep(SETTLE_MS);
    await checkEndState(system, completions, n, 'after the drain');
    if (opts.throughputOnly) return figures;

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
      await awaitCompletions(system, completions, n + k + 1, opts, `pickup sample ${k}`);
      await sleep(opts.pickupGapMs);
    }
    pickupStarted = undefined;
    await sleep(SETTLE_MS);
    await checkEndState(system, completions, n + opts.pickupSamples, 'after the pickup samples');
    figures.pickup_p50_ms = round(percentile(latencies, 50), 2);
    figures.pickup_p99_ms = round(percentile(latencies, 99), 2);
    return figures;
  } finally {
    await system.close();
  }
}
