import { InvalidTransitionError, JobNotFoundError } from '../../src/domain/errors';
import { newJobId } from '../../src/domain/job-id';
import { claimOne, enqueueJob, enqueueJobs, expectClaimOrder, LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { createExecution, expectExactCounters } from './execution-fixtures';
import { StoreHarness } from './store-harness';

const HOUR_MS = 3_600_000;

export function describePromoteCases(current: () => StoreHarness): void {
  describe('promote (a scheduled job runs now)', () => {
    it('makes a delayed job pending now, with runAt now, claimed behind the jobs already waiting', async () => {
      const h = current();
      const [first] = await enqueueJobs(h, {});
      const delayed = await enqueueJob(h, { delayMs: HOUR_MS });
      const [last] = await enqueueJobs(h, {});
      const promoted = await h.store.admin.promote(delayed.id);
      expect(promoted).toMatchObject({ id: delayed.id, status: 'pending', runAt: h.clock.now(), attempts: 0 });
      await expect(h.store.admin.get(delayed.id)).resolves.toMatchObject({ status: 'pending', runAt: h.clock.now() });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3, scheduled: 0 });
      const claimed = (await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).jobs.map((c) => c.job.id);
      expectClaimOrder(h, claimed, [first.id, last.id, delayed.id]);
    });

    it('keeps its priority: a promoted job of priority 5 is claimed before pending jobs of priority 0', async () => {
      const h = current();
      const [a, b] = await enqueueJobs(h, {}, {});
      const urgent = await enqueueJob(h, { delayMs: HOUR_MS, priority: 5 });
      await h.store.admin.promote(urgent.id);
      const claimed = (await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).jobs.map((c) => c.job.id);
      expectClaimOrder(h, claimed, [urgent.id, a.id, b.id]);
    });

    it('keeps its group: a promoted job of a paused group waits until the group is resumed', async () => {
      const h = current();
      const job = await enqueueJob(h, { delayMs: HOUR_MS, group: 'G' });
      await h.store.groups.updateGroup(QUEUE, 'G', { paused: true });
      await h.store.admin.promote(job.id);
      await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ pending: 1, paused: true });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await h.store.groups.updateGroup(QUEUE, 'G', { paused: false });
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: job.id, group: 'G' } });
    });

    it('ends the wait of a retry backoff: the attempt spent stays spent', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: HOUR_MS } });
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'boom', retryable: true }]);
      await expect(h.store.admin.promote(first.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom' });
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: first.job.id, attempts: 2 } });
    });

    it('moves the counters of the job\'s execution', async () => {
      const h = current();
      const ex = await createExecution(h, [{ delayMs: HOUR_MS }, {}]);
      const [delayed] = (await h.store.executions.listJobs(ex.id, 10)).items;
      await h.store.admin.promote(delayed.id);
      await expect(expectExactCounters(h.store, ex.id)).resolves.toMatchObject({ counts: { pending: 2, scheduled: 0 } });
    });

    it('refuses a job that is not scheduled, changing nothing, and an unknown id', async () => {
      const h = current();
      const pending = await enqueueJob(h);
      await expect(h.store.admin.promote(pending.id)).rejects.toBeInstanceOf(InvalidTransitionError);
      const running = await claimOne(h.store);
      await expect(h.store.admin.promote(running.job.id)).rejects.toMatchObject({ code: 'invalid_transition', from: 'running' });
      await h.store.jobs.complete(QUEUE, [leaseOf(running)]);
      await expect(h.store.admin.promote(running.job.id)).rejects.toMatchObject({ from: 'succeeded' });
      const cancelled = await h.store.admin.cancel((await enqueueJob(h, { delayMs: HOUR_MS })).id);
      await expect(h.store.admin.promote(cancelled.id)).rejects.toMatchObject({ from: 'cancelled' });
      await expect(h.store.admin.promote(newJobId(QUEUE))).rejects.toBeInstanceOf(JobNotFoundError);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, scheduled: 0, succeeded: 1, cancelled: 1 });
    });

    it('records one promoted event, as promoteDue does', async () => {
      const h = current();
      const job = await enqueueJob(h, { delayMs: HOUR_MS });
      await h.takeEvents(QUEUE);
      await h.store.admin.promote(job.id);
      expect((await h.takeEvents(QUEUE)).map((e) => [e.k, e.id, e.st, e.att])).toEqual([['promoted', job.id, 'pending', 0]]);
    });
  });

  describe('findByIdempotencyKey', () => {
    it('finds the job a key names, also one of a named group, and nothing once it is trimmed', async () => {
      const h = current();
      const [keyed, grouped] = await enqueueJobs(h, { idempotencyKey: 'order-1' });
      const inGroup = await enqueueJob(h, { idempotencyKey: 'order-2', group: 'G' });
      expect(grouped).toBeUndefined();
      await expect(h.store.admin.findByIdempotencyKey(QUEUE, 'order-1')).resolves.toMatchObject({ id: keyed.id, queue: QUEUE });
      await expect(h.store.admin.findByIdempotencyKey(QUEUE, 'order-2')).resolves.toMatchObject({ id: inGroup.id, queue: QUEUE, group: 'G' });
      await expect(h.store.admin.findByIdempotencyKey(QUEUE, 'order-3')).resolves.toBeNull();
      await expect(h.store.admin.findByIdempotencyKey('other', 'order-1')).resolves.toBeNull();
      await h.store.admin.cancel(keyed.id);
      h.clock.advance(60_000);
      await h.store.upkeep.trimFinished(QUEUE, { succeededMs: 1, failedMs: 1, cancelledMs: 1 }, 10);
      await expect(h.store.admin.findByIdempotencyKey(QUEUE, 'order-1')).resolves.toBeNull();
    });
  });
}
