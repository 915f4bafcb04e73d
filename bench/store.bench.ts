/**
 * npm run bench:store: raw speed of the Redis store, no HTTP, no worker runtime.
 * Enqueues BENCH_N jobs in bulk, then BENCH_CLIENTS store clients (own connections) claim batches
 * of BENCH_BATCH and complete each batch in one call until the queue is empty.
 * Starts its own redis-server on a free port. Prints one JSON line.
 */
import 'reflect-metadata';
import os from 'node:os';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { RedisServer } from '../test/support/redis-server';
import { diff, snapshot } from './redis-stats';

const N = Number(process.env.BENCH_N ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const ENQUEUE_CHUNK = 1000;
const QUEUE = 'bench';

async function main(): Promise<void> {
  const server = await RedisServer.start();
  const admin = createRedisClient(server.url);
  const stores = Array.from({ length: CLIENTS }, () => new RedisEngine({ redis: createRedisClient(server.url), prefix: 'bench' }));
  try {
    const s0 = await snapshot(admin);
    const enqueueStart = performance.now();
    for (let i = 0; i < N; i += ENQUEUE_CHUNK) {
      const now = Date.now();
      const jobs = Array.from({ length: Math.min(ENQUEUE_CHUNK, N - i) }, (_, k) =>
        normalizeJobSpec({ type: 'noop', queue: QUEUE, payload: { n: i + k } }, { now, maxPayloadBytes: 1 << 20 }),
      );
      await stores[0].jobs.enqueue(jobs);
    }
    const enqueueSeconds = (performance.now() - enqueueStart) / 1000;
    const s1 = await snapshot(admin);

    let done = 0;
    const processStart = performance.now();
    await Promise.all(
      stores.map(async (store, c) => {
        const workerId = `bench-${c}`;
        for (;;) {
          const { jobs } = await store.jobs.claim(QUEUE, workerId, BATCH, 60_000);
          if (jobs.length === 0) return;
          await store.jobs.complete(
            QUEUE,
            jobs.map((j) => ({ id: j.job.id, token: j.token, resultJson: 'null' })),
          );
          done += jobs.length;
        }
      }),
    );
    const processSeconds = (performance.now() - processStart) / 1000;
    const s2 = await snapshot(admin);
    const enq = diff(s1, s0);
    const proc = diff(s2, s1);
    const result = {
      bench: 'store',
      n: N,
      clients: CLIENTS,
      batch: BATCH,
      processed: done,
      enqueue_jobs_s: Math.round(N / enqueueSeconds),
      claim_complete_jobs_s: Math.round(done / processSeconds),
      redis_cmds_per_job_enqueue: +(enq.commands / N).toFixed(2),
      redis_cmds_per_job_process: +(proc.commands / Math.max(1, done)).toFixed(2),
      redis_cpu_s: +(enq.cpuSeconds + proc.cpuSeconds).toFixed(2),
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    };
    process.stdout.write(JSON.stringify(result) + '\n');
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    admin.disconnect();
    await server.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
