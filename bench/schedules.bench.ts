/**
 * npm run bench:schedules — the lag of recurring schedules: 3 claimq instances (`node dist/main.js`,
 * MODE=all, so they also run the jobs) on a redis-server of the bench's own, 1,000 schedules that
 * fire every second (cron `* * * * * *`: all of them due at the same instant), for BENCH_S seconds
 * (default 20) per round, BENCH_ROUNDS rounds (default 3) on fresh key prefixes.
 *
 * Lag is per job, from the store's own record: createdAt (the firing instance's clock when its
 * enqueue began) minus the tick (fireAt); and, end to end, startedAt (a worker's clock when it
 * claimed the job) minus the tick, which adds the enqueue's round trip and the pickup. Every tick of the window is checked: a missing or doubled
 * job fails the bench instead of flattering it. Redis commands and CPU are read from INFO over the
 * window. Prints one JSON line; the median round's figures are the headline.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { ClaimqProcess, ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { allJobs, putSchedule } from '../test/support/schedules';
import { envInt } from './bench-settings';
import { percentile, sleep } from './latency';
import { machineDescription } from './machine';

const QUEUE = 'ticks';
const INSTANCES = envInt('BENCH_INSTANCES', 3);
const SCHEDULES = envInt('BENCH_SCHEDULES', 1_000);
const SECONDS = envInt('BENCH_S', 20);
const ROUNDS = envInt('BENCH_ROUNDS', 3);

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentiles(samples: number[]): Percentiles {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), max: samples[samples.length - 1] ?? NaN };
}

interface Round {
  jobs: number;
  expected: number;
  missing: number;
  doubled: number;
  /** Tick to job written: the firing instance's clock when its enqueue began (createdAt). */
  lagMs: Percentiles;
  /** Tick to job started by a worker (startedAt): the enqueue's round trip and the pickup too. */
  startMs: Percentiles;
  redisCommandsPerSecond: number;
  redisCpuPercent: number;
}

async function redisCounters(admin: Redis): Promise<{ commands: number; cpu: number }> {
  const info = await admin.info();
  const field = (name: string) => Number(new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1] ?? NaN);
  return { commands: field('total_commands_processed'), cpu: field('used_cpu_sys') + field('used_cpu_user') };
}

async function round(redis: RedisServer, admin: Redis, index: number): Promise<Round> {
  const prefix = `bench-schedules-${index}-${Date.now()}`;
  const procs: ClaimqProcess[] = [];
  const store = new RedisEngine({ redis: createRedisClient(redis.url), prefix });
  try {
    for (let i = 0; i < INSTANCES; i++) {
      procs.push(await ClaimqProcess.start({ MODE: 'all', JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: prefix, QUEUES: QUEUE, LOG_LEVEL: 'warn' }));
    }
    await Promise.all(procs.map((p) => waitListening(p)));
    for (let i = 0; i < SCHEDULES; i++) {
      await putSchedule(procs[i % INSTANCES], `s${i}`, { queue: QUEUE, cron: '* * * * * *', catchUp: 'all', job: { type: 'noop' } });
    }
    const from = Math.ceil(Date.now() / 1000) * 1000 + 2_000;
    const to = from + SECONDS * 1000;
    await sleep(from - Date.now());
    const before = await redisCounters(admin);
    await sleep(to - Date.now());
    const after = await redisCounters(admin);
    // every tick of the window fired well before this
    await sleep(2_000);
    await Promise.all(procs.map((p) => p.stop('SIGTERM')));

    const seen = new Map<string, number>();
    const lags: number[] = [];
    const starts: number[] = [];
    for (const job of await allJobs(store, QUEUE)) {
      const key = job.idempotencyKey ?? '';
      const fireAt = job.schedule?.fireAt ?? NaN;
      if (!(fireAt >= from && fireAt < to)) continue;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      lags.push(job.createdAt - fireAt);
      if (job.startedAt !== undefined) starts.push(job.startedAt - fireAt);
    }
    const expected = SCHEDULES * SECONDS;
    if (starts.length !== lags.length) throw new Error(`${lags.length - starts.length} jobs of the window never started`);
    const seconds = (to - from) / 1000;
    return {
      jobs: lags.length,
      expected,
      missing: expected - seen.size,
      doubled: [...seen.values()].filter((n) => n > 1).length,
      lagMs: percentiles(lags),
      startMs: percentiles(starts),
      redisCommandsPerSecond: Math.round((after.commands - before.commands) / seconds),
      redisCpuPercent: Math.round(((after.cpu - before.cpu) / seconds) * 1000) / 10,
    };
  } finally {
    await Promise.all(procs.map((p) => p.kill()));
    await store.close();
  }
}

async function waitListening(proc: ClaimqProcess): Promise<void> {
  for (let i = 0; i < 400; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${proc.port}/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (!proc.running) throw new Error(`instance exited:\n${proc.log}`);
    await sleep(50);
  }
  throw new Error(`instance not ready:\n${proc.log}`);
}

async function main(): Promise<void> {
  ensureBuilt();
  const redis = await RedisServer.start();
  const admin = createRedisClient(redis.url);
  try {
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(redis, admin, i));
    const bad = rounds.find((r) => r.missing !== 0 || r.doubled !== 0);
    if (bad) throw new Error(`a round lost or doubled ticks: ${JSON.stringify(bad)}`);
    const median = (pick: (r: Round) => number) => percentile(rounds.map(pick).sort((a, b) => a - b), 50);
    console.log(
      JSON.stringify({
        bench: 'schedules',
        machine: await machineDescription(admin),
        instances: INSTANCES,
        schedules: SCHEDULES,
        secondsPerRound: SECONDS,
        jobsPerSecond: SCHEDULES,
        lagMsMedianOfRounds: { p50: median((r) => r.lagMs.p50), p95: median((r) => r.lagMs.p95), p99: median((r) => r.lagMs.p99), max: median((r) => r.lagMs.max) },
        startMsMedianOfRounds: { p50: median((r) => r.startMs.p50), p95: median((r) => r.startMs.p95), p99: median((r) => r.startMs.p99), max: median((r) => r.startMs.max) },
        redisCommandsPerSecond: median((r) => r.redisCommandsPerSecond),
        redisCpuPercent: median((r) => r.redisCpuPercent),
        rounds,
      }),
    );
  } finally {
    admin.disconnect();
    await redis.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
