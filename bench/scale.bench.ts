/**
 * npm run bench:scale: claimq's processing rate and Redis memory with 10k, 100k and 1M jobs
 * waiting (BENCH_SCALE_SIZES=10000,100000,1000000), concurrency BENCH_C. Each size on a flushed
 * private redis-server: bulk enqueue, then a whole claimq instance (claimq-system.ts) drains the
 * queue; a drain that loses a job fails the run (measure-system.ts).
 * One JSON line per size on stdout, a table on stderr.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { RedisServer } from '../test/support/redis-server';
import { benchSettings } from './bench-settings';
import { createSystem } from './bench-systems';
import { machineDescription } from './machine';
import { measureSystem } from './measure-system';

function sizes(): number[] {
  const raw = process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000';
  return raw.split(',').map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_SCALE_SIZES: "${s}" is not a positive integer`);
    return n;
  });
}

async function main(): Promise<void> {
  const settings = benchSettings();
  const server = await RedisServer.start();
  const admin = new Redis(server.port, '127.0.0.1');
  try {
    process.stderr.write(`bench:scale C=${settings.concurrency} on ${await machineDescription(admin)}\n`);
    process.stderr.write(`${'waiting'.padStart(10)}${'enqueue/s'.padStart(12)}${'process/s'.padStart(12)}${'MB'.padStart(10)}${'B/job'.padStart(8)}\n`);
    for (const n of sizes()) {
      await admin.flushall();
      // the service defaults (completed jobs kept SUCCEEDED_RETENTION_MS), as the figures in BENCHMARKS.md
      const f = await measureSystem(createSystem('claimq_retained', server.port), admin, { ...settings, n, throughputOnly: true });
      const usedMb = (f.bytes_per_waiting_job * n) / 1024 / 1024;
      const line = {
        bench: 'scale',
        waiting_jobs: n,
        concurrency: settings.concurrency,
        enqueue_jobs_s: f.enqueue_jobs_s,
        process_jobs_s: f.process_jobs_s,
        used_memory_mb: Number(usedMb.toFixed(1)),
        bytes_per_waiting_job: f.bytes_per_waiting_job,
        redis_cmds_per_job_process: f.redis_cmds_per_job_process,
      };
      process.stderr.write(`${String(n).padStart(10)}${String(f.enqueue_jobs_s).padStart(12)}${String(f.process_jobs_s).padStart(12)}${usedMb.toFixed(1).padStart(10)}${String(f.bytes_per_waiting_job).padStart(8)}\n`);
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
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
