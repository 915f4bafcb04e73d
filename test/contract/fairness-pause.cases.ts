import { claimOne, elapsedMs, LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { enqueueGroup, groupOf } from './fairness-fixtures';
import { StoreHarness } from './store-harness';

/** Ends a wake-up a wait would otherwise take from earlier work (a wake nobody waited for is kept for the next wait). */
async function drainWakeUps(h: StoreHarness): Promise<void> {
  await h.store.jobs.waitForWork(QUEUE, 10);
}

export function describePauseCases(current: () => StoreHarness): void {
  describe('fairness: pausing queues and groups', () => {
    it('claims nothing from a paused queue, still promotes its due jobs, and claims them all once resumed', async () => {
      const h = current();
      await enqueueGroup(h, 'A', 2);
      await enqueueGroup(h, undefined, 1);
      await enqueueGroup(h, 'B', 1, { delayMs: 100 });
      await expect(h.store.groups.setPaused(QUEUE, true)).resolves.toEqual({ queue: QUEUE, paused: true, groupConcurrency: null, rateLimit: null });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).resolves.toMatchObject({ jobs: [], nextDueAt: h.clock.now() + 100 });
      h.clock.advance(100);
      const paused = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
      expect(paused.jobs).toEqual([]);
      expect(paused.nextDueAt).toBeUndefined();
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 4, scheduled: 0, running: 0 });
      await expect(h.store.groups.settings(QUEUE)).resolves.toMatchObject({ paused: true });
      await expect(h.store.groups.setPaused(QUEUE, false)).resolves.toMatchObject({ paused: false });
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
      expect(jobs.map((c) => groupOf(c.job)).sort()).toEqual(['', 'A', 'A', 'B']);
    });

    it("lets a paused queue's running jobs heartbeat and complete", async () => {
      const h = current();
      await enqueueGroup(h, 'A', 2);
      const claimed = await claimOne(h.store);
      await h.store.groups.setPaused(QUEUE, true);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], LEASE_MS)).resolves.toEqual(['ok']);
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['succeeded']);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, running: 0, succeeded: 1 });
    });

    it("holds a paused group's jobs, new ones too, while the other groups are claimed, and claims them once it is resumed", async () => {
      const h = current();
      await enqueueGroup(h, 'A', 2);
      await enqueueGroup(h, 'B', 2);
      await expect(h.store.groups.updateGroup(QUEUE, 'A', { paused: true })).resolves.toMatchObject({ name: 'A', paused: true, pending: 2, limitedBy: 'paused' });
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
      expect(jobs.map((c) => groupOf(c.job))).toEqual(['B', 'B']);
      await enqueueGroup(h, 'A', 1);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3, running: 2 });
      await expect(h.store.groups.getGroup(QUEUE, 'A')).resolves.toMatchObject({ pending: 3, running: 0, paused: true, limitedBy: 'paused' });
      await expect(h.store.groups.updateGroup(QUEUE, 'A', { paused: false })).resolves.toMatchObject({ paused: false, limitedBy: null });
      const resumed = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
      expect(resumed.jobs.map((c) => groupOf(c.job))).toEqual(['A', 'A', 'A']);
    });

    it("lets a paused group's running jobs complete, and holds the rest", async () => {
      const h = current();
      await enqueueGroup(h, 'A', 2);
      const claimed = await claimOne(h.store);
      await h.store.groups.updateGroup(QUEUE, 'A', { paused: true });
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['succeeded']);
      await expect(h.store.groups.getGroup(QUEUE, 'A')).resolves.toMatchObject({ pending: 1, running: 0, paused: true });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
    });

    // On the wall clock, as the waitForWork cases: a woken wait ends within milliseconds, not its timeout.
    it('wakes a waiting worker when the queue is resumed', async () => {
      const h = current();
      await enqueueGroup(h, 'A', 1);
      await h.store.groups.setPaused(QUEUE, true);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await drainWakeUps(h);
      const wait = h.store.jobs.waitForWork(QUEUE, 10_000);
      await new Promise((r) => setTimeout(r, 20));
      await h.store.groups.setPaused(QUEUE, false);
      await expect(elapsedMs(wait)).resolves.toBeLessThan(2000);
    });

    it('wakes a waiting worker when a paused group is resumed', async () => {
      const h = current();
      await h.store.groups.updateGroup(QUEUE, 'A', { paused: true });
      await enqueueGroup(h, 'A', 1);
      await drainWakeUps(h);
      const wait = h.store.jobs.waitForWork(QUEUE, 10_000);
      await new Promise((r) => setTimeout(r, 20));
      await h.store.groups.updateGroup(QUEUE, 'A', { paused: false });
      await expect(elapsedMs(wait)).resolves.toBeLessThan(2000);
    });

    it('wakes a waiting worker when a running job of a group held at its cap ends', async () => {
      const h = current();
      await h.store.groups.updateGroup(QUEUE, 'A', { concurrency: 1 });
      await enqueueGroup(h, 'A', 2);
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await drainWakeUps(h);
      const wait = h.store.jobs.waitForWork(QUEUE, 10_000);
      await new Promise((r) => setTimeout(r, 20));
      await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
      await expect(elapsedMs(wait)).resolves.toBeLessThan(2000);
    });
  });
}
