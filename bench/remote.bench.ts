/**
 * npm run bench:remote: claimq's remote workers (docs/remote-workers.md) side by side with claimq's
 * embedded worker and BullMQ's in-process Worker, on one private redis-server on a free port
 * (flushed before each system), same N, concurrency and no-op handlers, over BENCH_ROUNDS rounds
 * whose order rotates. The systems:
 * - claimq: a whole instance with its embedded worker (bench/claimq-system.ts);
 * - claimq_remote_ts: one MODE=api process, and the TypeScript client's Worker in this process
 *   claiming and settling 100 jobs per call (bench/remote-system.ts);
 * - claimq_remote_go: the same API process, and the Go client's Worker in a process of its own;
 * - bullmq: a BullMQ Worker in this process (bench/bullmq-system.ts).
 * Each phase as measure-system.ts measures it (jobs/s, Redis commands per job with the commands
 * inside scripts, Redis CPU per job, idle commands/s, pickup p50/p99 with a long poll); the remote
 * systems add api_cpu_us_per_job: the CPU the API process spent per job over the drain.
 *
 * stderr: each round's table, then the medians. stdout: ONE JSON line,
 *   {"claimq": {...}, "claimq_remote_ts": {...}, "claimq_remote_go": {...}, "bullmq": {...},
 *    "remote_go_bullmq_process_ratio": x, "remote_ts_bullmq_process_ratio": y, "rounds": [...]}
 *
 * Env: as bench:compare (BENCH_N, BENCH_C, BENCH_ROUNDS, BENCH_IDLE_S, BENCH_PICKUP_SAMPLES, ...),
 * BENCH_REMOTE_SYSTEMS (claimq,claimq_remote_ts,claimq_remote_go,bullmq). Needs dist/ (npm run
 * build) and Go (Debian's golang-go) for the Go worker.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { RedisServer } from '../test/support/redis-server';
import { ensureBuilt } from '../test/support/processes';
import { benchSettings } from './bench-settings';
import { BenchSystem } from './bench-system';
import { BullmqSystem } from './bullmq-system';
import { ClaimqSystem } from './claimq-system';
import { figuresTable } from './figures-table';
import { machineDescription } from './machine';
import { measureSystem, SystemFigures } from './measure-system';
import { RemoteSystem } from './remote-system';
import { medianFigures, ratio, roundOrder } from './rounds';

const REMOTE_SYSTEMS = ['claimq', 'claimq_remote_ts', 'claimq_remote_go', 'bullmq'] as const;
type RemoteBenchSystem = (typeof REMOTE_SYSTEMS)[number];

type Figures = SystemFigures & { api_cpu_us_per_job?: number };

function createSystem(name: RemoteBenchSystem, port: number): BenchSystem {
  const url = `redis://127.0.0.1:${port}`;
  switch (name) {
    case 'claimq':
      return new ClaimqSystem(url, { name, deleteSucceeded: true });
    case 'claimq_remote_ts':
      return new RemoteSystem(url, 'typescript');
    case 'claimq_remote_go':
      return new RemoteSystem(url, 'go');
    case 'bullmq':
      return new BullmqSystem(port);
  }
}

async function main(): Promise<void> {
  const settings = benchSettings();
  const names = (process.env.BENCH_REMOTE_SYSTEMS ?? REMOTE_SYSTEMS.join(',')).split(',').map((s) => s.trim());
  const unknown = names.filter((name) => !(REMOTE_SYSTEMS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_REMOTE_SYSTEMS: unknown ${unknown.join(', ')}`);
  const systems = names as RemoteBenchSystem[];
  ensureBuilt();
  const server = await RedisServer.start();
  const admin = new Redis(server.port, '127.0.0.1');
  const rounds: Array<{ order: RemoteBenchSystem[]; figures: Record<string, Figures> }> = [];
  try {
    process.stderr.write(`bench:remote N=${settings.n} C=${settings.concurrency} rounds=${settings.rounds} on ${await machineDescription(admin)}\n`);
    for (let r = 0; r < settings.rounds; r++) {
      const order = roundOrder(systems, r);
      const figures: Record<string, Figures> = {};
      for (const name of order) {
        await admin.flushall();
        process.stderr.write(`round ${r + 1}/${settings.rounds}: ${name}...\n`);
        const system = createSystem(name, server.port);
        const measured: Figures = await measureSystem(system, admin, settings);
        if (system instanceof RemoteSystem) measured.api_cpu_us_per_job = system.apiCpuUsPerJob;
        figures[name] = measured;
      }
      rounds.push({ order, figures });
      process.stderr.write(`round ${r + 1} (order ${order.join(', ')}):\n${figuresTable(Object.fromEntries(systems.map((n) => [n, figures[n]])))}\n`);
    }
    const medians: Record<string, Figures> = {};
    for (const name of systems) {
      const median: Figures = medianFigures(rounds.map((round) => round.figures[name]));
      const apiCpu = rounds.map((round) => round.figures[name].api_cpu_us_per_job).filter((v): v is number => v !== undefined);
      if (apiCpu.length > 0) median.api_cpu_us_per_job = apiCpu.sort((a, b) => a - b)[Math.floor(apiCpu.length / 2)];
      medians[name] = median;
    }
    const goRatio = ratio(medians.claimq_remote_go?.process_jobs_s, medians.bullmq?.process_jobs_s);
    const tsRatio = ratio(medians.claimq_remote_ts?.process_jobs_s, medians.bullmq?.process_jobs_s);
    process.stderr.write(`median of ${settings.rounds} rounds:\n${figuresTable(medians)}\n`);
    for (const name of systems) if (medians[name].api_cpu_us_per_job !== undefined) process.stderr.write(`${name}: API process ${medians[name].api_cpu_us_per_job} µs CPU per job\n`);
    process.stderr.write(`remote go / bullmq process_jobs_s: ${goRatio}; remote ts / bullmq: ${tsRatio}\n`);
    process.stdout.write(`${JSON.stringify({ ...medians, remote_go_bullmq_process_ratio: goRatio, remote_ts_bullmq_process_ratio: tsRatio, rounds })}\n`);
  } finally {
    admin.disconnect();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
