/**
 * npm run bench:ui — the dashboard's reads with a big backlog (issue 16): with BENCH_UI_JOBS
 * (1,000,000) jobs waiting in one queue, the overview (GET /queues/:name/stats and GET /queues) and
 * the first page of GET /jobs must answer in under 300 ms server-side.
 *
 * Its own redis-server on a free port. The jobs go in through RedisEngine.enqueue in calls of
 * BENCH_CHUNK (1,000), a few calls in flight, a mix: 70% priority 0 without a group, 15% of
 * priorities -3..5 (8 tiers), 15% in 200 named groups (a third of those with a priority), so
 * oldest-pending walks the FIFO, the tiers and the groups' heads. The stats of the last 16 minutes
 * are filled as workers would leave them (every step and bucket written). Then an in-process Nest
 * app (MODE=api, the real module and configureApp) listens on a free port and each route is called
 * BENCH_UI_CALLS (300) times in turn over HTTP. Server-side time: from the HTTP server's 'request'
 * event to the response's 'finish'; the client's round trip is printed too. Prints ONE JSON line:
 * p50/p95/max per route, the goal and whether each route met it.
 */
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ClaimqModule } from '../src/claimq.module';
import { configureApp } from '../src/configure-app';
import { NewJob } from '../src/domain/job';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { HISTOGRAM_BUCKETS, MinuteStats, STEPS_PER_MINUTE, windowMinutes } from '../src/domain/queue-stats';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { RedisServer } from '../test/support/redis-server';
import { envInt } from './bench-settings';
import { percentile } from './latency';
import { machineDescription } from './machine';

const QUEUE = 'ui';
const PREFIX = 'bench-ui';
const JOBS = envInt('BENCH_UI_JOBS', 1_000_000);
const CHUNK = envInt('BENCH_CHUNK', 1_000);
const IN_FLIGHT = envInt('BENCH_UI_IN_FLIGHT', 4);
const CALLS = envInt('BENCH_UI_CALLS', 300);
const GROUPS = 200;
const GOAL_MS = 300;
const ROUTES = [`/queues/${QUEUE}/stats`, '/queues', `/jobs?queue=${QUEUE}&limit=50`, `/jobs?queue=${QUEUE}&status=pending&limit=50`];

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Job i of the mix: 70% plain FIFO, 15% with a priority, 15% in a named group. */
function jobOf(i: number, now: number): NewJob {
  const kind = i % 20;
  const spec: { type: string; queue: string; payload: unknown; priority?: number; group?: string } = { type: 'noop', queue: QUEUE, payload: { i } };
  if (kind >= 14 && kind < 17) spec.priority = (i % 9) - 3 || 5;
  if (kind >= 17) {
    spec.group = `g${String(i % GROUPS).padStart(3, '0')}`;
    if (kind === 19) spec.priority = (i % 4) + 1;
  }
  return normalizeJobSpec(spec, { now, maxPayloadBytes: 1024 * 1024 });
}

async function fill(store: RedisEngine): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < JOBS) {
      const from = next;
      next = Math.min(JOBS, next + CHUNK);
      const now = Date.now();
      const jobs: NewJob[] = [];
      for (let i = from; i < next; i++) jobs.push(jobOf(i, now));
      await store.jobs.enqueue(jobs);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return (performance.now() - started) / 1000;
}

/** Every step and bucket of the window's minutes, as busy workers would leave them. */
async function fillStats(store: RedisEngine): Promise<void> {
  const delta = new Map<number, MinuteStats>();
  for (const minute of windowMinutes(Date.now())) {
    delta.set(minute, {
      succeeded: new Array<number>(STEPS_PER_MINUTE).fill(500),
      failed: new Array<number>(STEPS_PER_MINUTE).fill(5),
      pickup: Array.from({ length: HISTOGRAM_BUCKETS }, (_, b) => b + 1),
      run: Array.from({ length: HISTOGRAM_BUCKETS }, (_, b) => HISTOGRAM_BUCKETS - b),
    });
  }
  await store.stats.record(QUEUE, delta);
}

interface Figures {
  p50: number;
  p95: number;
  max: number;
}

function figures(samples: number[]): Figures {
  return { p50: round2(percentile(samples, 50)), p95: round2(percentile(samples, 95)), max: round2(Math.max(...samples)) };
}

async function main(): Promise<void> {
  const redis = await RedisServer.start();
  const client = createRedisClient(redis.url);
  const store = new RedisEngine({ redis: client, prefix: PREFIX, configuredQueues: [QUEUE] });
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    const machine = await machineDescription(client);
    const enqueueSeconds = await fill(store);
    await fillStats(store);
    const counts = await store.admin.counts(QUEUE);
    if (counts.pending !== JOBS) throw new Error(`expected ${JOBS} pending jobs, found ${counts.pending}`);
    const usedMemoryMb = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1] ?? 0) / 1024 / 1024;

    app = await startApp(redis.url);
    const serverMs = new Map<string, number[]>(ROUTES.map((r) => [r, []]));
    const clientMs = new Map<string, number[]>(ROUTES.map((r) => [r, []]));
    app.server.prependListener('request', (req, res) => {
      const t = performance.now();
      res.once('finish', () => serverMs.get(req.url ?? '')?.push(performance.now() - t));
    });
    let oldest: unknown;
    for (let call = 0; call < CALLS + 3; call++) {
      for (const route of ROUTES) {
        const t = performance.now();
        const res = await fetch(`${app.base}${route}`);
        const body = (await res.json()) as { oldestPending?: unknown };
        if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
        if (call < 3) {
          // warm-up calls (script load, JIT) are not timed
          serverMs.get(route)!.length = 0;
          continue;
        }
        clientMs.get(route)!.push(performance.now() - t);
        if (body.oldestPending) oldest = body.oldestPending;
      }
    }
    const routes = Object.fromEntries(ROUTES.map((r) => [r, { server: figures(serverMs.get(r)!), client: figures(clientMs.get(r)!) }]));
    const met = Object.fromEntries(ROUTES.map((r) => [r, routes[r].server.p95 < GOAL_MS]));
    console.log(
      JSON.stringify({
        bench: 'ui',
        machine,
        loadavg1: round2(os.loadavg()[0]),
        jobs: JOBS,
        mix: { fifo: 0.7, priorities: 0.15, groups: 0.15, namedGroups: GROUPS },
        enqueueSeconds: round2(enqueueSeconds),
        redisUsedMemoryMb: round2(usedMemoryMb),
        callsPerRoute: CALLS,
        goalMs: GOAL_MS,
        routes,
        metGoal: met,
        oldestPending: oldest,
      }),
    );
    if (Object.values(met).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    await app?.close();
    await store.close();
    await redis.stop();
  }
}

async function startApp(redisUrl: string): Promise<{ server: Server; base: string; close: () => Promise<void> }> {
  const moduleRef = await Test.createTestingModule({
    imports: [ClaimqModule.forRoot({ settings: { MODE: 'api', JOB_STORE: 'redis', REDIS_URL: redisUrl, REDIS_PREFIX: PREFIX, QUEUES: QUEUE, LOG_LEVEL: 'silent' } })],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
