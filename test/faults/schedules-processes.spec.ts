import { existsSync } from 'node:fs';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { Job } from '../../src/domain/job';
import { tickIdempotencyKey } from '../../src/domain/schedule';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';
import { allJobs, putSchedule } from '../support/schedules';
import { waitFor } from '../support/wait-for';

/**
 * Recurring schedules across real processes: instances of `node dist/main.js` on a redis-server
 * this file owns, their clocks set apart with libfaketime (Debian's libfaketime: CLOCK_REALTIME
 * shifted, monotonic timers left alone), SIGKILLed and restarted while an every-second schedule
 * runs; and a fleet that is down as a whole while ticks pass.
 */
const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const QUEUE = 'ticks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('schedules with real processes', () => {
  let redis: RedisServer;
  let store: JobEngine;
  const procs: ClaimqProcess[] = [];
  let prefix = '';
  let round = 0;

  beforeAll(async () => {
    if (!existsSync(FAKETIME_LIB)) throw new Error(`${FAKETIME_LIB} is missing: apt-get install -y libfaketime (.ci/run installs it)`);
    ensureBuilt();
    redis = await RedisServer.start();
  }, 180_000);

  beforeEach(() => {
    prefix = `claimq-sched-${round++}`;
    store = new RedisEngine({ redis: createRedisClient(redis.url), prefix });
  });

  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.kill()));
    await store.close();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  /** An API instance (its scheduler runs in every mode); `skewMs` shifts its wall clock. */
  async function start(skewMs = 0, env: Record<string, string> = {}): Promise<ClaimqProcess> {
    const clock: Record<string, string> =
      skewMs === 0
        ? {}
        : { LD_PRELOAD: FAKETIME_LIB, FAKETIME: `${skewMs > 0 ? '+' : '-'}${Math.abs(skewMs) / 1000}s`, FAKETIME_DONT_FAKE_MONOTONIC: '1', FAKETIME_NO_CACHE: '1' };
    const proc = await ClaimqProcess.start({
      MODE: 'api',
      JOB_STORE: 'redis',
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      QUEUES: QUEUE,
      SCHEDULER_LEASE_MS: '2000',
      SCHEDULER_POLL_MS: '200',
      ...clock,
      ...env,
    });
    procs.push(proc);
    await proc.waitForOutput(/listening on/);
    return proc;
  }

  async function jobsOf(name: string): Promise<Job[]> {
    return (await allJobs(store, QUEUE)).filter((j) => j.schedule?.name === name);
  }

  const tickOf = (job: Job): number => job.schedule!.fireAt;

  it(
    '3 instances, clocks 2 s apart, SIGKILLed and restarted for 60 s: exactly one job per tick of an every-second schedule',
    async () => {
      const skews = [2_000, -2_000, 0];
      const live: (ClaimqProcess | undefined)[] = await Promise.all(skews.map((skew) => start(skew)));
      const firstTick = Math.ceil(Date.now() / 1000) * 1000 + 2_000;
      await putSchedule(live[2]!, 'every-second', { queue: QUEUE, everyMs: 1000, startAt: firstTick, catchUp: 'all', job: { type: 'noop' } });

      // kills land a few ms after a tick of the victim's own clock (its scheduler is firing then)
      const endAt = firstTick + 60_000;
      let kills = 0;
      let victim = 0;
      while (Date.now() < endAt - 8_000) {
        await sleep(1_500 + Math.random() * 1_500);
        const skew = skews[victim];
        const ownNow = Date.now() + skew;
        await sleep(1000 - (ownNow % 1000) + 1 + Math.random() * 4);
        await live[victim]!.stop('SIGKILL');
        kills++;
        const down = victim;
        victim = (victim + 1) % 3;
        await sleep(500 + Math.random() * 1_500);
        live[down] = await start(skews[down]);
      }
      // past the end by more than a fire takes, so the window's last tick is fired by some clock
      await sleep(Math.max(0, endAt + 1_500 - Date.now()));
      await Promise.all(live.map((p) => p?.stop('SIGTERM')));
      expect(kills).toBeGreaterThanOrEqual(5);

      // one job per tick from the first to the end of the window (the fastest clock fired up to 2 s ahead)
      const jobs = await jobsOf('every-second');
      const ticks = jobs.map(tickOf).sort((a, b) => a - b);
      const expected = Array.from({ length: (endAt - firstTick) / 1000 + 1 }, (_, i) => firstTick + i * 1000);
      expect(ticks.filter((t) => t <= endAt)).toEqual(expected);
      expect(new Set(ticks).size).toBe(ticks.length);
      for (const job of jobs) expect(job.idempotencyKey).toBe(tickIdempotencyKey('every-second', tickOf(job)));
      // the schedule's own record counts each tick once, though fires were cut short and repeated
      const schedule = await store.schedules.get('every-second');
      expect(schedule).toMatchObject({ fired: jobs.length, skipped: 0, missed: 0 });
    },
    180_000,
  );

  it(
    'every instance down for 19 s, then started: catchUp all fires every missed tick, latest only the latest, none none',
    async () => {
      const GRACE_MS = 1_000;
      const env = { SCHEDULE_MISFIRE_GRACE_MS: String(GRACE_MS) };
      const fleet = [await start(0, env), await start(0, env)];
      // ticks every 10 s at T0, T0+10 s, ...; and one every second for catchUp all
      const T0 = Math.ceil((Date.now() + 3_000) / 10_000) * 10_000;
      for (const catchUp of ['none', 'latest', 'all']) {
        await putSchedule(fleet[0], `ten-${catchUp}`, { queue: QUEUE, everyMs: 10_000, startAt: T0, catchUp, job: { type: 'noop' } });
      }
      await putSchedule(fleet[0], 'one-all', { queue: QUEUE, everyMs: 1_000, startAt: T0, catchUp: 'all', job: { type: 'noop' } });

      // T0 and T0+10 s fire; then the whole fleet dies at T0+12.5 s
      await sleep(T0 + 12_500 - Date.now());
      await Promise.all(fleet.map((p) => p.stop('SIGKILL')));
      const downAt = Date.now();
      // ticks at T0+20 s and T0+30 s pass with no instance; one starts at T0+31.5 s: by its first
      // pass (after its start-up) the tick of T0+30 s is more than the grace old
      await sleep(T0 + 31_500 - Date.now());
      const upAt = Date.now();
      expect(upAt - downAt).toBeGreaterThanOrEqual(10_000);
      const restarted = await start(0, env);
      await waitFor('the restarted instance to fire the tick of T0+40 s', async () => (await jobsOf('ten-none')).some((j) => tickOf(j) === T0 + 40_000), { timeoutMs: 30_000, describe: () => restarted.log });
      await restarted.stop('SIGTERM');

      const ticksOf = async (name: string) => (await jobsOf(name)).map((j) => (tickOf(j) - T0) / 1000).sort((a, b) => a - b);
      expect(await ticksOf('ten-all')).toEqual([0, 10, 20, 30, 40]);
      expect(await ticksOf('ten-latest')).toEqual([0, 10, 30, 40]);
      expect(await ticksOf('ten-none')).toEqual([0, 10, 40]);
      await expect(store.schedules.get('ten-latest')).resolves.toMatchObject({ fired: 4, missed: 1 });
      await expect(store.schedules.get('ten-none')).resolves.toMatchObject({ fired: 3, missed: 2 });
      const everySecond = await ticksOf('one-all');
      const last = everySecond[everySecond.length - 1];
      expect(last).toBeGreaterThanOrEqual(40);
      expect(everySecond).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
      // the ticks of the outage were caught up by the restarted instance, each once
      const caughtUp = (await jobsOf('one-all')).filter((j) => tickOf(j) > downAt && tickOf(j) < upAt);
      expect(caughtUp.length).toBeGreaterThanOrEqual(17);
    },
    180_000,
  );
});
