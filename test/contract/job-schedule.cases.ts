import { JobSchedule } from '../../src/domain/job';
import { claimOne, enqueueJob, enqueueJobs, LEASE_MS, leaseOf, newJob, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** A tick of a recurring schedule (schedules fire jobs for ticks that may lie behind the clock). */
const TICK: JobSchedule = { name: 'nightly.report', fireAt: Date.UTC(2026, 0, 1, 2, 0, 0) };

/** The schedule a job was fired by: kept by every store, whatever happens to the job. */
export function describeJobScheduleCases(current: () => StoreHarness): void {
  describe('schedule', () => {
    it('is returned by enqueue, get, list and claim, and absent from jobs without one', async () => {
      const h = current();
      const [fired, plain] = await enqueueJobs(h, { schedule: TICK }, {});
      expect(fired.schedule).toEqual(TICK);
      expect(plain).not.toHaveProperty('schedule');
      await expect(h.store.admin.get(fired.id)).resolves.toMatchObject({ schedule: TICK });
      expect(await h.store.admin.get(plain.id)).not.toHaveProperty('schedule');
      const { items } = await h.store.admin.list({ queue: QUEUE, limit: 10 });
      expect(items.find((j) => j.id === fired.id)?.schedule).toEqual(TICK);
      expect(items.find((j) => j.id === plain.id)).not.toHaveProperty('schedule');
      const { jobs } = await h.store.jobs.claim(QUEUE, 'w', 2, LEASE_MS);
      expect(jobs.find((c) => c.job.id === fired.id)?.job.schedule).toEqual(TICK);
      expect(jobs.find((c) => c.job.id === plain.id)?.job).not.toHaveProperty('schedule');
      // history learns it from the enqueued event
      const enqueued = (await h.takeEvents(QUEUE)).filter((e) => e.k === 'enqueued');
      expect(enqueued.find((e) => e.id === fired.id)).toMatchObject({ sn: TICK.name, sf: TICK.fireAt });
      expect(enqueued.find((e) => e.id === plain.id)).not.toHaveProperty('sn');
      expect(enqueued.find((e) => e.id === plain.id)).not.toHaveProperty('sf');
    });

    it('is a copy the caller cannot use to change the store', async () => {
      const h = current();
      const spec = { name: TICK.name, fireAt: TICK.fireAt };
      const job = newJob(h, { schedule: spec });
      const [{ job: stored }] = await h.store.jobs.enqueue([job]);
      job.schedule!.fireAt = 1;
      stored.schedule!.name = 'changed';
      const copy = await h.store.admin.get(stored.id);
      copy!.schedule!.fireAt = 2;
      await expect(h.store.admin.get(stored.id)).resolves.toMatchObject({ schedule: TICK });
    });

    it('stays through a delay, a backoff retry, a failure, an API retry and success', async () => {
      const h = current();
      const job = await enqueueJob(h, { schedule: TICK, delayMs: 1_000, maxAttempts: 2, backoff: { strategy: 'fixed', delayMs: 500 } });
      expect(job).toMatchObject({ status: 'scheduled', schedule: TICK });
      h.clock.advance(1_000);
      const first = await claimOne(h.store);
      expect(first.job.schedule).toEqual(TICK);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'once', retryable: true }]);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'scheduled', schedule: TICK });
      h.clock.advance(500);
      const second = await claimOne(h.store);
      expect(second.job.schedule).toEqual(TICK);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(second), error: 'twice', retryable: true }]);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'failed', schedule: TICK });
      await expect(h.store.admin.retry(job.id)).resolves.toMatchObject({ status: 'pending', schedule: TICK });
      const third = await claimOne(h.store);
      expect(third.job.schedule).toEqual(TICK);
      await h.store.jobs.complete(QUEUE, [leaseOf(third)]);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'succeeded', schedule: TICK });
    });

    it('stays through a cancel and an API retry', async () => {
      const h = current();
      const job = await enqueueJob(h, { schedule: TICK });
      await expect(h.store.admin.cancel(job.id)).resolves.toMatchObject({ status: 'cancelled', schedule: TICK });
      await expect(h.store.admin.retry(job.id)).resolves.toMatchObject({ status: 'pending', schedule: TICK });
    });

    it("keeps each job's own in a bulk of keyed jobs (several partitions of a partitioned queue), and the first's for a repeated key", async () => {
      const h = current();
      const ticks = Array.from({ length: 12 }, (_, i) => ({ name: `every-${i % 3}`, fireAt: TICK.fireAt + i * 60_000 }));
      const results = await h.store.jobs.enqueue(ticks.map((schedule, i) => newJob(h, { schedule, idempotencyKey: `tick-${i}` })));
      expect(results.map((r) => [r.created, r.job.schedule])).toEqual(ticks.map((t) => [true, t]));
      for (const [i, r] of results.entries()) await expect(h.store.admin.get(r.job.id)).resolves.toMatchObject({ schedule: ticks[i] });
      const enqueued = (await h.takeEvents(QUEUE)).filter((e) => e.k === 'enqueued');
      expect(new Map(enqueued.map((e) => [e.id, { name: e.sn, fireAt: e.sf }]))).toEqual(new Map(results.map((r, i) => [r.job.id, ticks[i]])));
      const { jobs } = await h.store.jobs.claim(QUEUE, 'w', 12, LEASE_MS);
      const byId = new Map(results.map((r, i) => [r.job.id, ticks[i]]));
      expect(jobs).toHaveLength(12);
      for (const c of jobs) expect(c.job.schedule).toEqual(byId.get(c.job.id));
      const [again] = await h.store.jobs.enqueue([newJob(h, { schedule: { name: 'other', fireAt: 0 }, idempotencyKey: 'tick-0' })]);
      expect(again).toMatchObject({ created: false, job: { id: results[0].job.id, schedule: ticks[0] } });
    });
  });
}
