import { claimOne, enqueueJob, LEASE_MS, leaseOf, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** silentMs for the cases whose workers never register: nothing in the registry can save them. */
const SILENT_MS = 5000;

export function describeWorkerRegistryCases(current: () => StoreHarness): void {
  describe('worker registry', () => {
    it('reports workers whose last registration is older than silentMs', async () => {
      const h = current();
      await h.store.registerWorker(QUEUE, 'w1');
      h.clock.advance(5000);
      await h.store.registerWorker(QUEUE, 'w2');
      await expect(h.store.silentWorkers(QUEUE, 3000, 10)).resolves.toEqual(['w1']);
      await h.store.registerWorker(QUEUE, 'w1');
      await expect(h.store.silentWorkers(QUEUE, 3000, 10)).resolves.toEqual([]);
    });

    it('returns at most limit silent workers', async () => {
      const h = current();
      for (const w of ['a', 'b', 'c']) await h.store.registerWorker(QUEUE, w);
      h.clock.advance(10_000);
      await expect(h.store.silentWorkers(QUEUE, 1000, 2)).resolves.toHaveLength(2);
    });

    it('forgets an unregistered worker', async () => {
      const h = current();
      await h.store.registerWorker(QUEUE, 'w1');
      await h.store.unregisterWorker(QUEUE, 'w1');
      h.clock.advance(10_000);
      await expect(h.store.silentWorkers(QUEUE, 1000, 10)).resolves.toEqual([]);
    });
  });

  describe('reapWorkers', () => {
    it('requeues every job of the given workers with the attempt spent, and no others', async () => {
      const h = current();
      for (let i = 0; i < 3; i++) await enqueueJob(h);
      const a1 = await claimOne(h.store, 'w1');
      const a2 = await claimOne(h.store, 'w1');
      const b = await claimOne(h.store, 'w2');
      const result = await h.store.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS);
      expect(result.failed).toEqual([]);
      expect(result.requeued.sort()).toEqual([a1.job.id, a2.job.id].sort());
      await expect(h.store.get(a1.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1 });
      await expect(h.store.get(b.job.id)).resolves.toMatchObject({ status: 'running', workerId: 'w2' });
      await expect(h.store.complete(QUEUE, [leaseOf(a1)])).resolves.toEqual(['stale']);
    });

    it('fails a job of a silent worker that has no attempts left', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const claimed = await claimOne(h.store, 'w1');
      await expect(h.store.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS)).resolves.toEqual({ requeued: [], failed: [claimed.job.id], cancelled: [] });
      await expect(h.store.get(claimed.job.id)).resolves.toMatchObject({ status: 'failed' });
    });

    it('records that the worker went silent as the last error of its reaped jobs', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      await enqueueJob(h, { maxAttempts: 3 });
      const { jobs } = await h.store.claim(QUEUE, 'w1', 2, LEASE_MS);
      await h.store.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS);
      for (const claimed of jobs) {
        await expect(h.store.get(claimed.job.id)).resolves.toMatchObject({ lastError: 'worker w1 went silent' });
      }
    });

    it('reaps at most limit jobs per call', async () => {
      const h = current();
      for (let i = 0; i < 4; i++) await enqueueJob(h);
      await h.store.claim(QUEUE, 'w1', 4, LEASE_MS);
      await expect(h.store.reapWorkers(QUEUE, ['w1'], 3, SILENT_MS)).resolves.toMatchObject({ requeued: expect.any(Array) });
      await expect(h.store.counts(QUEUE)).resolves.toMatchObject({ pending: 3, running: 1 });
      await h.store.reapWorkers(QUEUE, ['w1'], 3, SILENT_MS);
      await expect(h.store.counts(QUEUE)).resolves.toMatchObject({ pending: 4, running: 0 });
    });

    it('ends a dead worker holding more leases than the budget over several calls, and forgets it only after the last', async () => {
      const h = current();
      for (let i = 0; i < 5; i++) await enqueueJob(h);
      await h.store.registerWorker(QUEUE, 'w1');
      await h.store.claim(QUEUE, 'w1', 5, LEASE_MS);
      h.clock.advance(10_000);
      const ended: number[] = [];
      for (let call = 0; call < 3; call++) {
        const result = await h.store.reapWorkers(QUEUE, ['w1'], 2, 5000);
        ended.push(result.requeued.length);
        if (call < 2) await expect(h.store.silentWorkers(QUEUE, 5000, 10)).resolves.toEqual(['w1']);
      }
      expect(ended).toEqual([2, 2, 1]);
      await expect(h.store.silentWorkers(QUEUE, 5000, 10)).resolves.toEqual([]);
      await expect(h.store.counts(QUEUE)).resolves.toMatchObject({ pending: 5, running: 0 });
    });

    it('stops reporting a reaped worker as silent', async () => {
      const h = current();
      await enqueueJob(h);
      await h.store.registerWorker(QUEUE, 'w1');
      await claimOne(h.store, 'w1');
      h.clock.advance(10_000);
      const silent = await h.store.silentWorkers(QUEUE, 5000, 10);
      expect(silent).toEqual(['w1']);
      await h.store.reapWorkers(QUEUE, silent, 10, 5000);
      await expect(h.store.silentWorkers(QUEUE, 5000, 10)).resolves.toEqual([]);
    });

    it('reports a job whose cancel was asked and whose worker went silent as cancelled', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      const claimed = await claimOne(h.store, 'w1');
      await h.store.cancel(claimed.job.id);
      await expect(h.store.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS)).resolves.toEqual({ requeued: [], failed: [], cancelled: [claimed.job.id] });
      await expect(h.store.get(claimed.job.id)).resolves.toMatchObject({ status: 'cancelled' });
    });

    it('skips a worker that registered again after it was listed as silent', async () => {
      const h = current();
      await enqueueJob(h);
      await h.store.registerWorker(QUEUE, 'w1');
      const claimed = await claimOne(h.store, 'w1');
      h.clock.advance(10_000);
      const silent = await h.store.silentWorkers(QUEUE, 5000, 10);
      expect(silent).toEqual(['w1']);
      h.clock.advance(1);
      await h.store.registerWorker(QUEUE, 'w1');
      await expect(h.store.reapWorkers(QUEUE, silent, 10, 5000)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
      await expect(h.store.get(claimed.job.id)).resolves.toMatchObject({ status: 'running', workerId: 'w1' });
      await expect(h.store.heartbeat(QUEUE, [leaseOf(claimed)], LEASE_MS)).resolves.toEqual(['ok']);
      h.clock.advance(5001);
      await expect(h.store.silentWorkers(QUEUE, 5000, 10)).resolves.toEqual(['w1']);
    });

    it('does nothing for a worker that holds no lease', async () => {
      await expect(current().store.reapWorkers(QUEUE, ['nobody'], 10, SILENT_MS)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
    });
  });
}
