import { ScheduleDefinition, tickIdempotencyKey } from '../../src/domain/schedule';
import { ClaimqMetrics } from '../../src/modules/metrics';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { ScheduleFirer, ScheduleFirerOptions } from '../../src/modules/schedules/schedule-firer';
import { StoreHarness } from '../contract/store-harness';
import { makeMemoryStoreHarness } from '../support/memory-store-harness';
import { makeRedisStoreHarness } from '../support/redis-store-harness';
import { allJobs as allQueueJobs, scheduleDefinition } from '../support/schedules';

const QUEUE = 'sched';
const LEASE_MS = 10_000;
const GRACE_MS = 1_000;

const definition = (overrides: Partial<ScheduleDefinition> = {}) => scheduleDefinition(QUEUE, { job: { ...scheduleDefinition(QUEUE).job, type: 'tick' }, ...overrides });
const allJobs = (store: JobEngine) => allQueueJobs(store, QUEUE);

describe.each([
  ['memory', makeMemoryStoreHarness],
  ['redis', makeRedisStoreHarness],
])('ScheduleFirer on the %s store', (_name, makeHarness) => {
  let h: StoreHarness;
  let metrics: ClaimqMetrics;
  const firer = (store: JobEngine = h.store, options: Partial<ScheduleFirerOptions> = {}) =>
    new ScheduleFirer(store.schedules, store.jobs, store.admin, h.clock, { batch: 100, leaseMs: LEASE_MS, misfireGraceMs: GRACE_MS, ...options }, metrics);

  beforeEach(async () => {
    h = await makeHarness();
    metrics = new ClaimqMetrics();
  });
  afterEach(async () => {
    await h.cleanup();
  });

  /** Creates a schedule whose first tick is `firstAt` (the schedule's anchor is its creation). */
  async function schedule(name: string, overrides: Partial<ScheduleDefinition> = {}, firstAt = h.clock.now() + 1_000) {
    await h.store.schedules.put(name, definition(overrides), firstAt, false);
  }

  it('fires one job per tick, keyed by the tick, and sleeps until the next', async () => {
    const start = h.clock.now();
    await schedule('s', { everyMs: 1_000, startAt: start + 1_000 });
    await expect(firer().pass()).resolves.toMatchObject({ claimed: 0, fired: 0, nextDueAt: start + 1_000 });
    for (let i = 1; i <= 3; i++) {
      h.clock.set(start + i * 1_000 + 5);
      await expect(firer().pass()).resolves.toMatchObject({ claimed: 1, fired: 1, full: false });
    }
    const jobs = await allJobs(h.store);
    expect(jobs.map((j) => j.idempotencyKey).sort()).toEqual([1, 2, 3].map((i) => tickIdempotencyKey('s', start + i * 1_000)));
    expect(jobs.every((j) => j.type === 'tick' && j.payload !== null && j.status === 'pending')).toBe(true);
    for (const job of jobs) expect(job.idempotencyKey).toBe(tickIdempotencyKey('s', job.schedule!.fireAt));
    const read = await h.store.schedules.get('s');
    expect(read).toMatchObject({ fired: 3, nextAt: start + 4_000 });
    expect(read?.runs?.map((r) => r.fireAt)).toEqual([3, 2, 1].map((i) => start + i * 1_000));
    expect(await metrics.registry.getSingleMetricAsString('claimq_schedule_fires_total')).toContain(`claimq_schedule_fires_total{queue="${QUEUE}",type="tick"} 3`);
    expect(await metrics.registry.getSingleMetricAsString('claimq_schedule_lag_seconds')).toContain(`claimq_schedule_lag_seconds_count{queue="${QUEUE}",type="tick"} 3`);
  });

  it('a fire cut short after its enqueue is done again by the next claimer after the lease, and makes no second job', async () => {
    const start = h.clock.now();
    await schedule('s', {}, start + 1_000);
    h.clock.set(start + 1_000);
    // the first scheduler dies between its enqueue and recording the fire
    const dying = Object.create(h.store, {
      schedules: { value: Object.create(h.store.schedules, { settle: { value: () => Promise.reject(new Error('killed')) } }) },
    }) as JobEngine;
    await expect(firer(dying).pass()).rejects.toThrow('killed');
    const made = await allJobs(h.store);
    expect(made).toHaveLength(1);

    // another scheduler, before the lease ends: nothing to claim
    h.clock.set(start + 1_000 + LEASE_MS - 1);
    await expect(firer().pass()).resolves.toMatchObject({ claimed: 0 });
    h.clock.set(start + 1_000 + LEASE_MS);
    const pass = await firer().pass();
    // the ticks due by now: the one cut short (its job found again) and 10 more
    expect(pass).toMatchObject({ claimed: 1, fired: 10 });
    const jobs = await allJobs(h.store);
    expect(jobs).toHaveLength(11);
    expect(new Set(jobs.map((j) => j.idempotencyKey)).size).toBe(11);
    const read = await h.store.schedules.get('s');
    expect(read?.runs?.at(-1)).toEqual({ fireAt: start + 1_000, jobId: made[0].id });
    expect(read).toMatchObject({ fired: 11, nextAt: start + 12_000 });
  });

  it('a replace racing a fire (its nextAt the tick in flight) does not make the tick fire or count twice', async () => {
    const start = h.clock.now();
    await schedule('s', {}, start + 1_000);
    h.clock.set(start + 1_000);
    // while the fire enqueues, a PUT with the same ticks comes in (the API keeps the schedule's place)
    const racing = Object.create(h.store, {
      jobs: {
        value: Object.create(h.store.jobs, {
          enqueue: {
            value: async (jobs: Parameters<JobEngine['jobs']['enqueue']>[0]) => {
              const result = await h.store.jobs.enqueue(jobs);
              await h.store.schedules.put('s', definition({ job: { ...definition().job, priority: 5 } }), start + 1_000, false);
              return result;
            },
          },
        }),
      },
    }) as JobEngine;
    await expect(firer(racing).pass()).resolves.toMatchObject({ fired: 1 });
    // another scheduler now: the tick of 1 s was dealt with; the next is 2 s
    await expect(firer().pass()).resolves.toMatchObject({ claimed: 1, fired: 0 });
    h.clock.set(start + 2_000);
    await expect(firer().pass()).resolves.toMatchObject({ fired: 1 });
    const read = await h.store.schedules.get('s');
    expect(read).toMatchObject({ fired: 2, skipped: 0, missed: 0, nextAt: start + 3_000 });
    expect(read?.runs?.map((r) => r.fireAt)).toEqual([start + 2_000, start + 1_000]);
    expect((await allJobs(h.store)).map((j) => j.priority).sort()).toEqual([0, 5]);
  });

  it('a schedule that cannot be planned stays claimed, is reported, and fires once a claimer can plan it', async () => {
    const start = h.clock.now();
    await schedule('broken', {}, start + 1_000);
    await schedule('fine', {}, start + 1_000);
    h.clock.set(start + 1_000);
    const failures: string[] = [];
    const brokenOnce = Object.create(h.store, {
      schedules: {
        value: Object.create(h.store.schedules, {
          claimDue: {
            value: async (...args: Parameters<JobEngine['schedules']['claimDue']>) => {
              const result = await h.store.schedules.claimDue(...args);
              for (const c of result.claimed) if (c.schedule.name === 'broken') c.schedule.definition.timezone = 'Mars/Olympus';
              return result;
            },
          },
        }),
      },
    }) as JobEngine;
    // everyMs ignores the zone: make it a cron schedule for the bad zone to matter
    await h.store.schedules.put('broken', definition({ everyMs: undefined, cron: '* * * * * *' }), start + 1_000, false);
    const pass = await new ScheduleFirer(brokenOnce.schedules, brokenOnce.jobs, brokenOnce.admin, h.clock, { batch: 10, leaseMs: LEASE_MS, misfireGraceMs: GRACE_MS, onPlanError: (name) => failures.push(name) }).pass();
    expect(pass).toMatchObject({ claimed: 2, fired: 1 });
    expect(failures).toEqual(['broken']);
    await expect(h.store.schedules.get('broken')).resolves.toMatchObject({ fired: 0, nextAt: start + 1_000 });
    h.clock.set(start + 1_000 + LEASE_MS);
    await firer().pass();
    await expect(h.store.schedules.get('broken')).resolves.toMatchObject({ nextAt: start + LEASE_MS + 2_000 });
    expect((await h.store.schedules.get('broken'))?.fired).toBeGreaterThan(0);
  });

  it('claims a schedule ahead of its tick and enqueues its job at the tick, not before', async () => {
    // this case runs on the wall clock (the store's too): the pass waits for the tick
    h.clock.now = () => Date.now();
    const tick = Date.now() + 300;
    await h.store.schedules.put('ahead', definition({ anchor: tick }), tick, false);
    const realFirer = new ScheduleFirer(h.store.schedules, h.store.jobs, h.store.admin, h.clock, { batch: 10, leaseMs: LEASE_MS, misfireGraceMs: GRACE_MS, aheadMs: 500 });
    await expect(realFirer.pass()).resolves.toMatchObject({ claimed: 1, fired: 1, nextDueAt: tick + 1_000 });
    const [job] = await allJobs(h.store);
    expect(job.schedule).toEqual({ name: 'ahead', fireAt: tick });
    expect(job.createdAt).toBeGreaterThanOrEqual(tick);
  });

  it('catchUp after 10 s with no scheduler: all makes a job per tick, latest one, none only a tick within the grace', async () => {
    const start = h.clock.now();
    await schedule('all', { catchUp: 'all' }, start + 1_000);
    await schedule('latest', { catchUp: 'latest' }, start + 1_000);
    await schedule('none', { catchUp: 'none' }, start + 1_000);
    await schedule('none-sparse', { catchUp: 'none', everyMs: 4_000 }, start + 4_000);
    h.clock.set(start + 10_500);
    await firer().pass();
    const jobs = await allJobs(h.store);
    const ticksOf = (name: string) => jobs.filter((j) => j.schedule!.name === name).map((j) => j.schedule!.fireAt - start).sort((a, b) => a - b);
    expect(ticksOf('all')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => s * 1_000));
    expect(ticksOf('latest')).toEqual([10_000]);
    // its latest tick (10 s) is 0.5 s old: on time
    expect(ticksOf('none')).toEqual([10_000]);
    // ticks at 4 s and 8 s: the latest is 2.5 s old, past the grace
    expect(ticksOf('none-sparse')).toEqual([]);
    await expect(h.store.schedules.get('latest')).resolves.toMatchObject({ fired: 1, missed: 9, nextAt: start + 11_000 });
    await expect(h.store.schedules.get('none-sparse')).resolves.toMatchObject({ fired: 0, missed: 2, nextAt: start + 12_000 });
    expect(await metrics.registry.getSingleMetricAsString('claimq_schedule_missed_ticks_total')).toContain(`claimq_schedule_missed_ticks_total{queue="${QUEUE}",type="tick"} 20`);
  });

  it('overlap skip: no tick fires while the previous job is live, and of several due only the latest', async () => {
    const start = h.clock.now();
    await schedule('s', { overlap: 'skip' }, start + 1_000);
    h.clock.set(start + 1_000);
    await firer().pass();
    h.clock.set(start + 3_000);
    // the first job is still pending: ticks at 2 s and 3 s are skipped
    await expect(firer().pass()).resolves.toMatchObject({ fired: 0 });
    await expect(h.store.schedules.get('s')).resolves.toMatchObject({ fired: 1, skipped: 2 });

    const { jobs } = await h.store.jobs.claim(QUEUE, 'w', 1, 30_000);
    await h.store.jobs.complete(QUEUE, [{ id: jobs[0].job.id, token: jobs[0].token }]);
    h.clock.set(start + 6_000);
    // ticks at 4, 5 and 6 s are due: only 6 s fires, the others would overlap it
    await expect(firer().pass()).resolves.toMatchObject({ fired: 1 });
    await expect(h.store.schedules.get('s')).resolves.toMatchObject({ fired: 2, skipped: 4 });
    expect((await allJobs(h.store)).map((j) => j.idempotencyKey).sort()).toEqual([tickIdempotencyKey('s', start + 1_000), tickIdempotencyKey('s', start + 6_000)]);
    expect(await metrics.registry.getSingleMetricAsString('claimq_schedule_skips_total')).toContain(`claimq_schedule_skips_total{queue="${QUEUE}",type="tick"} 4`);
  });

  it('SCHEDULER_BATCH at its maximum: 1,000 due schedules claimed and fired in one pass', async () => {
    const start = h.clock.now();
    for (let i = 0; i < 1_000; i++) await schedule(`s${i}`, {}, start + 1_000);
    h.clock.set(start + 1_000);
    await expect(firer(h.store, { batch: 1_000 }).pass()).resolves.toMatchObject({ claimed: 1_000, fired: 1_000, full: true });
    expect(await allJobs(h.store)).toHaveLength(1_000);
    await expect(firer(h.store, { batch: 1_000 }).pass()).resolves.toMatchObject({ claimed: 0, nextDueAt: start + 2_000 });
  });

  it('maxCatchUp at its maximum: 1,000 of 1,500 missed ticks fired in one pass (the latest), 500 counted missed', async () => {
    const start = h.clock.now();
    await schedule('s', { maxCatchUp: 1_000 }, start + 1_000);
    h.clock.set(start + 1_500_000);
    await expect(firer().pass()).resolves.toMatchObject({ fired: 1_000 });
    await expect(h.store.schedules.get('s')).resolves.toMatchObject({ fired: 1_000, missed: 500, nextAt: start + 1_501_000 });
    const keys = (await allJobs(h.store)).map((j) => j.schedule!.fireAt);
    expect(Math.min(...keys)).toBe(start + 501_000);
    expect(Math.max(...keys)).toBe(start + 1_500_000);
  });

  it('a schedule past its endAt fires its last ticks and ends; a paused one fires nothing', async () => {
    const start = h.clock.now();
    await schedule('ending', { endAt: start + 2_000 }, start + 1_000);
    await h.store.schedules.put('paused', definition(), start + 1_000, true);
    h.clock.set(start + 5_000);
    await firer().pass();
    await expect(h.store.schedules.get('ending')).resolves.toMatchObject({ fired: 2, nextAt: null });
    await expect(h.store.schedules.get('paused')).resolves.toMatchObject({ fired: 0 });
    await expect(firer().pass()).resolves.toMatchObject({ claimed: 0, nextDueAt: null });
  });
});
