import { claimOne, enqueueJob, enqueueJobs, expectClaimOrder, LEASE_MS, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

export function describeClaimCases(current: () => StoreHarness): void {
  describe('claim', () => {
    it('claims higher priority first, then first in first out', async () => {
      const h = current();
      const [a, b, c] = await enqueueJobs(h, { priority: 0 }, { priority: 5 }, { priority: 0 });
      const [d] = await enqueueJobs(h, { priority: 5 });
      const [e] = await enqueueJobs(h, { priority: -1 });
      const [f] = await enqueueJobs(h, { priority: 0 });
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
      expectClaimOrder(
        h,
        jobs.map((j) => j.job.id),
        [b, d, a, c, f, e].map((j) => j.id),
      );
    });

    it('keeps FIFO order across a thousand jobs of one priority', async () => {
      const h = current();
      const jobs = await enqueueJobs(h, ...Array.from({ length: 1000 }, () => ({})));
      const claimed: string[] = [];
      for (let i = 0; i < 10; i++) claimed.push(...(await h.store.jobs.claim(QUEUE, WORKER, 100, LEASE_MS)).jobs.map((j) => j.job.id));
      expect(claimed).toEqual(jobs.map((j) => j.id));
    });

    it('claims at most max jobs', async () => {
      const h = current();
      await enqueueJobs(h, {}, {}, {}, {}, {});
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      expect(jobs).toHaveLength(2);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3, running: 2 });
    });

    it('makes a claimed job running with a lease, a token, its worker, start time and an attempt spent', async () => {
      const h = current();
      const job = await enqueueJob(h);
      h.clock.advance(10);
      const now = h.clock.now();
      const claimed = await claimOne(h.store, 'worker-a', 5000);
      expect(claimed.leaseExpiresAt).toBe(now + 5000);
      expect(typeof claimed.token).toBe('number');
      expect(claimed.job).toMatchObject({ id: job.id, status: 'running', attempts: 1, workerId: 'worker-a', startedAt: now });
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'running', attempts: 1, workerId: 'worker-a', startedAt: now });
    });

    it('bumps the fencing token on every claim', async () => {
      const h = current();
      await enqueueJob(h);
      const first = await claimOne(h.store);
      await expect(h.store.jobs.release(QUEUE, [{ id: first.job.id, token: first.token }])).resolves.toEqual(['pending']);
      const second = await claimOne(h.store);
      expect(second.job.id).toBe(first.job.id);
      expect(second.token).toBeGreaterThan(first.token);
    });

    it('promotes due scheduled jobs before it claims', async () => {
      const h = current();
      const waiting = await enqueueJob(h, { priority: 0 });
      const urgent = await enqueueJob(h, { priority: 10, delayMs: 1000 });
      h.clock.advance(1000);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      expectClaimOrder(
        h,
        jobs.map((j) => j.job.id),
        [urgent.id, waiting.id],
      );
      expect(jobs.map((j) => j.job.status)).toEqual(['running', 'running']);
    });

    it('leaves scheduled jobs that are not due', async () => {
      const h = current();
      await enqueueJob(h, { delayMs: 1000 });
      h.clock.advance(999);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ scheduled: 1 });
    });

    it('reports when the earliest scheduled job is due when nothing is claimable', async () => {
      const h = current();
      const now = h.clock.now();
      await enqueueJobs(h, { delayMs: 5000 }, { delayMs: 2000 }, { delayMs: 9000 });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toEqual({ jobs: [], nextDueAt: now + 2000 });
    });

    it('reports no due time when no job is scheduled', async () => {
      const h = current();
      await enqueueJob(h);
      await claimOne(h.store);
      const result = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(result.jobs).toEqual([]);
      expect(result.nextDueAt).toBeUndefined();
    });

    it('claims nothing from a queue that never held a job', async () => {
      await expect(current().store.jobs.claim('nothing-here', WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
    });
  });
}
