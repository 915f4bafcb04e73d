import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from '../clients/typescript/src';
import { claimqConfig } from '../src/claimq-options';
import { systemClock } from '../src/domain/clock';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { JobEngine } from '../src/modules/queue';
import { createJobEngine } from '../src/modules/queue/job-engine.factory';
import { freePort } from '../test/support/free-port';
import { BENCH_QUEUE, BenchSystem, payloadTime, UnfinishedJobs, WorkerHooks } from './bench-system';

const ROOT = join(__dirname, '..');
/** Jobs per claim and per settle of the remote workers (the batches of 100). */
export const REMOTE_BATCH = 100;
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS_PER_S = 100;

/** CPU seconds (user + system) a process has used so far. */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
}

/** Wall-clock ms with sub-ms precision: what the Go worker compares a pickup sample's `t` with. */
const wallMs = (perfNow: number): number => performance.timeOrigin + perfNow;

let goWorkerBinary: string | undefined;

function goWorker(): string {
  if (goWorkerBinary) return goWorkerBinary;
  const out = join(ROOT, 'bench', 'remote', 'go-worker', 'bench-go-worker');
  execFileSync('go', ['build', '-o', out, '.'], { cwd: join(ROOT, 'bench', 'remote', 'go-worker'), env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' }, stdio: 'inherit' });
  return (goWorkerBinary = out);
}

export type RemoteLanguage = 'typescript' | 'go';

/**
 * claimq with its worker in another process, over HTTP: one `MODE=api` claimq process (node
 * dist/main.js, SUCCEEDED_RETENTION_MS=0 as the peers delete completed jobs) serves the claims,
 * heartbeats and settles of one remote worker: the TypeScript client's Worker in this bench
 * process, or the Go client's in a process of its own (bench/remote/go-worker), claiming and
 * settling 100 jobs per call. Jobs are added straight to the store, as the `claimq` system adds
 * them. What the API process spends per job is read from /proc around the drain.
 */
export class RemoteSystem implements BenchSystem {
  readonly name: string;
  private readonly settings: Record<string, string>;
  private readonly producer: JobEngine;
  private readonly maxPayloadBytes: number;
  private api: ChildProcess | undefined;
  private port = 0;
  private worker: Worker | undefined;
  private goProcess: ChildProcess | undefined;
  private hooks: WorkerHooks | undefined;
  private concurrency = 0;
  private expected = 0;
  private completed = 0;
  private apiCpuAtStart = 0;
  /** The API process's CPU µs per job over the drain (from runWorker to the N-th completion). */
  apiCpuUsPerJob = Number.NaN;

  constructor(
    url: string,
    private readonly language: RemoteLanguage,
  ) {
    this.name = `claimq_remote_${language === 'typescript' ? 'ts' : 'go'}`;
    this.settings = { JOB_STORE: 'redis', REDIS_URL: url, QUEUES: BENCH_QUEUE, MODE: 'api', LOG_LEVEL: 'warn', SUCCEEDED_RETENTION_MS: '0' };
    const config = claimqConfig({ settings: this.settings });
    this.maxPayloadBytes = config.maxPayloadBytes;
    this.producer = createJobEngine(config, systemClock);
    if (language === 'go') goWorker();
  }

  async enqueueBulk(count: number, chunk: number): Promise<void> {
    this.expected = count;
    for (let i = 0; i < count; i += chunk) {
      const now = Date.now();
      const size = Math.min(chunk, count - i);
      const jobs = new Array(size);
      for (let k = 0; k < size; k++) jobs[k] = normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { i: i + k } }, { now, maxPayloadBytes: this.maxPayloadBytes });
      await this.producer.jobs.enqueue(jobs);
    }
  }

  async prepareWorker(concurrency: number, hooks: WorkerHooks): Promise<void> {
    this.hooks = hooks;
    this.concurrency = concurrency;
    this.port = await freePort();
    // BENCH_API_CPU_PROF=<dir>: the API process writes a CPU profile there (where its time goes)
    const profile = process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`] : [];
    const api = spawn(process.execPath, [...profile, join(ROOT, 'dist', 'main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOST: '127.0.0.1', PORT: String(this.port), ...this.settings },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.api = api;
    for (const deadline = Date.now() + 30_000; ; ) {
      if (api.exitCode !== null) throw new Error(`${this.name}: the API process exited (${api.exitCode})`);
      const up = await fetch(`http://127.0.0.1:${this.port}/health/live`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`${this.name}: the API process did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async runWorker(): Promise<void> {
    const hooks = this.hooks!;
    this.apiCpuAtStart = processCpuSeconds(this.api!.pid!);
    const completed = (count: number): void => {
      this.completed += count;
      if (this.completed >= this.expected && Number.isNaN(this.apiCpuUsPerJob)) {
        this.apiCpuUsPerJob = Number((((processCpuSeconds(this.api!.pid!) - this.apiCpuAtStart) * 1e6) / this.expected).toFixed(1));
      }
      hooks.completed(count);
    };
    const url = `http://127.0.0.1:${this.port}`;
    if (this.language === 'typescript') {
      this.worker = new Worker({
        baseUrl: url,
        queue: BENCH_QUEUE,
        concurrency: this.concurrency,
        batchSize: REMOTE_BATCH,
        waitMs: 5_000,
        handler: async (job) => {
          const t = payloadTime(job.payload);
          if (t !== undefined) hooks.started(t);
          return null;
        },
        onSettled: (_id, status) => {
          if (status === 'succeeded') completed(1);
        },
      });
      this.worker.start();
      return;
    }
    const go = spawn(goWorker(), [], {
      env: { PATH: process.env.PATH ?? '', CLAIMQ_URL: url, CLAIMQ_QUEUE: BENCH_QUEUE, CLAIMQ_CONCURRENCY: String(this.concurrency), CLAIMQ_BATCH: String(REMOTE_BATCH) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.goProcess = go;
    createInterface({ input: go.stdout! }).on('line', (line) => {
      if (line.startsWith('c ')) completed(Number(line.slice(2)));
      else if (line.startsWith('s ')) {
        // "s <handler start, wall ms> <t, wall ms>": the pickup as the Go process saw it
        const [startedAt, sentAt] = line.slice(2).split(' ').map(Number);
        hooks.started(performance.now() - (startedAt - sentAt));
      }
    });
  }

  async addOne(sentAt: number): Promise<void> {
    // the Go worker compares wall clocks (another process); the in-process one, performance.now()
    const t = this.language === 'go' ? wallMs(sentAt) : sentAt;
    const job = normalizeJobSpec({ type: 'noop', queue: BENCH_QUEUE, payload: { t } }, { now: Date.now(), maxPayloadBytes: this.maxPayloadBytes });
    await this.producer.jobs.enqueue([job]);
  }

  async unfinishedJobs(): Promise<UnfinishedJobs> {
    const { pending, scheduled, running, failed, cancelled } = await this.producer.admin.counts(BENCH_QUEUE);
    return { pending, scheduled, running, failed, cancelled };
  }

  async close(): Promise<void> {
    await this.worker?.stop();
    const go = this.goProcess;
    if (go && go.exitCode === null) {
      const exited = new Promise((resolve) => go.once('exit', resolve));
      go.kill('SIGTERM');
      await exited;
    }
    const api = this.api;
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await this.producer.close();
  }
}
