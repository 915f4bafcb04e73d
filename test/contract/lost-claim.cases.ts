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

      const stray = await h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: [] }]);
      expect(stray.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
        [a.id, b.id].sort().map((id) => ({ id, token: tokens.get(id), workerId: WORKER })),
      );
      await expect(h.store.jobs.release(QUEUE, stray)).resolves.toEqual(['pending', 'pending']);
      await expect(h.store.admin.get(a.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });

      const again = await h.store.jobs.claim(QUEUE, 'worker-2', 2, LEASE_MS);
      expect(again.jobs.map((c) => c.job.attempts)).toEqual([1, 1]);
      await expect(h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: [] }])).resolves.toEqual([]);
    });

    it('with claimedBefore, names only the leases claimed before it (a claim reply still on its way is not lost)', async () => {
      const h = current();
      const [early, late] = await enqueueJobs(h, {}, {});
      const first = await h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS);
      expect(first.jobs.map((c) => c.job.id)).toEqual([early.id]);
      const cutoff = h.clock.now() + 1;
      h.clock.advance(10);
      const second = await h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS);
      expect(second.jobs.map((c) => c.job.id)).toEqual([late.id]);

      await expect(h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: [] }], cutoff)).resolves.toEqual([{ id: early.id, token: first.jobs[0].token, workerId: WORKER }]);
      await expect(h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: [] }], cutoff - 1)).resolves.toEqual([]);
      const all = await h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: [] }]);
      expect(all.map((l) => l.id).sort()).toEqual([early.id, late.id].sort());
    });

    it('answers for many workers in one call, each lease with its worker', async () => {
      const h = current();
      const [a, b, c] = await enqueueJobs(h, {}, {}, {});
      const one = await h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS);
      const two = await h.store.jobs.claim(QUEUE, 'worker-2', 2, LEASE_MS);
      const [kept] = two.jobs;
      const stray = await h.store.jobs.strayLeases(QUEUE, [
        { workerId: WORKER, heldIds: [] },
        { workerId: 'worker-2', heldIds: [kept.job.id] },
        { workerId: 'worker-3', heldIds: [a.id] },
      ]);
      const expected = [
        { id: one.jobs[0].job.id, token: one.jobs[0].token, workerId: WORKER },
        { id: two.jobs[1].job.id, token: two.jobs[1].token, workerId: 'worker-2' },
      ];
      expect(stray.sort((x, y) => x.id.localeCompare(y.id))).toEqual(expected.sort((x, y) => x.id.localeCompare(y.id)));
      expect([a.id, b.id, c.id]).toEqual(expect.arrayContaining(stray.map((l) => l.id)));
      await expect(h.store.jobs.strayLeases(QUEUE, [])).resolves.toEqual([]);
    });

    it('leaves out the jobs the worker holds, jobs it finished, and the leases of other workers', async () => {
      const h = current();
      // one call: FIFO holds within it (a partitioned queue keeps a call's jobs in one partition)
      const [held, done] = await enqueueJobs(h, {}, {}, {});
      const mine = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      await h.store.jobs.claim(QUEUE, 'worker-2', 1, LEASE_MS);
      const finished = mine.jobs.find((c) => c.job.id === done.id)!;
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(finished), resultJson: 'null' }]);

      await expect(h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: [held.id] }])).resolves.toEqual([]);
      await expect(h.store.jobs.strayLeases(QUEUE, [{ workerId: 'worker-3', heldIds: [] }])).resolves.toEqual([]);
    });
  });
}
