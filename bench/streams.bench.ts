/**
 * npm run bench:streams — server-sent event streams at 10,000 subscribers on one API process.
 *
 * One API process (MODE=api) and one worker process (MODE=worker, WORKER_CONCURRENCY=200), real
 * `node dist/main.js` processes on a redis-server of the bench's own, as users deploy them. A
 * *phase*: the queue is paused, N `noop` jobs are added (bulks of 1,000), N subscribers each open
 * `GET /jobs/:id/events` on their own job (plain node:http connections from this process) and get
 * its `state`; the RSS of the API process is read (/proc); the queue is resumed, the worker runs the
 * jobs and every subscriber hears `claimed`, `succeeded` and `end`. The *delivery time* runs from the
 * resume to the last `end`; *events delivered* are the live events (3 per subscriber).
 *
 * RSS: the API process's with the first phase of N streams open, and what opening them added per
 * stream (V8 grows its heap lazily: later phases reuse it, so their RSS says little per stream).
 *
 * Redis commands per event: the API's feed commands (XREAD, XRANGE, XREVRANGE, XINFO: nothing else
 * uses them here, history is off) during delivery, over the events delivered. The goal is that it
 * does not grow with the subscribers, so each round runs phases of 1,000 and of N subscribers
 * (alternating which goes first) and reports both. Phases of N repeat until BENCH_SECONDS (10) of
 * delivery time; BENCH_ROUNDS (3) rounds on fresh processes and a FLUSHALLed server; medians.
 * Prints ONE JSON line.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { ClaimqProcess, ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { envInt } from './bench-settings';
import { machineDescription } from './machine';
import { median } from './rounds';
import { callsByCommand } from './redis-stats';

const SUBSCRIBERS = envInt('BENCH_SUBSCRIBERS', 10_000);
const SMALL = 1_000;
const SECONDS = envInt('BENCH_SECONDS', 10);
const ROUNDS = envInt('BENCH_ROUNDS', 3);
const BULK = 1_000;
const FEED_COMMANDS = ['xread', 'xrange', 'xrevrange', 'xinfo|stream'];
/** Live events per subscriber: claimed, succeeded, end. */
const LIVE_EVENTS = 3;

interface Phase {
  subscribers: number;
  deliveryMs: number;
  events: number;
  feedCommands: number;
  /** The API process's RSS with every subscriber's stream open, and before they were opened. */
  rssMb: number;
  idleRssMb: number;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

async function call(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One subscriber: resolves `state` on its first event and `ended` on `end`, counting the events after the state. */
function subscribe(port: number, id: string): { state: Promise<void>; ended: Promise<number> } {
  let onState: () => void = () => undefined;
  let onEnd: (events: number) => void = () => undefined;
  let onError: (error: Error) => void = () => undefined;
  const state = new Promise<void>((resolve, reject) => ((onState = resolve), (onError = reject)));
  const ended = new Promise<number>((resolve, reject) => {
    onEnd = resolve;
    const previous = onError;
    onError = (error) => (previous(error), reject(error));
  });
  ended.catch(() => undefined);
  const req = http.get({ host: '127.0.0.1', port, path: `/jobs/${id}/events`, agent, headers: { accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) return onError(new Error(`GET /jobs/${id}/events: ${res.statusCode}`));
    res.setEncoding('utf8');
    let seenState = false;
    let events = 0;
    let tail = '';
    res.on('data', (chunk: string) => {
      const text = tail + chunk;
      let at = 0;
      for (;;) {
        const next = text.indexOf('\nevent: ', at);
        if (next < 0) break;
        const name = text.slice(next + 8, text.indexOf('\n', next + 8));
        at = next + 8;
        if (name === 'state') {
          seenState = true;
          onState();
        } else if (seenState) events += 1;
        if (name === 'end') onEnd(events);
      }
      tail = text.slice(Math.max(at, text.length - 16));
    });
    res.on('error', onError);
  });
  req.on('error', onError);
  return { state, ended };
}

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number((Number(match[1]) / 1024).toFixed(1)) : Number.NaN;
}

async function feedCommands(admin: Redis): Promise<number> {
  const calls = await callsByCommand(admin);
  return FEED_COMMANDS.reduce((sum, name) => sum + (calls.get(name) ?? 0), 0);
}

async function runPhase(api: ClaimqProcess, admin: Redis, subscribers: number): Promise<Phase> {
  const base = `http://127.0.0.1:${api.port}`;
  await call(base, 'POST', '/queues/default/pause');
  const ids: string[] = [];
  for (let i = 0; i < subscribers; i += BULK) {
    const jobs = Array.from({ length: Math.min(BULK, subscribers - i) }, (_, k) => ({ type: 'noop', payload: { n: i + k } }));
    ids.push(...((await call(base, 'POST', '/jobs/bulk', { jobs })).ids as string[]));
  }
  const idleRss = rssMb(api.pid!);
  const streams: Array<{ state: Promise<void>; ended: Promise<number> }> = [];
  // opened in slices, so the API's accept queue is not the thing measured
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500).map((id) => subscribe(api.port, id));
    await Promise.all(slice.map((s) => s.state));
    streams.push(...slice);
  }
  const rss = rssMb(api.pid!);
  const before = await feedCommands(admin);
  const started = performance.now();
  await call(base, 'POST', '/queues/default/resume');
  const counts = await Promise.all(streams.map((s) => s.ended));
  const deliveryMs = performance.now() - started;
  const used = (await feedCommands(admin)) - before;
  const events = counts.reduce((a, b) => a + b, 0);
  if (events !== subscribers * LIVE_EVENTS) throw new Error(`expected ${subscribers * LIVE_EVENTS} live events, got ${events}`);
  if (process.env.BENCH_VERBOSE) process.stderr.write(`phase of ${subscribers}: RSS ${idleRss} MB idle, ${rss} MB open\n`);
  return { subscribers, deliveryMs, events, feedCommands: used, rssMb: rss, idleRssMb: idleRss };
}

interface Round {
  round: number;
  small: Phase;
  large: { phases: number; subscribers: number; eventsPerSecond: number; feedCommandsPerEvent: number; rssMb: number; kbPerStream: number };
}

async function runRound(redis: RedisServer, admin: Redis, round: number): Promise<Round> {
  await admin.flushall();
  await admin.config('RESETSTAT');
  const env = { JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: `streams${round}`, QUEUES: 'default' };
  const procs: ClaimqProcess[] = [];
  try {
    const api = await ClaimqProcess.start({ ...env, MODE: 'api' });
    const worker = await ClaimqProcess.start({ ...env, MODE: 'worker', WORKER_CONCURRENCY: '200' });
    procs.push(api, worker);
    await Promise.all([api.waitForOutput(/listening on/), worker.waitForOutput(/claiming from/)]);
    // warm-up: the feed's subscription and the JIT
    await runPhase(api, admin, SMALL);
    let small: Phase | undefined;
    if (round % 2 === 0) small = await runPhase(api, admin, SMALL);
    const large: Phase[] = [];
    while (large.reduce((sum, p) => sum + p.deliveryMs, 0) < SECONDS * 1000) large.push(await runPhase(api, admin, SUBSCRIBERS));
    small ??= await runPhase(api, admin, SMALL);
    const events = large.reduce((sum, p) => sum + p.events, 0);
    const ms = large.reduce((sum, p) => sum + p.deliveryMs, 0);
    const commands = large.reduce((sum, p) => sum + p.feedCommands, 0);
    return {
      round,
      small,
      large: {
        phases: large.length,
        subscribers: SUBSCRIBERS,
        eventsPerSecond: Math.round((events / ms) * 1000),
        feedCommandsPerEvent: Number((commands / events).toFixed(4)),
        rssMb: large[0].rssMb,
        // what opening the first phase's streams added to the process's RSS, per stream (later
        // phases reuse what V8 grew its heap to: their RSS plateaus, ~800 MB here, then drops at a GC)
        kbPerStream: Math.round(((large[0].rssMb - large[0].idleRssMb) * 1024) / large[0].subscribers),
      },
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
      const smallPerEvent = r.small.feedCommands / r.small.events;
      process.stderr.write(
        `round ${round + 1}: ${r.large.subscribers} subscribers: ${r.large.eventsPerSecond} events/s over ${r.large.phases} phases, ${r.large.feedCommandsPerEvent} feed commands per event, API RSS ${r.large.rssMb} MB (${r.large.kbPerStream} KB per open stream); ${SMALL} subscribers: ${smallPerEvent.toFixed(4)} feed commands per event\n`,
      );
      rounds.push(r);
    }
    const largePerEvent = median(rounds.map((r) => r.large.feedCommandsPerEvent));
    const smallPerEvent = Number(median(rounds.map((r) => r.small.feedCommands / r.small.events)).toFixed(4));
    process.stdout.write(
      `${JSON.stringify({
        bench: 'streams',
        machine,
        shape: {
          subscribers: SUBSCRIBERS,
          seconds: SECONDS,
          rounds: ROUNDS,
          topology: 'one MODE=api and one MODE=worker process (WORKER_CONCURRENCY=200), one redis-server',
          stream: 'GET /jobs/:id/events, one subscriber per noop job, opened while the queue is paused; delivery from the resume to the last end',
        },
        medians: {
          eventsPerSecond: median(rounds.map((r) => r.large.eventsPerSecond)),
          feedCommandsPerEvent: largePerEvent,
          feedCommandsPerEventAt1000: smallPerEvent,
          apiRssMb: median(rounds.map((r) => r.large.rssMb)),
          kbPerStream: median(rounds.map((r) => r.large.kbPerStream)),
        },
        goals: { feedCommandsPerEventIndependentOfSubscribers: true, met: largePerEvent <= smallPerEvent },
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
