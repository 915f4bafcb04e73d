import { DEFAULT_HARD_TIMEOUT_GRACE_MS, HARD_TIME_LIMIT_ERROR } from '../../src/domain/hard-time-limit';
import { claimOne, enqueueJob, leaseOf, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** Both harnesses build their store with the default grace. */
const GRACE = DEFAULT_HARD_TIMEOUT_GRACE_MS;
const TIMEOUT = 1_000;
const HARD_LIMIT = TIMEOUT + GRACE;

export function describeHardTimeLimitCases(current: () => StoreHarness): void {
  describe('hard time limit (timeoutMs + grace)', () => {
    it('grants no lease past startedAt + timeoutMs + grace, however long the lease asked for', async () => {
      const h = current();
      await enqueueJob(h, { timeoutMs: TIMEOUT });
      const start = h.clock.now();
      const claimed = await claimOne(h.store, 'w1', 10 * HARD_LIMIT);
      expect(claimed.leaseExpiresAt).toBe(start + HARD_LIMIT);
      h.clock.advance(HARD_LIMIT + 1);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [claimed.job.id], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1, lastError: HARD_TIME_LIMIT_ERROR });
    });

    it('renews a heartbeating job only up to its hard limit, then answers stale and the reaper ends it', async () => {
      const h = current();
      await enqueueJob(h, { timeoutMs: TIMEOUT });
      const leaseMs = 30_000;
      const claimed = await claimOne(h.store, 'w1', leaseMs);
      for (let t = 20_000; t < HARD_LIMIT; t += 20_000) {
        h.clock.set(claimed.job.startedAt! + t);
        await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], leaseMs)).resolves.toEqual(['ok']);
        await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
      }
      h.clock.set(claimed.job.startedAt! + HARD_LIMIT);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], leaseMs)).resolves.toEqual(['stale']);
      h.clock.advance(1);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [claimed.job.id], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', lastError: HARD_TIME_LIMIT_ERROR });
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['stale']);
    });

    it('fails a job whose last attempt ran past its hard limit, with the hard-limit reason', async () => {
      const h = current();
      await enqueueJob(h, { timeoutMs: TIMEOUT, maxAttempts: 1 });
      const claimed = await claimOne(h.store, 'w1', 30_000);
      h.clock.advance(30_000);
      await h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], 30_000);
      h.clock.advance(HARD_LIMIT);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [], failed: [claimed.job.id], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'failed', attempts: 1, lastError: HARD_TIME_LIMIT_ERROR });
    });

    it('keeps "lease expired" for a lease that ran out before the hard limit', async () => {
      const h = current();
      await enqueueJob(h, { timeoutMs: TIMEOUT });
      const claimed = await claimOne(h.store, 'w1', 500);
      h.clock.advance(501);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [claimed.job.id], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', lastError: 'lease expired' });
    });

    it('counts the hard limit from each claim, not from the first', async () => {
      const h = current();
      await enqueueJob(h, { timeoutMs: TIMEOUT });
      const first = await claimOne(h.store, 'w1', 500);
      h.clock.advance(HARD_LIMIT * 2);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      const second = await claimOne(h.store, 'w2', 30_000);
      expect(second.leaseExpiresAt).toBe(h.clock.now() + 30_000);
      h.clock.advance(20_000);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(second)], 30_000)).resolves.toEqual(['ok']);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(first)], 30_000)).resolves.toEqual(['stale']);
    });
  });
}
