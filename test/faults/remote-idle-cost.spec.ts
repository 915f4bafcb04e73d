import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
// undici's own fetch with its own Agent (2,000 connections): Node's built-in fetch bundles another undici, whose
// dispatcher interface an Agent of this package need not match (on Node 24 it does not)
import { Agent, fetch } from 'undici';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';

const QUEUE = 'idle';
const WORKERS = 1_000;
/** HEARTBEAT_MS as deployed by default. */
const HEARTBEAT_MS = 60_000;
/**
 * How long each command count runs: a whole number of every periodic loop's period (the reaper's
 * 15 s, the heartbeats' 10 s flush, the shared wait's 5 s idle bound), so each window holds the
 * same number of their runs wherever it starts. With 20 s, a window held one reaper run or two,
 * depending on how long the fleet took to start, which alone moved the difference by 0.8 a second.
 */
const WINDOW_MS = 30_000;

/**
 * What 1,000 idle remote workers long-polling one `MODE=api` process cost the job store: at most 2
 * Redis commands per second in all, above what the API process costs alone. The process runs on
 * a redis-server of the test's own, so every command counted is its; the workers are simulated in
 * this test process with the wire protocol (a long poll of 30 s each, again and again, and a
 * heartbeat every HEARTBEAT_MS naming no lease), as the clients send them.
 */
describe('1,000 idle remote workers', () => {
  let redis: RedisServer;
  let api: ClaimqProcess | undefined;
  let probe: Redis | undefined;
  const stop = new AbortController();
  const agent = new Agent({ connections: WORKERS * 2, keepAliveTimeout: 60_000 });

  beforeAll(() => ensureBuilt(), 180_000);

  afterAll(async () => {
    stop.abort();
    await api?.kill();
    probe?.disconnect();
    await redis?.stop();
    await agent.close().catch(() => undefined);
  });

  async function commandsProcessed(): Promise<number> {
    const info = await probe!.info('stats');
    return Number(/total_commands_processed:(\d+)/.exec(info)![1]);
  }

  /** The commands the server processed per second over WINDOW_MS, the INFO calls not counted. */
  async function commandRate(): Promise<number> {
    const before = await commandsProcessed();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const after = await commandsProcessed();
    return (after - before - 1) / (WINDOW_MS / 1000);
  }

  function post(path: string, body: unknown): Promise<Response> {
    return fetch(`http://127.0.0.1:${api!.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: stop.signal,
      dispatcher: agent,
    });
  }

  /** One worker: long polls back to back, and a heartbeat every HEARTBEAT_MS; nothing to run. */
  async function idleWorker(id: string, started: () => void): Promise<void> {
    let first = true;
    const beat = async (): Promise<void> => {
      while (!stop.signal.aborted) {
        const res = await post(`/workers/${id}/heartbeat`, { queues: [QUEUE], leases: [], info: { language: 'test', concurrency: 1 } });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        // after the first, the beats of the fleet are spread over the interval, as workers that
        // started at different times beat: a third of them beat in each count's window
        const next = first ? Math.random() * HEARTBEAT_MS : HEARTBEAT_MS;
        if (first) {
          first = false;
          started();
        }
        // ends at once when the test stops the fleet (a beat sleeps up to a minute)
        await sleep(next, undefined, { signal: stop.signal });
      }
    };
    const poll = async (): Promise<void> => {
      while (!stop.signal.aborted) {
        const res = await post(`/queues/${QUEUE}/claims`, { worker: { id, language: 'test' }, max: 10, waitMs: 30_000 });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { jobs: unknown[] };
        expect(body.jobs).toEqual([]);
      }
    };
    await Promise.all([beat(), poll()]).catch((err: unknown) => {
      if (!stop.signal.aborted) throw err;
    });
  }

  it('cost the job store at most 2 Redis commands per second above the API process alone', async () => {
    redis = await RedisServer.start();
    probe = new Redis(redis.port, '127.0.0.1', { lazyConnect: false });
    api = await ClaimqProcess.start({
      MODE: 'api',
      JOB_STORE: 'redis',
      REDIS_URL: redis.url,
      QUEUES: QUEUE,
      LOG_LEVEL: 'info',
    });
    await api.waitForOutput(/listening on/, 60_000);
    // the API process alone, settled after its start
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const alone = await commandRate();

    let started = 0;
    let allStarted!: () => void;
    const everyoneStarted = new Promise<void>((resolve) => (allStarted = resolve));
    const fleet = Array.from({ length: WORKERS }, (_, i) =>
      idleWorker(`idle-${i}`, () => {
        if (++started === WORKERS) allStarted();
      }),
    );
    await everyoneStarted;
    // each worker's first sight is written once, at its first call; then they only wait and beat
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const withWorkers = await commandRate();
    stop.abort();
    await Promise.all(fleet);

    const { live } = (await (await fetch(`http://127.0.0.1:${api.port}/workers`)).json()) as { live: unknown[] };
    expect(live).toHaveLength(WORKERS);
    console.log(JSON.stringify({ idleRemoteWorkers: WORKERS, commandsPerSecondAlone: alone, commandsPerSecondWithWorkers: withWorkers }));
    expect(Number.isFinite(alone) && Number.isFinite(withWorkers)).toBe(true);
    expect(withWorkers - alone).toBeLessThanOrEqual(2);
  }, 240_000);
});
