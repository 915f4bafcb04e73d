import { claimOne, enqueueJob, enqueueJobs, LEASE_MS, QUEUE, WORKER } from './contract-fixtures';
import { Corruption, StoreHarness } from './store-harness';

const DAMAGED: Corruption[] = ['missing-fields', 'bad-numbers'];
const ALL: Corruption[] = [...DAMAGED, 'deleted'];

export function describeMalformedDataCases(current: () => StoreHarness): void {
  describe('malformed job records', () => {
    it.each(DAMAGED)('fails a %s record met by claim and claims the next jobs instead', async (how) => {
      const h = current();
      const [first, bad, last] = await enqueueJobs(h, {}, {}, {});
      await h.corruptJob(bad.id, how);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      expect(jobs.map((j) => j.job.id)).toEqual([first.id, last.id]);
      const job = await h.store.admin.get(bad.id);
      expect(job?.status).toBe('failed');
      expect(job?.lastError).toMatch(/^malformed job record/);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 2, failed: 1 });
    });

    it.each(DAMAGED)("drops the stack of an earlier error when it fails a %s record with its own error", async (how) => {
      const h = current();
      const job = await enqueueJob(h, { maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 0 } });
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ id: first.job.id, token: first.token, error: 'boom', retryable: true, stack: 'Error: boom\n    at handler (/srv/app.js:10:3)' }]);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'pending', lastErrorStack: expect.stringMatching(/^Error: boom/) });
      await h.corruptJob(job.id, how);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      const failed = await h.store.admin.get(job.id);
      expect(failed).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^malformed job record/) });
      expect(failed!.lastErrorStack).toBeUndefined();
    });

    it('drops a deleted record from the pending index and claims the next jobs instead', async () => {
      const h = current();
      const [first, gone, last] = await enqueueJobs(h, {}, {}, {});
      await h.corruptJob(gone.id, 'deleted');
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      expect(jobs.map((j) => j.job.id)).toEqual([first.id, last.id]);
      await expect(h.store.admin.get(gone.id)).resolves.toBeNull();
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual({ pending: 0, scheduled: 0, running: 2, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 });
    });

    // A store may fail a damaged record when the reaper meets it or requeue it for claim to fail:
    // either way it leaves running, is never handed out again, and ends failed with a reason.
    it.each(ALL)('reaps a running job whose record is %s without stopping', async (how) => {
      const h = current();
      const victim = await enqueueJob(h);
      await claimOne(h.store, WORKER, 1000);
      await h.corruptJob(victim.id, how);
      h.clock.advance(1001);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toBeDefined();
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 0 });
      const next = await enqueueJob(h);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(jobs.map((j) => j.job.id)).toEqual([next.id]);
      const job = await h.store.admin.get(victim.id);
      if (how === 'deleted') expect(job).toBeNull();
      else {
        expect(job?.status).toBe('failed');
        expect(job?.lastError).toEqual(expect.stringMatching(/\S/));
      }
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 1 });
    });

    it.each(ALL)('keeps promoting, listing and counting around a %s scheduled record', async (how) => {
      const h = current();
      const [bad, good] = await enqueueJobs(h, { delayMs: 100 }, { delayMs: 100 });
      await h.corruptJob(bad.id, how);
      h.clock.advance(100);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(jobs.map((j) => j.job.id)).toEqual([good.id]);
      await expect(h.store.admin.list({ queue: QUEUE, limit: 10 })).resolves.toBeDefined();
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ scheduled: 0, pending: 0, running: 1 });
    });
  });
}
