/**
 * npm run bench:autoscale-record: records the backlog curve the README's worked autoscaling
 * example replays (bench/autoscale-replay.ts).
 *
 * Real processes on a redis-server of the bench's own (free port, no persistence, stopped at the
 * end): one API (`node dist/main.js`, MODE=api) and a FIXED pool of worker processes (MODE=worker,
 * the default WORKER_CONCURRENCY). A steady base load of `sleep` jobs (the built-in type: it
 * holds a slot for `ms` and costs no CPU, a stand-in for an I/O-bound job) goes to POST /jobs/bulk
 * every 100 ms, then ten times that rate for the burst, then the base rate again. Every second it
 * samples what the ScaledObject's queries read, from the API's GET /metrics: pending and running
 * (claimq_queue_jobs) and the oldest pending job's age (claimq_queue_oldest_pending_age_seconds;
 * GET /queues/default/stats oldestPending.ageMs on a build without that gauge), and the claimed
 * and succeeded counters of every worker's GET /metrics.
 *
 * Writes bench/data/autoscale-curve.json (RecordedCurve: the machine, the setup, the per-worker
 * throughput measured while the workers were saturated, and the samples) and prints a summary on
 * stderr. Every process it started is ended, also on failure and on SIGINT/SIGTERM.
 *
 * Env: AUTOSCALE_WORKERS (2), AUTOSCALE_JOB_MS (1000), AUTOSCALE_BASE_RATE (20 jobs/s),
 * AUTOSCALE_BURST_FACTOR (10), AUTOSCALE_BASE_S (60), AUTOSCALE_BURST_S (90), AUTOSCALE_AFTER_S
 * (150), AUTOSCALE_CURVE (output path). A short run to check it works:
 *   AUTOSCALE_BASE_S=5 AUTOSCALE_BURST_S=5 AUTOSCALE_AFTER_S=5 AUTOSCALE_CURVE=/tmp/curve.json npm run bench:autoscale-record
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import Redis from 'ioredis';
import { parsePrometheusText, PromSample, sampleValue } from '../test/support/prometheus-text';
import { ClaimqProcess, ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { CurveSample, LoadPhase, RecordedCurve } from './autoscale/recorded-curve';
import { envInt } from './bench-settings';
import { sleep } from './latency';
import { machineDescription } from './machine';

const ROOT = join(__dirname, '..');
const QUEUE = 'default';
const WORKERS = envInt('AUTOSCALE_WORKERS', 2);
const JOB_MS = envInt('AUTOSCALE_JOB_MS', 1000);
const BASE_RATE = envInt('AUTOSCALE_BASE_RATE', 20);
const BURST_FACTOR = envInt('AUTOSCALE_BURST_FACTOR', 10);
const BASE_S = envInt('AUTOSCALE_BASE_S', 60);
const BURST_S = envInt('AUTOSCALE_BURST_S', 90);
const AFTER_S = envInt('AUTOSCALE_AFTER_S', 150);
const OUT = process.env.AUTOSCALE_CURVE ?? join(ROOT, 'bench', 'data', 'autoscale-curve.json');
/** The service default, stated so the curve says what each worker ran with. */
const SLOTS_PER_WORKER = 50;
const SUBMIT_EVERY_MS = 100;

const LISTENING = /claimq listening on/;
const WORKER_START = /worker (\S+) claiming from/;

interface Running {
  redis?: RedisServer;
  admin?: Redis;
  processes: ClaimqProcess[];
  build?: string;
}

const running: Running = { processes: [] };

function phaseAt(t: number): LoadPhase {
  if (t < BASE_S) return 'base';
  if (t < BASE_S + BURST_S) return 'burst';
  return 'after';
}

/** Jobs due by `t` seconds into the run: the integral of the rate (base, 10x base, base). */
function jobsDueBy(t: number): number {
  const burstStart = BASE_S;
  const burstEnd = BASE_S + BURST_S;
  const inBurst = Math.max(0, Math.min(t, burstEnd) - burstStart);
  return BASE_RATE * t + BASE_RATE * (BURST_FACTOR - 1) * inBurst;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function getMetrics(port: number): Promise<PromSample[]> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`GET /metrics on ${port}: ${res.status}`);
  return parsePrometheusText(await res.text());
}

function sum(samples: PromSample[], name: string): number {
  return samples.filter((s) => s.name === name && s.labels.queue === QUEUE).reduce((total, s) => total + s.value, 0);
}

interface QueueStats {
  oldestPending: { ageMs: number | null };
}

/** Submits `jobsDueBy(now)` jobs in all, one POST /jobs/bulk per tick, and counts acknowledged jobs per second. */
class Submitter {
  readonly acknowledgedBySecond = new Map<number, number>();
  errors = 0;
  private sent = 0;
  private stopped = false;

  constructor(
    private readonly api: string,
    private readonly start: number,
    private readonly endS: number,
  ) {}

  async run(): Promise<void> {
    while (!this.stopped) {
      const t = (performance.now() - this.start) / 1000;
      if (t >= this.endS) break;
      let due = Math.floor(jobsDueBy(t)) - this.sent;
      while (due > 0) {
        const n = Math.min(due, 1000);
        await this.submit(n, t);
        due -= n;
      }
      await sleep(SUBMIT_EVERY_MS - ((performance.now() - this.start) % SUBMIT_EVERY_MS));
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private async submit(n: number, t: number): Promise<void> {
    // counted as sent either way: a refused batch is not retried, so the rate stays the planned one
    this.sent += n;
    const jobs = Array.from({ length: n }, () => ({ type: 'sleep', queue: QUEUE, payload: { ms: JOB_MS } }));
    try {
      const res = await fetch(`${this.api}/jobs/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jobs }),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status !== 201) throw new Error(`POST /jobs/bulk: ${res.status} ${await res.text()}`);
      const { ids } = (await res.json()) as { ids: string[] };
      const second = Math.ceil(t) || 1;
      this.acknowledgedBySecond.set(second, (this.acknowledgedBySecond.get(second) ?? 0) + ids.length);
    } catch (err) {
      this.errors++;
      if (this.errors <= 3) process.stderr.write(`submit failed: ${(err as Error).message}\n`);
    }
  }
}

async function startProcesses(redisUrl: string, build: string): Promise<{ api: ClaimqProcess; workers: ClaimqProcess[] }> {
  const env = { JOB_STORE: 'redis', REDIS_URL: redisUrl, REDIS_PREFIX: 'autoscale', QUEUES: QUEUE, WORKER_CONCURRENCY: String(SLOTS_PER_WORKER) };
  const entry = join(build, 'main.js');
  const api = await ClaimqProcess.start({ ...env, MODE: 'api' }, entry);
  running.processes.push(api);
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => ClaimqProcess.start({ ...env, MODE: 'worker' }, entry)));
  running.processes.push(...workers);
  await api.waitForOutput(LISTENING, 60_000);
  for (const worker of workers) {
    await worker.waitForOutput(WORKER_START, 60_000);
    await worker.waitForOutput(LISTENING, 60_000);
  }
  return { api, workers };
}

async function record(): Promise<RecordedCurve> {
  ensureBuilt();
  // a private copy of the build: a `nest build` during the run would delete dist/ under the processes
  running.build = join(ROOT, `.autoscale-dist-${process.pid}`);
  cpSync(join(ROOT, 'dist'), running.build, { recursive: true });
  running.redis = await RedisServer.start();
  running.admin = new Redis(running.redis.port, '127.0.0.1');
  const machine = await machineDescription(running.admin);
  const { api, workers } = await startProcesses(running.redis.url, running.build);
  const apiUrl = `http://127.0.0.1:${api.port}`;
  const endS = BASE_S + BURST_S + AFTER_S;
  process.stderr.write(`bench:autoscale-record on ${machine}: ${WORKERS} workers x ${SLOTS_PER_WORKER} slots, sleep ${JOB_MS} ms jobs, ${BASE_RATE}/s for ${BASE_S} s, ${BASE_RATE * BURST_FACTOR}/s for ${BURST_S} s, ${BASE_RATE}/s for ${AFTER_S} s\n`);

  const load1Start = os.loadavg()[0];
  const start = performance.now();
  const submitter = new Submitter(apiUrl, start, endS);
  const submitting = submitter.run();
  const samples: CurveSample[] = [];
  let oldestSource = 'GET /metrics claimq_queue_oldest_pending_age_seconds';
  let previous = { claimed: 0, succeeded: 0 };
  try {
    for (let t = 1; t <= endS; t++) {
      await sleep(Math.max(0, start + t * 1000 - performance.now()));
      const [apiMetrics, ...workerMetrics] = await Promise.all([getMetrics(api.port), ...workers.map((w) => getMetrics(w.port))]);
      const jobs = (state: string) => sampleValue(apiMetrics, 'claimq_queue_jobs', { queue: QUEUE, state });
      const pending = jobs('pending');
      const running = jobs('running');
      if (pending === undefined || running === undefined) throw new Error(`GET /metrics has no claimq_queue_jobs for queue ${QUEUE}`);
      let oldestPendingAgeS = sampleValue(apiMetrics, 'claimq_queue_oldest_pending_age_seconds', { queue: QUEUE });
      if (oldestPendingAgeS === undefined) {
        oldestSource = 'GET /queues/default/stats oldestPending.ageMs (the build has no claimq_queue_oldest_pending_age_seconds)';
        oldestPendingAgeS = ((await getJson<QueueStats>(`${apiUrl}/queues/${QUEUE}/stats`)).oldestPending.ageMs ?? 0) / 1000;
      }
      const claimed = workerMetrics.reduce((total, m) => total + sum(m, 'claimq_jobs_claimed_total'), 0);
      const succeeded = workerMetrics.reduce((total, m) => total + sum(m, 'claimq_jobs_succeeded_total'), 0);
      samples.push({
        t,
        phase: phaseAt(t - 1),
        submitted: submitter.acknowledgedBySecond.get(t) ?? 0,
        pending,
        running,
        oldestPendingAgeS: Number(oldestPendingAgeS.toFixed(3)),
        claimed: claimed - previous.claimed,
        succeeded: succeeded - previous.succeeded,
        load1: Number(os.loadavg()[0].toFixed(2)),
      });
      previous = { claimed, succeeded };
      if (t % 10 === 0) {
        const s = samples[samples.length - 1];
        process.stderr.write(`t=${t}s ${s.phase} pending=${s.pending} oldest=${s.oldestPendingAgeS.toFixed(1)}s succeeded/s=${s.succeeded} load=${s.load1}\n`);
      }
    }
  } finally {
    submitter.stop();
    await submitting;
  }
  // the acknowledged count of a second is complete only once its submissions returned
  for (const s of samples) s.submitted = submitter.acknowledgedBySecond.get(s.t) ?? 0;

  const slots = WORKERS * SLOTS_PER_WORKER;
  // saturated: more jobs waiting than the pool has slots at both ends of the second
  const saturated = samples.filter((s, i) => i > 0 && s.pending > slots && samples[i - 1].pending > slots);
  const perWorker = saturated.length === 0 ? 0 : saturated.reduce((total, s) => total + s.succeeded, 0) / saturated.length / WORKERS;
  const load = samples.map((s) => s.load1);
  return {
    recordedAt: new Date().toISOString(),
    machine,
    sources: {
      pending: 'GET /metrics claimq_queue_jobs{state="pending"} and {state="running"} (the API process)',
      oldestPendingAge: oldestSource,
      throughput: 'claimq_jobs_claimed_total and claimq_jobs_succeeded_total of each worker (GET /metrics), summed',
    },
    setup: {
      workers: WORKERS,
      slotsPerWorker: SLOTS_PER_WORKER,
      jobType: 'sleep',
      jobMs: JOB_MS,
      baseRatePerS: BASE_RATE,
      burstFactor: BURST_FACTOR,
      baseS: BASE_S,
      burstS: BURST_S,
      afterS: AFTER_S,
    },
    measured: {
      perWorkerJobsPerS: Number(perWorker.toFixed(2)),
      saturatedSeconds: saturated.length,
      perWorkerCeilingJobsPerS: Number(((SLOTS_PER_WORKER * 1000) / JOB_MS).toFixed(2)),
      peakPending: Math.max(...samples.map((s) => s.pending)),
      peakOldestPendingAgeS: Math.max(...samples.map((s) => s.oldestPendingAgeS)),
      submitErrors: submitter.errors,
      load1: { start: Number(load1Start.toFixed(2)), max: Math.max(...load), end: load[load.length - 1] },
    },
    samples,
  };
}

/** Pretty JSON with one sample per line: a diff of two recordings stays readable. */
function curveJson(curve: RecordedCurve): string {
  const { samples, ...rest } = curve;
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '');
  return `${head},\n  "samples": [\n${samples.map((s) => `    ${JSON.stringify(s)}`).join(',\n')}\n  ]\n}\n`;
}

/** Ends every process this bench started (SIGKILL: the store is the bench's own and goes with them) and removes its files. */
async function cleanup(): Promise<void> {
  await Promise.all(running.processes.map((p) => p.kill()));
  running.processes = [];
  running.admin?.disconnect();
  running.admin = undefined;
  await running.redis?.stop();
  running.redis = undefined;
  if (running.build) rmSync(running.build, { recursive: true, force: true });
  running.build = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`${signal}: stopping\n`);
    cleanup().finally(() => process.exit(130));
  });
}

record()
  .then(async (curve) => {
    await cleanup();
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, curveJson(curve));
    const m = curve.measured;
    process.stderr.write(
      `peak pending ${m.peakPending}, peak oldest age ${m.peakOldestPendingAgeS.toFixed(1)} s, per worker ${m.perWorkerJobsPerS} jobs/s over ${m.saturatedSeconds} saturated s (ceiling ${m.perWorkerCeilingJobsPerS}), submit errors ${m.submitErrors}, load ${m.load1.start}..${m.load1.max}\nwrote ${OUT}\n`,
    );
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    for (const p of running.processes) if (!p.running) process.stderr.write(`--- a process exited early:\n${p.log.slice(-2000)}\n`);
    await cleanup();
    process.exit(1);
  });
