import { Redis } from 'ioredis';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';
import { waitFor } from '../support/wait-for';
import { FleetWorker, WorkerFleet } from '../support/worker-fleet';

/**
 * Idle worker processes wait on the store's `work` signal (claim.lua marks the queue `iw` when a
 * claim leaves its worker idle; the next change that makes work claimable PUBLISHes `work`, heard
 * by every instance), not on the queue's wake list, on a redis-server of this file's own (its
 * every connection is this test's, so one can be killed, and CLIENT LIST shows only ours).
 *
 * Both other ways to a claim are pushed far away: WORKER_IDLE_WAIT_MS (the wait where no signal
 * is heard) and the reaper's interval (a reaper pass promotes due jobs and wakes workers) are
 * 10 minutes, and the signalled wait's own net is 5 minutes; so within OUTCOME_MS only the signal,
 * or the claim after `missed`, can make a job run.
 */
const ENV = { WORKER_IDLE_WAIT_MS: '600000', REAPER_INTERVAL_MS: '600000', WORKER_CONCURRENCY: '4' };
/** Generous: a deadline for an outcome, not a measure of its speed. */
const OUTCOME_MS = 20_000;

describe('idle worker processes wait on the `work` signal', () => {
  let redis: RedisServer;
  let admin: Redis;
  let fleet: WorkerFleet | undefined;
  let stopped: FleetWorker[] = [];

  beforeAll(async () => {
    ensureBuilt();
    redis = await RedisServer.start();
    admin = createRedisClient(redis.url);
  }, 180_000);

  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  afterEach(async () => {
    for (const worker of stopped.splice(0)) if (worker.process.pid) process.kill(worker.process.pid, 'SIGCONT');
    await fleet?.close();
    fleet = undefined;
  });

  /** Connections blocked in a command now (CLIENT LIST flags=b), with the command. */
  async function blocked(): Promise<string[]> {
    const list = (await admin.client('LIST')) as string;
    return list
      .split('\n')
      .filter((line) => / flags=\S*b/.test(line))
      .map((line) => / cmd=(\S+)/.exec(line)?.[1] ?? '?');
  }

  /** Connections subscribed to the store's signals (CLIENT LIST: name claimq-signals, a pattern subscription). */
  async function signalListeners(): Promise<number> {
    const list = (await admin.client('LIST')) as string;
    return list.split('\n').filter((line) => / name=claimq-signals /.test(line) && / psub=[1-9]/.test(line)).length;
  }

  /** `n` worker processes, idle: the queue marked `iw`, and none of them blocked on the wake list. */
  async function idleFleet(n: number): Promise<{ f: WorkerFleet; workers: FleetWorker[] }> {
    const f = (fleet = new WorkerFleet(redis.url, ENV));
    const workers = await f.startWorkers(n);
    const settings = `${f.prefix}:{${f.queue}}:settings`;
    await waitFor('the queue marked: a claim left its worker idle', async () => (await admin.hget(settings, 'iw')) === '1', { timeoutMs: 30_000, describe: () => f.logs() });
    // every worker listens (its signals connection holds its pattern subscription) ...
    await waitFor('every worker listening for the signals', async () => (await signalListeners()) >= n, { timeoutMs: 30_000, describe: () => f.logs() });
    // ... and a loop that went idle before its process listened, waiting on the store, was nudged off it
    let last: string[] = [];
    await waitFor('no worker blocked on the wake list', async () => (last = await blocked()).length === 0, { timeoutMs: 30_000, describe: () => `blocked: ${last.join(', ')}\n${f.logs()}` });
    return { f, workers };
  }

  async function succeeded(f: WorkerFleet, ids: string[]): Promise<void> {
    await waitFor(
      `${ids.length} jobs to succeed`,
      async () => (await Promise.all(ids.map((id) => f.store.admin.get(id)))).every((job) => job?.status === 'succeeded'),
      { timeoutMs: OUTCOME_MS, intervalMs: 20, describe: () => f.logs() },
    );
  }

  it('runs a job enqueued on an idle fleet at once, with no worker blocked on the wake list meanwhile', async () => {
    const { f } = await idleFleet(2);
    const [id] = await f.enqueue([{ type: 'noop' }]);
    await succeeded(f, [id]);
    // idle again, and still nobody blocked
    await waitFor('the queue marked again', async () => (await admin.hget(`${f.prefix}:{${f.queue}}:settings`, 'iw')) === '1', { timeoutMs: OUTCOME_MS });
    expect(await blocked()).toEqual([]);
  }, 120_000);

  it('runs every job on the other worker while one is stopped (SIGSTOP): a stopped worker takes no wake-up from it', async () => {
    const { f, workers } = await idleFleet(2);
    const [frozen, other] = workers;
    process.kill(frozen.process.pid!, 'SIGSTOP');
    stopped.push(frozen);
    // one job at a time: each comes to a queue where the worker that may be first in line is stopped
    for (let i = 0; i < 3; i++) {
      const [id] = await f.enqueue([{ type: 'noop' }]);
      await succeeded(f, [id]);
      await expect(f.store.admin.get(id)).resolves.toMatchObject({ workerId: other.id });
    }
  }, 120_000);

  it('claims what was enqueued while its signals connection was down, once it is back (`missed`)', async () => {
    const { f } = await idleFleet(1);
    // the worker's subscriptions go (signals and cancels: every pub/sub connection here is its);
    // the enqueue right after PUBLISHes `work` to nobody, before ioredis has reconnected
    const killed = await admin.client('KILL', 'TYPE', 'pubsub');
    expect(killed).toBeGreaterThanOrEqual(1);
    const [id] = await f.enqueue([{ type: 'noop' }]);
    await succeeded(f, [id]);
  }, 120_000);
});
