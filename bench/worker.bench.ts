/**
 * npm run bench:worker: claimq alone, one whole instance (bench:compare's claimq_retained column,
 * same code: ClaimqModule booted with the service defaults, see claimq-system.ts). Prints one JSON
 * line per figure: end-to-end throughput of N no-op jobs at concurrency C (default N 500000,
 * enough for >= 10 s on a 2-core machine), pickup latency p50/p99 of single jobs to an idle
 * worker, Redis commands per job, idle Redis commands per second of the instance (one queue).
 * The other knobs and their defaults are bench:compare's (bench-settings.ts; BENCH_ROUNDS unused).
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { RedisServer } from '../test/support/redis-server';
import { benchSettings } from './bench-settings';
import { createSystem } from './bench-systems';
import { machineDescription } from './machine';
import { measureSystem } from './measure-system';

async function main(): Promise<void> {
  const settings = benchSettings();
  const n = process.env.BENCH_N ? settings.n : 500_000;
  const server = await RedisServer.start();
  const admin = new Redis(server.port, '127.0.0.1');
  try {
    const machine = await machineDescription(admin);
    const started = performance.now();
    // the service defaults (completed jobs kept SUCCEEDED_RETENTION_MS), as the figures in BENCHMARKS.md
    const f = await measureSystem(createSystem('claimq_retained', server.port), admin, { ...settings, n });
    const base = { bench: 'worker', n, concurrency: settings.concurrency };
    const lines = [
      { ...base, metric: 'throughput', jobs_s: f.process_jobs_s, seconds: Number((n / f.process_jobs_s).toFixed(2)), machine },
      { ...base, metric: 'pickup_latency', samples: settings.pickupSamples, p50_ms: f.pickup_p50_ms, p99_ms: f.pickup_p99_ms },
      {
        ...base,
        metric: 'redis_cmds_per_job',
        enqueue: f.redis_cmds_per_job_enqueue,
        process: f.redis_cmds_per_job_process,
        total: Number((f.redis_cmds_per_job_enqueue + f.redis_cmds_per_job_process).toFixed(2)),
      },
      { ...base, metric: 'idle_cmds_s', value: f.idle_cmds_s, window_s: settings.idleSeconds },
    ];
    for (const line of lines) process.stdout.write(`${JSON.stringify(line)}\n`);
    process.stderr.write(`bench:worker done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    admin.disconnect();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);
