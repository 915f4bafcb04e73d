/**
 * npm run bench:http: the REST front door under load. One claimq process (`node dist/main.js`,
 * JOB_STORE=redis MODE=api, API keys on, request logs on at LOG_LEVEL=info into a pipe that `cat`
 * copies to a file, as a container runtime collects stdout) on a private redis-server, driven by autocannon from this
 * process. Routes, each for BENCH_HTTP_S seconds at BENCH_HTTP_C connections after a 3 s warm-up:
 *   post_job   POST /jobs {"type":"noop"}
 *   post_bulk  POST /jobs/bulk of 100 noop jobs
 *   get_job    GET /jobs/:id, over 1,000 jobs enqueued before
 *   get_queues GET /queues
 * Servers, each on a fresh redis-server, in an order that rotates every round (BENCH_HTTP_ROUNDS):
 *   claimq           this checkout's build (dist/main.js)
 *   claimq_baseline  BENCH_HTTP_BASELINE=<path to another build's dist/main.js>: before and after
 *                    in the same run
 *   floor_*          BENCH_HTTP_FLOOR=1: bench/http-floor-server.ts on node:http, Nest on express,
 *                    Nest on fastify: one Redis command per request and nothing else, the least
 *                    this machine can do (POST /jobs and GET /jobs/:id only)
 * Each run's figures go to stderr as they come; at the end ONE JSON line per server and route on
 * stdout, with the median of the rounds for each figure and the rounds' requests/s:
 * requests/s, p50/p99/max latency (ms), non-2xx count, errors, the server's peak RSS (MiB), the
 * CPU cores the server, redis-server and the load generator (this process) used, the server's
 * CPU per request (us), and log bytes per request.
 * BENCH_HTTP_S (20), BENCH_HTTP_C (50), BENCH_HTTP_ROUNDS (3), BENCH_HTTP_ROUTES (all),
 * BENCH_HTTP_PROFILE=1 (the server runs with --cpu-prof; its top frames are printed on stderr;
 * BENCH_HTTP_PROFILE_DIR keeps the .cpuprofile there instead, for a closer look),
 * BENCH_HTTP_LOG (pipe; `file` writes the server's stdout straight into the file, no reader to wake),
 * BENCH_HTTP_ENV (extra claimq settings, `K=V,K=V`, e.g. LOG_LEVEL=warn to see what logs cost).
 * Needs redis-server on PATH and a build (dist/).
 */
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../test/support/free-port';
import { ensureBuilt } from '../test/support/processes';
import { waitFor } from '../test/support/wait-for';
import { RedisServer } from '../test/support/redis-server';
import { machineDescription } from './machine';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { sleep } from './latency';

const SECONDS = Number(process.env.BENCH_HTTP_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_HTTP_C ?? 50);
const WARMUP_S = 3;
/** BENCH_HTTP_LOG: `pipe` (stdout into a pipe another process reads, as in a container) or `file` (straight into a file). */
const LOG_TO = process.env.BENCH_HTTP_LOG === 'file' ? 'file' : 'pipe';
const API_KEY = 'bench-http-key-0123456789abcdef';
const QUEUE = 'bench-http';
const GET_IDS = 1_000;
const BULK = 100;

interface Route {
  name: string;
  /** autocannon's request template for this route; ids are filled in per request where needed. */
  requests: (ids: string[]) => autocannon.Request[];
}

const json = { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` };
const auth = { authorization: `Bearer ${API_KEY}` };

const ROUTES: Route[] = [
  { name: 'post_job', requests: () => [{ method: 'POST', path: '/jobs', headers: json, body: JSON.stringify({ type: 'noop', queue: QUEUE }) }] },
  {
    name: 'post_bulk',
    requests: () => [{
      method: 'POST',
      path: '/jobs/bulk',
      headers: json,
      body: JSON.stringify({ jobs: Array.from({ length: BULK }, (_, i) => ({ type: 'noop', queue: QUEUE, payload: { i } })) }),
    }],
  },
  {
    name: 'get_job',
    requests: (ids) => {
      let next = 0;
      return [{ method: 'GET', path: `/jobs/${ids[0]}`, headers: auth, setupRequest: (req) => ({ ...req, path: `/jobs/${ids[next++ % ids.length]}` }) }];
    },
  },
  { name: 'get_queues', requests: () => [{ method: 'GET', path: '/queues', headers: auth }] },
];

interface ProcessSample {
  rssMiB: number;
  cpuTicks: number;
}

const TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The server's resident set and its user+system CPU ticks, from /proc. */
function sampleProcess(pid: number): ProcessSample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11] and fields[12] are utime and stime (fields 14 and 15 of proc(5))
  return { rssMiB: rssKiB / 1024, cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

const cores = (ticks: number): number => Number((ticks / TICKS_PER_S / SECONDS).toFixed(2));

function run(url: string, requests: autocannon.Request[], seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, requests }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

/** A server under test: how to start it, and which routes it serves. */
interface Contender {
  name: string;
  /** node's arguments (the script and what it needs) */
  args: string[];
  env: (redisUrl: string, profileDir: string | undefined) => Record<string, string>;
  routes: string[];
}

const ROOT = join(__dirname, '..');
const ALL_ROUTES = ['post_job', 'post_bulk', 'get_job', 'get_queues'];

function claimqContender(name: string, entry: string): Contender {
  return {
    name,
    args: [entry],
    env: (redisUrl, profileDir) => ({
      JOB_STORE: 'redis',
      REDIS_URL: redisUrl,
      MODE: 'api',
      API_KEYS: API_KEY,
      QUEUES: `${QUEUE},${QUEUE}-read`,
      LOG_LEVEL: 'info',
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      ...extraEnv(),
    }),
    routes: ALL_ROUTES,
  };
}

function floorContender(kind: 'node' | 'nest-express' | 'nest-fastify'): Contender {
  return {
    name: `floor_${kind.replace('-', '_')}`,
    args: ['-r', '@swc-node/register', join(__dirname, 'http-floor-server.ts')],
    env: (redisUrl) => ({ REDIS_URL: redisUrl, FLOOR_SERVER: kind }),
    routes: ['post_job', 'get_job'],
  };
}

/** The contender's process, with its stdout and stderr appended to logFile. */
async function startServer(contender: Contender, env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const childEnv = { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOST: '127.0.0.1', PORT: String(port), ...env };
  let exited: Promise<void>;
  let child: ChildProcess;
  if (LOG_TO === 'file') {
    child = spawn(process.execPath, contender.args, { cwd: ROOT, env: childEnv, stdio: ['ignore', log, log] });
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  } else {
    // stdout into a pipe that another process (cat) copies to the file, as a container runtime's
    // shim collects a container's stdout: each write to it is a write to a pipe with a reader to wake
    child = spawn(process.execPath, contender.args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', log] });
    const collector = spawn('cat', [], { stdio: [child.stdout!, log, log] });
    child.stdout!.destroy(); // cat holds its own copy of the read end; this process reads nothing
    const collected = new Promise<void>((resolve) => collector.once('exit', () => resolve()));
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() => collected);
  }
  closeSync(log);
  const server = { child, port, exited };
  try {
    await waitFor('the server to listen', () => {
      if (child.exitCode !== null) throw new Error(`${contender.name} exited ${child.exitCode}:\n${readFileSync(logFile, 'utf8')}`);
      return readFileSync(logFile, 'utf8').includes('claimq listening');
    }, { timeoutMs: 60_000, describe: () => readFileSync(logFile, 'utf8') });
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  }
  return server;
}

async function measureRoute(server: Server, redisPid: number, route: Route, ids: string[]): Promise<Record<string, unknown>> {
  const url = `http://127.0.0.1:${server.port}`;
  await run(url, route.requests(ids), WARMUP_S);
  const pid = server.child.pid!;
  let peakRss = 0;
  const watch = setInterval(() => (peakRss = Math.max(peakRss, sampleProcess(pid).rssMiB)), 250);
  const before = sampleProcess(pid);
  const redisBefore = sampleProcess(redisPid);
  const clientBefore = process.cpuUsage();
  const result = await run(url, route.requests(ids), SECONDS);
  const after = sampleProcess(pid);
  const redisAfter = sampleProcess(redisPid);
  const client = process.cpuUsage(clientBefore);
  clearInterval(watch);
  peakRss = Math.max(peakRss, after.rssMiB);
  if (result.non2xx > 0 || result.errors > 0) {
    process.stderr.write(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors; status codes ${JSON.stringify(result.statusCodeStats)}\n`);
  }
  return {
    route: route.name,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    server_rss_mib_peak: Math.round(peakRss),
    server_cpu_cores: cores(after.cpuTicks - before.cpuTicks),
    server_cpu_us_per_request: Math.round(((after.cpuTicks - before.cpuTicks) / TICKS_PER_S) * 1e6 / Math.max(1, result.requests.total)),
    redis_cpu_cores: cores(redisAfter.cpuTicks - redisBefore.cpuTicks),
    load_generator_cpu_cores: Number(((client.user + client.system) / 1e6 / SECONDS).toFixed(2)),
  };
}

/** The jobs GET /jobs/:id reads: enqueued through the API, as a client would. */
async function seedJobs(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/jobs/bulk`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ jobs: Array.from({ length: GET_IDS }, (_, i) => ({ type: 'noop', queue: `${QUEUE}-read`, payload: { i } })) }),
  });
  if (res.status !== 201) throw new Error(`seeding jobs: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { ids: string[] }).ids;
}

function extraEnv(): Record<string, string> {
  const pairs = (process.env.BENCH_HTTP_ENV ?? '').split(',').filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

type Figures = Record<string, number | string>;

/** One contender on a fresh redis-server: every route it serves, in order. */
async function runContender(contender: Contender, round: number, routes: Route[], dir: string, profileDir: string | undefined): Promise<Figures[]> {
  // a file per run: the wait for "claimq listening" must not find an earlier run's line
  const logFile = join(dir, `${contender.name}-${round}.log`);
  const redis = await RedisServer.start();
  let server: Server | undefined;
  const figures: Figures[] = [];
  try {
    server = await startServer(contender, contender.env(redis.url, profileDir), logFile);
    const ids = await seedJobs(server.port);
    for (const route of routes.filter((r) => contender.routes.includes(r.name))) {
      const logBefore = statSync(logFile).size;
      const result = await measureRoute(server, redis.pid!, route, ids);
      const requests = (result.requests_s as number) * (SECONDS + WARMUP_S);
      figures.push({ server: contender.name, ...result, log_bytes_per_request: Math.round((statSync(logFile).size - logBefore) / Math.max(1, requests)) } as Figures);
      process.stderr.write(`${JSON.stringify(figures[figures.length - 1])}\n`);
      await sleep(500);
    }
    return figures;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await redis.stop();
  }
}

/** Median of each numeric figure over the rounds, and the rounds' requests/s. */
function medianOf(runs: Figures[]): Figures {
  const out: Figures = { ...runs[0], rounds: runs.length };
  for (const [name, value] of Object.entries(runs[0])) {
    if (typeof value !== 'number' || name === 'connections' || name === 'seconds') continue;
    const sorted = runs.map((run) => run[name] as number).sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    out[name] = sorted.length % 2 === 1 ? sorted[mid] : Number(((sorted[mid - 1] + sorted[mid]) / 2).toFixed(2));
  }
  return { ...out, requests_s_rounds: runs.map((run) => run.requests_s).join(' ') };
}

async function main(): Promise<void> {
  ensureBuilt();
  const wanted = (process.env.BENCH_HTTP_ROUTES ?? ALL_ROUTES.join(',')).split(',');
  const routes = ROUTES.filter((r) => wanted.includes(r.name));
  const rounds = Math.max(1, Number(process.env.BENCH_HTTP_ROUNDS ?? 3));
  const contenders = [claimqContender('claimq', join(ROOT, 'dist', 'main.js'))];
  if (process.env.BENCH_HTTP_BASELINE) contenders.push(claimqContender('claimq_baseline', process.env.BENCH_HTTP_BASELINE));
  if (process.env.BENCH_HTTP_FLOOR === '1') contenders.push(floorContender('node'), floorContender('nest-express'), floorContender('nest-fastify'));
  const dir = mkdtempSync(join(tmpdir(), 'claimq-bench-http-'));
  const profile = process.env.BENCH_HTTP_PROFILE === '1';
  const profileDir = profile ? (process.env.BENCH_HTTP_PROFILE_DIR ?? dir) : undefined;
  const runs = new Map<string, Figures[]>();
  try {
    const probe = await RedisServer.start();
    const admin = createRedisClient(probe.url);
    process.stderr.write(`bench:http C=${CONNECTIONS}, ${SECONDS} s per route, ${rounds} rounds, on ${await machineDescription(admin)}\n`);
    admin.disconnect();
    await probe.stop();
    for (let round = 0; round < rounds; round++) {
      // a different contender goes first each round
      const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
      for (const contender of order) {
        process.stderr.write(`round ${round + 1}: ${contender.name}\n`);
        for (const figures of await runContender(contender, round, routes, dir, profileDir)) {
          const key = `${figures.server} ${figures.route}`;
          runs.set(key, [...(runs.get(key) ?? []), figures]);
        }
      }
    }
    for (const results of runs.values()) process.stdout.write(`${JSON.stringify(medianOf(results))}\n`);
  } finally {
    if (profileDir) {
      for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
        execFileSync(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'cpu-profile-top.ts'), join(profileDir, file), '40'], { stdio: ['ignore', 2, 2] });
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);
