/**
 * npm run bench:wait — wait-for-result latency: `POST /jobs?waitMs=10000` of a `noop` job through one
 * API process (MODE=api) and one worker process (MODE=worker), real `node dist/main.js` processes
 * on a redis-server of the bench's own, as users deploy them. One client sends the next request
 * when the previous answered, so each sample is one job's whole way: the API's write, the worker's
 * wake-up, claim, run and completion, the completion's event through the API process's live feed
 * (one XREAD loop per queue stream), the job's read and the answer.
 *
 * BENCH_SECONDS (10) of samples per round after BENCH_WARMUP (200) requests, BENCH_ROUNDS (3)
 * rounds, each on fresh processes and a FLUSHALLed server; the figures are the medians of the
 * rounds' p50 and p99. Every answer must say `succeeded` (a wait that ran out would fail the run).
 * Redis commands per job are INFO commandstats over the round's samples (commands inside scripts
 * counted; the worker's idle wait and the feed's XREAD included). Prints ONE JSON line.
 */
import Redis from 'ioredis';
import { ClaimqProcess, ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { envInt } from './bench-settings';
import { percentile } from './latency';
import { machineDescription } from './machine';
import { median } from './rounds';
import { diff, snapshot } from './redis-stats';

const SECONDS = envInt('BENCH_SECONDS', 10);
const WARMUP = envInt('BENCH_WARMUP', 200);
const ROUNDS = envInt('BENCH_ROUNDS', 3);
const GOAL_P50_MS = 5;

interface Round {
  round: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  commandsPerJob: number;
}

async function postAndWait(base: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/jobs?waitMs=10000`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"type":"noop","payload":{"n":1}}',
  });
  const body = (await res.json()) as { status?: string };
  const ms = performance.now() - started;
  if (res.status !== 201 || body.status !== 'succeeded') throw new Error(`POST /jobs?waitMs answered ${res.status} ${JSON.stringify(body)}`);
  return ms;
}

async function runRound(redis: RedisServer, admin: Redis, round: number): Promise<Round> {
  await admin.flushall();
  const env = { JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: `wait${round}`, QUEUES: 'default' };
  const procs: ClaimqProcess[] = [];
  try {
    const api = await ClaimqProcess.start({ ...env, MODE: 'api' });
    procs.push(api);
    const worker = await ClaimqProcess.start({ ...env, MODE: 'worker', WORKER_CONCURRENCY: '50' });
    procs.push(worker);
    await Promise.all([api.waitForOutput(/listening on/), worker.waitForOutput(/claiming from/)]);
    const base = `http://127.0.0.1:${api.port}`;
    for (let i = 0; i < WARMUP; i++) await postAndWait(base);
    const before = await snapshot(admin);
    const samples: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) samples.push(await postAndWait(base));
    const used = diff(await snapshot(admin), before);
    return {
      round,
      samples: samples.length,
      p50Ms: Number(percentile(samples, 50).toFixed(2)),
      p99Ms: Number(percentile(samples, 99).toFixed(2)),
      maxMs: Number(Math.max(...samples).toFixed(2)),
      commandsPerJob: Number((used.commands / samples.length).toFixed(1)),
    };
  } finally {
    await Promise.all(procs.map((p) => p.kill()));
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const redis = await RedisServer.start();
  const admin = new Redis(redis.port, '127.0.0.1');
  const rounds: Round[] = [];
  try {
    const machine = await machineDescription(admin);
    for (let round = 0; round < ROUNDS; round++) {
      const r = await runRound(redis, admin, round);
      process.stderr.write(`round ${round + 1}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms over ${r.samples} jobs, ${r.commandsPerJob} Redis commands per job\n`);
      rounds.push(r);
    }
    const p50 = median(rounds.map((r) => r.p50Ms));
    const p99 = median(rounds.map((r) => r.p99Ms));
    process.stdout.write(
      `${JSON.stringify({
        bench: 'wait',
        machine,
        shape: { seconds: SECONDS, warmup: WARMUP, rounds: ROUNDS, topology: 'one MODE=api and one MODE=worker process, one redis-server', request: 'POST /jobs?waitMs=10000 noop' },
        medians: { p50Ms: p50, p99Ms: p99, commandsPerJob: median(rounds.map((r) => r.commandsPerJob)) },
        goals: { p50Ms: GOAL_P50_MS, met: p50 <= GOAL_P50_MS },
        rounds,
      })}\n`,
    );
  } finally {
    admin.disconnect();
    await redis.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
