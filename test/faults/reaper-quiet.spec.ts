import { Redis } from 'ioredis';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { ReaperService } from '../../src/modules/recovery/reaper.service';
import { ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';
import { RunRecorder } from '../support/run-recorder';
import { waitFor } from '../support/wait-for';
import { FleetWorker, WorkerFleet } from '../support/worker-fleet';

/**
 * A reaper interval of 1 s leaves an idle queue alone for QUIET_PASSES x 1 s = 20 s. A dead
 * worker's lease is returned within WORKER_DEAD_MS plus a pass once the reapers are back, so the
 * job's second run (RUN_HOLD_MS) ends within AFTER_KILL_MS of the kill only if the claim called
 * the quiet reapers back (claim.lua's `reap`); quiet reapers that missed it come back about 17 s
 * after the kill, past the deadline.
 */
const REAPER_INTERVAL_MS = 1_000;
const QUIET_MS = ReaperService.QUIET_PASSES * REAPER_INTERVAL_MS;
const ENV = { LEASE_MS: '3000', HEARTBEAT_MS: '250', WORKER_DEAD_MS: '1500', REAPER_INTERVAL_MS: String(REAPER_INTERVAL_MS), WORKER_CONCURRENCY: '5' };
/** How long the recorder holds each call of the job: the first run is still going when its worker is killed. */
const RUN_HOLD_MS = 2_000;
/** From the kill to the job's success: well under QUIET_MS. */
const AFTER_KILL_MS = 12_000;
/** Idle time after the queue was first marked quiet, for both workers' reapers to have gone quiet. */
const IDLE_MS = 2_500;

/**
 * Real worker processes against a redis-server of this file's own: their reapers go quiet on an
 * idle queue (reap-quiet.lua marks its settings `rq`), a job's claim clears the mark and calls them
 * back, and when the claiming worker is SIGKILLed the other one's reaper returns its lease in time.
 */
describe('quiet reapers in a worker fleet', () => {
  let redis: RedisServer;
  let admin: Redis;
  let recorder: RunRecorder | undefined;
  let fleet: WorkerFleet | undefined;

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
    await fleet?.close();
    fleet = undefined;
    await recorder?.close();
    recorder = undefined;
  });

  it('calls the quiet reapers back with the first claim, so a killed worker\'s job is finished by the other in time', async () => {
    expect(AFTER_KILL_MS + IDLE_MS + 2 * REAPER_INTERVAL_MS).toBeLessThan(QUIET_MS);
    recorder = await RunRecorder.start(RUN_HOLD_MS);
    const f = (fleet = new WorkerFleet(redis.url, ENV));
    const settings = `${f.prefix}:{${f.queue}}:settings`;
    const workers = await f.startWorkers(2);

    // idle: the reapers mark the queue quiet and leave it alone
    await waitFor('the reapers to mark the idle queue quiet', async () => (await admin.hget(settings, 'rq')) === '1', {
      timeoutMs: 30_000,
      intervalMs: 20,
      describe: () => f.logs(),
    });
    await new Promise((r) => setTimeout(r, IDLE_MS));
    await expect(admin.hget(settings, 'rq')).resolves.toBe('1');

    const [id] = await f.enqueue([{ type: 'http', payload: { url: recorder.url } }]);
    const r = recorder;
    await waitFor('the job to call the recorder', () => r.runs.some((run) => run.jobId === id), { timeoutMs: 30_000, intervalMs: 5, describe: () => f.logs() });
    const running = await f.store.admin.get(id);
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    const victim = workers.find((w) => w.id === running?.workerId) as FleetWorker;
    const survivor = workers.find((w) => w !== victim) as FleetWorker;
    expect(victim).toBeDefined();
    // the claim cleared the mark (the lease it holds keeps the queue from going quiet again)
    await expect(admin.hget(settings, 'rq')).resolves.toBeNull();

    await f.kill(victim);
    const killedAt = Date.now();
    const done = await waitFor(
      "the other worker to finish the killed worker's job",
      async () => {
        const job = await f.store.admin.get(id);
        return job?.status === 'succeeded' ? job : undefined;
      },
      { timeoutMs: AFTER_KILL_MS, intervalMs: 50, describe: () => f.logs() },
    );
    expect(Date.now() - killedAt).toBeLessThan(AFTER_KILL_MS);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, workerId: survivor.id });
    const runs = r.runs.filter((run) => run.jobId === id);
    expect(runs.map((run) => [run.attempt, run.answered])).toEqual([
      [1, false],
      [2, true],
    ]);
    // idle again: the survivor's reaper marks the queue quiet again
    await waitFor('the queue to be marked quiet again', async () => (await admin.hget(settings, 'rq')) === '1', { timeoutMs: 10_000, describe: () => f.logs() });
  }, 120_000);
});
