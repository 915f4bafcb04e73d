import { elapsedMs, enqueueJob, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** The only cases on the wall clock: a wait must end within milliseconds, not its timeout. */
export function describeWaitForWorkCases(current: () => StoreHarness): void {
  describe('waitForWork', () => {
    it('wakes a waiting worker when a job is enqueued', async () => {
      const h = current();
      const waiter = await h.peer();
      const wait = waiter.jobs.waitForWork(QUEUE, 10_000);
      await new Promise((r) => setTimeout(r, 20));
      await enqueueJob(h);
      await expect(elapsedMs(wait)).resolves.toBeLessThan(2000);
    });

    it('does not miss work enqueued between an empty claim and the wait', async () => {
      const h = current();
      await expect(h.store.jobs.claim(QUEUE, 'w1', 10, 60_000)).resolves.toMatchObject({ jobs: [] });
      await enqueueJob(h);
      await expect(elapsedMs(h.store.jobs.waitForWork(QUEUE, 10_000))).resolves.toBeLessThan(2000);
    });

    it('returns after its timeout when no work arrives', async () => {
      const h = current();
      const took = await elapsedMs(h.store.jobs.waitForWork(QUEUE, 100));
      expect(took).toBeGreaterThanOrEqual(50);
      expect(took).toBeLessThan(3000);
    });

    it('ends early when its signal aborts', async () => {
      const h = current();
      const controller = new AbortController();
      const wait = h.store.jobs.waitForWork(QUEUE, 10_000, controller.signal);
      setTimeout(() => controller.abort(), 20);
      await expect(elapsedMs(wait)).resolves.toBeLessThan(2000);
    });

    it('wakes a waiting worker when a failed job is retried', async () => {
      const h = current();
      const job = await enqueueJob(h);
      await h.store.admin.cancel(job.id);
      const wait = h.store.jobs.waitForWork(QUEUE, 10_000);
      await new Promise((r) => setTimeout(r, 20));
      await h.store.admin.retry(job.id);
      await expect(elapsedMs(wait)).resolves.toBeLessThan(2000);
    });
  });
}
