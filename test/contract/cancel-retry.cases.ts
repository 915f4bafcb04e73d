import { InvalidTransitionError, JobNotFoundError } from '../../src/domain/errors';
import { Job } from '../../src/domain/job';
import { newJobId } from '../../src/domain/job-id';
import { claimOne, enqueueJob, enqueueJobs, LEASE_MS, leaseOf, listAllIds, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';
import { eventually } from '../support/eventually';
import { CancelRequested } from '../../src/modules/queue';

type FinalState = 'succeeded' | 'failed' | 'cancelled';

/** A job driven to a final state through the public API. */
async function finishedJob(h: StoreHarness, state: FinalState): Promise<Job> {
  const job = await enqueueJob(h);
  if (state === 'cancelled') return h.store.admin.cancel(job.id);
  const claimed = await claimOne(h.store);
  if (state === 'succeeded') await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
  else await h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'broken', retryable: false }]);
  return (await h.store.admin.get(job.id))!;
}

export function describeCancelRetryCases(current: () => StoreHarness): void {
  describe('cancel', () => {
    it('reaches a live job behind more than a thousand cancelled ones in at most two claims', async () => {
      const h = current();
      const cancelled = await enqueueJobs(h, ...Array.from({ length: 1_005 }, () => ({})));
      for (const job of cancelled) await h.store.admin.cancel(job.id);
      const live = await enqueueJob(h);
      let calls = 0;
      let claimed: string[] = [];
      while (claimed.length === 0 && calls < 10) {
        calls++;
        claimed = (await h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).jobs.map((j) => j.job.id);
      }
      expect({ claimed, calls: Math.min(calls, 2) }).toEqual({ claimed: [live.id], calls: calls });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 1, cancelled: 1_005 });
    });

    it('keeps counts, listings and claim order exact when jobs waiting in line are cancelled, retried and trimmed', async () => {
      const h = current();
      const [a, b, c, d] = await enqueueJobs(h, {}, {}, {}, {});
      await h.store.admin.cancel(b.id);
      await h.store.admin.cancel(c.id);
      await h.store.admin.retry(b.id); // b runs again: behind d, the jobs already waiting
      await h.store.admin.cancel(b.id);
      await h.store.admin.retry(b.id);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3, cancelled: 1 });
      await expect(listAllIds(h.store, { status: 'pending', limit: 10 })).resolves.toHaveLength(3);
      expect(new Set(await listAllIds(h.store, { status: 'pending', limit: 1 }))).toEqual(new Set([a.id, b.id, d.id]));
      await expect(listAllIds(h.store, { status: 'pending', limit: 1 })).resolves.toHaveLength(3);
      h.clock.advance(60_000);
      await h.store.upkeep.trimFinished(QUEUE, { succeededMs: 1, failedMs: 1, cancelledMs: 1 }, 10);
      await expect(h.store.admin.get(c.id)).resolves.toBeNull();
      const claimed = (await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).jobs.map((j) => j.job.id);
      expect(claimed).toEqual([a.id, d.id, b.id]);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual({ pending: 0, scheduled: 0, running: 3, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 });
    });

    it('tells the listeners of cancel requests the running job a cancel is asked of (its worker and lease), once, and of no job it cancels outright', async () => {
      const h = current();
      const heard: CancelRequested[] = [];
      const stop = await h.store.outbox.onCancelRequested((cancel) => heard.push(cancel));
      try {
        const [running, waiting] = await enqueueJobs(h, {}, {});
        const claimed = await claimOne(h.store);
        expect(claimed.job.id).toBe(running.id);
        await h.store.admin.cancel(waiting.id);
        await h.store.admin.cancel(running.id);
        // asked again: nothing new to tell
        await h.store.admin.cancel(running.id);
        await eventually(() => expect(heard).toEqual([{ jobId: running.id, workerId: WORKER, token: claimed.token }]));
        // a marker after it: had a second notice been sent, it would come before this one
        const marker = await enqueueJob(h);
        const markerClaim = await claimOne(h.store);
        await h.store.admin.cancel(marker.id);
        await eventually(() => expect(heard.map((c) => [c.jobId, c.token])).toEqual([[running.id, claimed.token], [marker.id, markerClaim.token]]));
      } finally {
        await stop();
      }
    });

    it('cancels a pending job, which is then never claimed', async () => {
      const h = current();
      const job = await enqueueJob(h);
      await expect(h.store.admin.cancel(job.id)).resolves.toMatchObject({ id: job.id, status: 'cancelled', finishedAt: h.clock.now() });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, cancelled: 1 });
    });

    it('cancels a scheduled job, which is then never promoted', async () => {
      const h = current();
      const job = await enqueueJob(h, { delayMs: 1000 });
      await expect(h.store.admin.cancel(job.id)).resolves.toMatchObject({ status: 'cancelled' });
      h.clock.advance(1000);
      await expect(h.store.upkeep.promoteDue(QUEUE, 10)).resolves.toBe(0);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ scheduled: 0, cancelled: 1 });
    });

    it('asks a running job to cancel and leaves it running', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await expect(h.store.admin.cancel(claimed.job.id)).resolves.toMatchObject({ status: 'running', cancelRequested: true });
      await expect(h.store.admin.cancel(claimed.job.id)).resolves.toMatchObject({ status: 'running', cancelRequested: true });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 1, cancelled: 0 });
    });

    it('lets a completion win over a cancel request', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await h.store.admin.cancel(claimed.job.id);
      await expect(h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed), resultJson: '"done"' }])).resolves.toEqual(['succeeded']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'succeeded', result: 'done' });
    });

    it('cancels a job asked to cancel when it fails, even with attempts left', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 5 });
      const claimed = await claimOne(h.store);
      await h.store.admin.cancel(claimed.job.id);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'aborted', retryable: true }])).resolves.toEqual(['cancelled']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'cancelled', finishedAt: h.clock.now() });
    });

    it('cancels a job asked to cancel when it is released', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await h.store.admin.cancel(claimed.job.id);
      await expect(h.store.jobs.release(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['cancelled']);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
    });

    it('keeps the attempt spent when a release turns into a cancel', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      const claimed = await claimOne(h.store);
      await h.store.admin.cancel(claimed.job.id);
      await expect(h.store.jobs.release(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['cancelled']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'cancelled', attempts: 1, finishedAt: h.clock.now() });
    });

    it('cancels a job asked to cancel when its lease expires instead of running it again', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 5 });
      const claimed = await claimOne(h.store, WORKER, 1000);
      await h.store.admin.cancel(claimed.job.id);
      h.clock.advance(1001);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'cancelled' });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 0, cancelled: 1 });
    });

    it.each<FinalState>(['succeeded', 'failed', 'cancelled'])('refuses to cancel a %s job', async (state) => {
      const h = current();
      const job = await finishedJob(h, state);
      expect(job.status).toBe(state);
      await expect(h.store.admin.cancel(job.id)).rejects.toBeInstanceOf(InvalidTransitionError);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: state });
    });

    it('reports an unknown job as not found', async () => {
      const h = current();
      await expect(h.store.admin.cancel(newJobId(QUEUE, h.clock.now()))).rejects.toBeInstanceOf(JobNotFoundError);
    });
  });

  describe('retry', () => {
    it.each<FinalState>(['failed', 'cancelled'])('puts a %s job back to pending with its attempts reset', async (state) => {
      const h = current();
      const job = await finishedJob(h, state);
      h.clock.advance(5000);
      await expect(h.store.admin.retry(job.id)).resolves.toMatchObject({ id: job.id, status: 'pending', attempts: 0, runAt: h.clock.now() });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, [state]: 0 });
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: job.id, attempts: 1 } });
    });

    it('gives a retried job its full attempts again', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'x', retryable: true }]);
      await h.store.admin.retry(first.job.id);
      const second = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(second), error: 'y', retryable: true }])).resolves.toEqual(['failed']);
    });

    it('refuses to retry a pending, scheduled, running or succeeded job', async () => {
      const h = current();
      const pending = await enqueueJob(h, { priority: -1 });
      const scheduled = await enqueueJob(h, { delayMs: 1000 });
      const running = (await enqueueJob(h, { priority: 5 })) && (await claimOne(h.store)).job;
      const succeeded = await finishedJob(h, 'succeeded');
      for (const job of [pending, scheduled, running, succeeded]) {
        await expect(h.store.admin.retry(job.id)).rejects.toBeInstanceOf(InvalidTransitionError);
      }
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, scheduled: 1, running: 1, succeeded: 1 });
    });

    it('reports an unknown job as not found', async () => {
      const h = current();
      await expect(h.store.admin.retry(newJobId(QUEUE, h.clock.now()))).rejects.toBeInstanceOf(JobNotFoundError);
    });
  });
}
