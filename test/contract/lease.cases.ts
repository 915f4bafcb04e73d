import { claimOne, enqueueJob, LEASE_MS, leaseOf, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

export function describeLeaseCases(current: () => StoreHarness): void {
  /** Claims a job as w1, lets its lease expire, reaps it and re-claims it as w2. */
  async function reclaimedAfterExpiry(h: StoreHarness) {
    await enqueueJob(h);
    const old = await claimOne(h.store, 'w1', 1000);
    h.clock.advance(1001);
    await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [old.job.id], failed: [], cancelled: [] });
    const fresh = await claimOne(h.store, 'w2', LEASE_MS);
    expect(fresh.job.id).toBe(old.job.id);
    return { old, fresh };
  }

  describe('fencing', () => {
    it('rejects a completion whose lease was re-claimed', async () => {
      const h = current();
      const { old, fresh } = await reclaimedAfterExpiry(h);
      await expect(h.store.jobs.complete(QUEUE, [{ ...leaseOf(old), resultJson: '"late"' }])).resolves.toEqual(['stale']);
      await expect(h.store.admin.get(old.job.id)).resolves.toMatchObject({ status: 'running', workerId: 'w2', attempts: 2 });
      await expect(h.store.jobs.complete(QUEUE, [{ ...leaseOf(fresh), resultJson: '"on time"' }])).resolves.toEqual(['succeeded']);
      await expect(h.store.admin.get(old.job.id)).resolves.toMatchObject({ status: 'succeeded', result: 'on time' });
    });

    it('rejects a failure, release or heartbeat whose lease was re-claimed', async () => {
      const h = current();
      const { old } = await reclaimedAfterExpiry(h);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(old), error: 'late', retryable: false }])).resolves.toEqual(['stale']);
      await expect(h.store.jobs.release(QUEUE, [leaseOf(old)])).resolves.toEqual(['stale']);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(old)], LEASE_MS)).resolves.toEqual(['stale']);
      await expect(h.store.admin.get(old.job.id)).resolves.toMatchObject({ status: 'running', workerId: 'w2', attempts: 2 });
    });

    it('rejects a token that was never handed out', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.complete(QUEUE, [{ id: claimed.job.id, token: claimed.token + 1 }])).resolves.toEqual(['stale']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'running' });
    });

    it('keeps a token from before a retry stale', async () => {
      const h = current();
      await enqueueJob(h);
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'x', retryable: false }]);
      await h.store.admin.retry(first.job.id);
      const second = await claimOne(h.store);
      expect(second.token).toBeGreaterThan(first.token);
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(first)])).resolves.toEqual(['stale']);
    });
  });

  describe('heldCounts', () => {
    it("counts each worker's leases in the queue now: claims add, settles take away, an unknown worker holds none", async () => {
      const h = current();
      for (let i = 0; i < 3; i++) await enqueueJob(h);
      const a1 = await claimOne(h.store, 'worker-a');
      await claimOne(h.store, 'worker-a');
      await claimOne(h.store, 'worker-b');
      await expect(h.store.jobs.heldCounts(QUEUE, ['worker-a', 'worker-b', 'worker-c'])).resolves.toEqual([2, 1, 0]);
      await h.store.jobs.complete(QUEUE, [leaseOf(a1)]);
      await expect(h.store.jobs.heldCounts(QUEUE, ['worker-b', 'worker-a'])).resolves.toEqual([1, 1]);
      await expect(h.store.jobs.heldCounts(QUEUE, [])).resolves.toEqual([]);
    });
  });

  describe('heartbeat', () => {
    it('extends a lease so that reaping does not take the job', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store, 'w1', 1000);
      h.clock.advance(800);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], 1000)).resolves.toEqual(['ok']);
      h.clock.advance(800);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'running' });
      h.clock.advance(201);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [claimed.job.id], failed: [], cancelled: [] });
    });

    it('renews many leases in one call with an outcome per lease', async () => {
      const h = current();
      await enqueueJob(h);
      await enqueueJob(h);
      const { jobs } = await h.store.jobs.claim(QUEUE, 'w1', 2, LEASE_MS);
      const outcomes = await h.store.jobs.heartbeat(QUEUE, [leaseOf(jobs[0]), { id: jobs[1].job.id, token: jobs[1].token + 5 }, leaseOf(jobs[1])], LEASE_MS);
      expect(outcomes).toEqual(['ok', 'stale', 'ok']);
    });

    it('answers cancel for a job whose cancel was asked for, and keeps it running', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await h.store.admin.cancel(claimed.job.id);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], LEASE_MS)).resolves.toEqual(['cancel']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'running', cancelRequested: true });
    });
  });

  describe('reapExpired', () => {
    it('requeues a job whose lease expired, with the attempt spent', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      const claimed = await claimOne(h.store, 'w1', 1000);
      h.clock.advance(1001);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [claimed.job.id], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1 });
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { attempts: 2 } });
    });

    it('fails a job with "lease expired" when its last attempt expires', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const claimed = await claimOne(h.store, 'w1', 1000);
      h.clock.advance(1001);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [], failed: [claimed.job.id], cancelled: [] });
      const job = await h.store.admin.get(claimed.job.id);
      expect(job).toMatchObject({ status: 'failed', attempts: 1, finishedAt: h.clock.now() });
      expect(job!.lastError).toMatch(/lease expired/);
    });

    it('stops a job that keeps killing its worker after maxAttempts', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      for (let i = 0; i < 3; i++) {
        await claimOne(h.store, 'w1', 1000);
        h.clock.advance(1001);
        await h.store.upkeep.reapExpired(QUEUE, 10);
      }
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 0, failed: 1 });
    });

    it('reaps a lease only after its expiry time, not at it', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store, 'w1', 1000);
      h.clock.advance(1000);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'running' });
      h.clock.advance(1);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [claimed.job.id], failed: [], cancelled: [] });
    });

    it('reports a job whose cancel was asked and whose lease then expired as cancelled', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      const claimed = await claimOne(h.store, 'w1', 1000);
      await h.store.admin.cancel(claimed.job.id);
      h.clock.advance(1001);
      await expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toEqual({ requeued: [], failed: [], cancelled: [claimed.job.id] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'cancelled' });
    });

    it('leaves leases that have not expired and reaps at most limit jobs', async () => {
      const h = current();
      for (let i = 0; i < 5; i++) await enqueueJob(h);
      await h.store.jobs.claim(QUEUE, 'w1', 3, 1000);
      await h.store.jobs.claim(QUEUE, 'w1', 2, 5000);
      h.clock.advance(1001);
      const first = await h.store.upkeep.reapExpired(QUEUE, 2);
      expect(first.requeued).toHaveLength(2);
      const second = await h.store.upkeep.reapExpired(QUEUE, 10);
      expect(second.requeued).toHaveLength(1);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3, running: 2 });
    });
  });
}
