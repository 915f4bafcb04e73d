import { enqueueJobs, LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/**
 * A claim whose reply never reached the worker (a connection reset mid-call): the store moved the
 * jobs to running for a worker that does not know them. strayLeases names them, so the worker can
 * release them at once (no attempt spent) instead of leaving them to expire at LEASE_MS.
 */
export function describeLostClaimCases(current: () => StoreHarness): void {
  describe('leases a worker does not know of (lost claim replies)', () => {
    it('names the leases of a lost claim with their tokens; released, they run again with the attempt given back', async () => {
      const h = current();
      const [a, b] = await enqueueJobs(h, {}, {});
      const lost = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS); // the reply the worker never saw
      const tokens = new Map(lost.jobs.map((c) => [c.job.id, c.token]));

      const stray = await h.store.jobs.strayLeases(QUEUE, WORKER, []);
      expect(stray.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
        [a.id, b.id].sort().map((id) => ({ id, token: tokens.get(id) })),
      );
      await expect(h.store.jobs.release(QUEUE, stray)).resolves.toEqual(['pending', 'pending']);
      await expect(h.store.admin.get(a.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });

      const again = await h.store.jobs.claim(QUEUE, 'worker-2', 2, LEASE_MS);
      expect(again.jobs.map((c) => c.job.attempts)).toEqual([1, 1]);
      await expect(h.store.jobs.strayLeases(QUEUE, WORKER, [])).resolves.toEqual([]);
    });

    it('leaves out the jobs the worker holds, jobs it finished, and the leases of other workers', async () => {
      const h = current();
      // one call: FIFO holds within it (a partitioned queue keeps a call's jobs in one partition)
      const [held, done] = await enqueueJobs(h, {}, {}, {});
      const mine = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      await h.store.jobs.claim(QUEUE, 'worker-2', 1, LEASE_MS);
      const finished = mine.jobs.find((c) => c.job.id === done.id)!;
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(finished), resultJson: 'null' }]);

      await expect(h.store.jobs.strayLeases(QUEUE, WORKER, [held.id])).resolves.toEqual([]);
      await expect(h.store.jobs.strayLeases(QUEUE, 'worker-3', [])).resolves.toEqual([]);
    });
  });
}
