/**
 * npm run bench:concurrency: 10,000 long calls in one worker process. One `MODE=worker` process
 * (node dist/main.js) with WORKER_CONCURRENCY=10000 runs 10,000 `http` jobs against a loopback
 * endpoint that answers each call after BENCH_CALL_MS (default 30 s), on a redis-server of its own.
 * Every job must succeed exactly once (the endpoint counts the calls per job; the store holds each
 * job succeeded on its first attempt). Prints one JSON line: wall time, the worker's peak RSS,
 * Redis commands/s while all calls wait (the goal: at most 5), and the worker's event-loop delay
 * p99 (prom-client, from its /metrics). Ends every process it started, also when it fails.
 */
import 'reflect-metadata';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import Redis from 'ioredis';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { ClaimqProcess, ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { machineDescription } from './machine';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const CALL_MS = Number(process.env.BENCH_CALL_MS ?? 30_000);
const PREFIX = 'bench-concurrency';

function rssBytes(pid: number): number {
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) * 1024;
  } catch {
    return 0;
  }
}

async function commandsProcessed(admin: Redis): Promise<number> {
  return Number(/^total_commands_processed:(\d+)/m.exec(await admin.info('stats'))?.[1] ?? 0);
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const hits = new Map<number, number>();
  let arrived = 0;
  let firstArrivedAt = 0;
  const held: ServerResponse[] = [];
  const endpoint: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { i } = JSON.parse(body) as { i: number };
      hits.set(i, (hits.get(i) ?? 0) + 1);
      if (arrived++ === 0) firstArrivedAt = Date.now();
      held.push(res);
      setTimeout(() => res.end('{"ok":true}'), CALL_MS);
    });
  });
  endpoint.maxConnections = JOBS * 2;
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/call`;

  const redis = await RedisServer.start();
  const admin = new Redis(redis.port, '127.0.0.1');
  const store = new RedisEngine({ redis: createRedisClient(redis.url), prefix: PREFIX });
  let worker: ClaimqProcess | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const machine = await machineDescription(admin);
    const now = Date.now();
    for (let from = 0; from < JOBS; from += 1000) {
      const specs = Array.from({ length: Math.min(1000, JOBS - from) }, (_, k) =>
        normalizeJobSpec({ type: 'http', payload: { url, method: 'POST', body: { i: from + k } }, timeoutMs: CALL_MS * 4, maxAttempts: 1 }, { now, maxPayloadBytes: 512 * 1024 }),
      );
      await store.jobs.enqueue(specs);
    }

    const started = Date.now();
    worker = await ClaimqProcess.start({ MODE: 'worker', JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: PREFIX, WORKER_CONCURRENCY: String(JOBS), LOG_LEVEL: 'warn' });
    const pid = worker.pid!;
    let peakRss = 0;
    sampler = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(pid))), 250);

    await until(() => arrived >= JOBS, `all ${JOBS} calls to arrive`, CALL_MS);
    // while every call waits: from 2 s after the last arrival to 2 s before the first answer
    await new Promise((r) => setTimeout(r, 2_000));
    const windowStart = Date.now();
    const windowMs = firstArrivedAt + CALL_MS - 2_000 - windowStart;
    if (windowMs < 5_000) throw new Error(`the calls arrived over ${Date.now() - firstArrivedAt} ms: no window of 5 s in which all of them wait`);
    const before = await commandsProcessed(admin);
    await new Promise((r) => setTimeout(r, windowMs));
    const after = await commandsProcessed(admin);
    const waitingSeconds = (Date.now() - windowStart) / 1000;
    // the two INFO calls are the bench's own
    const commandsPerSecond = (after - before - 1) / waitingSeconds;
    const metrics = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
    const lagP99 = Number(/^claimq_nodejs_eventloop_lag_p99_seconds (\S+)/m.exec(metrics)?.[1] ?? NaN);

    await until(async () => (await store.admin.counts('default')).succeeded >= JOBS, `all ${JOBS} jobs to succeed`, CALL_MS * 4);
    const wallSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);

    const counts = await store.admin.counts('default');
    const calledOnce = [...Array(JOBS).keys()].every((i) => hits.get(i) === 1);
    const line = {
      bench: 'concurrency',
      jobs: JOBS,
      call_ms: CALL_MS,
      worker_concurrency: JOBS,
      succeeded: counts.succeeded,
      failed: counts.failed,
      every_job_called_once: calledOnce,
      wall_s: Number(wallSeconds.toFixed(1)),
      peak_rss_mb: Math.round(peakRss / 1024 / 1024),
      redis_cmds_per_s_while_waiting: Number(commandsPerSecond.toFixed(2)),
      waiting_window_s: Number(waitingSeconds.toFixed(1)),
      event_loop_lag_p99_ms: Number((lagP99 * 1000).toFixed(1)),
      machine,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    if (counts.succeeded !== JOBS || !calledOnce) process.exitCode = 1;
  } finally {
    if (sampler) clearInterval(sampler);
    await worker?.kill();
    for (const res of held) res.destroy();
    endpoint.closeAllConnections();
    await new Promise((r) => endpoint.close(r));
    await store.close();
    admin.disconnect();
    await redis.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:concurrency failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exitCode = 1;
});
