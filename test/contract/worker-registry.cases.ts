import { DEAD_WORKER_JOB_IDS, DEAD_WORKERS_KEPT, DeadWorkerRecord, WorkerInfo } from '../../src/domain/worker-info';
import { claimOne, enqueueJob, LEASE_MS, leaseOf, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

function workerInfo(id: string, changes: Partial<WorkerInfo> = {}): WorkerInfo {
  return { id, host: 'box-1', pid: 4242, version: '1.2.3', startedAt: Date.UTC(2030, 0, 1), queues: [QUEUE, 'other'], slots: { busy: 1, total: 8 }, leasesHeld: 2, ...changes };
}

function deadWorker(id: string, changes: Partial<DeadWorkerRecord> = {}): DeadWorkerRecord {
  return { id, host: 'box-1', pid: 7, queue: QUEUE, declaredDeadAt: Date.UTC(2030, 0, 1), lastHeartbeatAt: null, requeued: 1, failed: 0, cancelled: 0, jobIds: ['j1'], ...changes };
}

/** silentMs for the cases whose workers never register: nothing in the registry can save them. */
const SILENT_MS = 5000;

export function describeWorkerRegistryCases(current: () => StoreHarness): void {
  describe('worker registry', () => {
    it('reports workers whose last registration is older than silentMs', async () => {
      const h = current();
      await h.store.workers.register(QUEUE, 'w1');
      h.clock.advance(5000);
      await h.store.workers.register(QUEUE, 'w2');
      await expect(h.store.workers.silent(QUEUE, 3000, 10)).resolves.toEqual(['w1']);
      await h.store.workers.register(QUEUE, 'w1');
      await expect(h.store.workers.silent(QUEUE, 3000, 10)).resolves.toEqual([]);
    });

    it('returns at most limit silent workers', async () => {
      const h = current();
      for (const w of ['a', 'b', 'c']) await h.store.workers.register(QUEUE, w);
      h.clock.advance(10_000);
      await expect(h.store.workers.silent(QUEUE, 1000, 2)).resolves.toHaveLength(2);
    });

    it('forgets an unregistered worker', async () => {
      const h = current();
      await h.store.workers.register(QUEUE, 'w1');
      await h.store.workers.unregister(QUEUE, 'w1');
      h.clock.advance(10_000);
      await expect(h.store.workers.silent(QUEUE, 1000, 10)).resolves.toEqual([]);
    });
  });

  describe('worker directory', () => {
    it('lists a published worker with its info and the time of its last heartbeat, by id', async () => {
      const h = current();
      await h.store.workers.publish(workerInfo('w-b'));
      h.clock.advance(10);
      await h.store.workers.publish(workerInfo('w-a', { slots: { busy: 0, total: 4 } }));
      const start = h.clock.now() - 10;
      await expect(h.store.workers.live(5000, 10)).resolves.toEqual([
        { ...workerInfo('w-a', { slots: { busy: 0, total: 4 } }), lastHeartbeatAt: start + 10 },
        { ...workerInfo('w-b'), lastHeartbeatAt: start },
      ]);
    });

    it('keeps one entry per worker, the latest info, however often it publishes', async () => {
      const h = current();
      await h.store.workers.publish(workerInfo('w1', { leasesHeld: 1 }));
      h.clock.advance(1000);
      await h.store.workers.publish(workerInfo('w1', { leasesHeld: 5, slots: { busy: 5, total: 8 } }));
      await expect(h.store.workers.live(5000, 10)).resolves.toEqual([{ ...workerInfo('w1', { leasesHeld: 5, slots: { busy: 5, total: 8 } }), lastHeartbeatAt: h.clock.now() }]);
    });

    it('shows what another instance of the store published', async () => {
      const h = current();
      await h.store.workers.publish(workerInfo('w1'));
      const peer = await h.peer();
      await expect(peer.workers.live(5000, 10)).resolves.toMatchObject([{ id: 'w1', host: 'box-1', pid: 4242 }]);
    });

    it('leaves out a worker silent for longer than silentMs, and still finds its info', async () => {
      const h = current();
      await h.store.workers.publish(workerInfo('old'));
      h.clock.advance(6000);
      await h.store.workers.publish(workerInfo('fresh'));
      await expect(h.store.workers.live(5000, 10)).resolves.toMatchObject([{ id: 'fresh' }]);
      await expect(h.store.workers.find(['old', 'nobody'])).resolves.toEqual([{ ...workerInfo('old'), lastHeartbeatAt: h.clock.now() - 6000 }]);
    });

    it('lists at most limit workers, the freshest', async () => {
      const h = current();
      for (const id of ['c', 'a', 'b']) {
        await h.store.workers.publish(workerInfo(id));
        h.clock.advance(10);
      }
      await expect(h.store.workers.live(5000, 2)).resolves.toMatchObject([{ id: 'a' }, { id: 'b' }]);
    });

    it('forgets a removed worker', async () => {
      const h = current();
      await h.store.workers.publish(workerInfo('w1'));
      await h.store.workers.remove('w1');
      await expect(h.store.workers.live(5000, 10)).resolves.toEqual([]);
      await expect(h.store.workers.find(['w1'])).resolves.toEqual([]);
    });

    it('forgets silent workers oldest first, at most limit per call, and keeps those that published since', async () => {
      const h = current();
      for (const id of ['s1', 's2', 's3']) {
        await h.store.workers.publish(workerInfo(id));
        h.clock.advance(10);
      }
      h.clock.advance(6000);
      await h.store.workers.publish(workerInfo('s2'));
      await expect(h.store.workers.forgetSilent(5000, 1)).resolves.toEqual(['s1']);
      await expect(h.store.workers.forgetSilent(5000, 10)).resolves.toEqual(['s3']);
      await expect(h.store.workers.forgetSilent(5000, 10)).resolves.toEqual([]);
      await expect(h.store.workers.find(['s1', 's2', 's3'])).resolves.toMatchObject([{ id: 's2' }]);
    });

    it('keeps the last dead workers, newest first, each with at most the first job ids', async () => {
      const h = current();
      const jobIds = Array.from({ length: DEAD_WORKER_JOB_IDS + 5 }, (_, i) => `job-${i}`);
      for (let i = 0; i < DEAD_WORKERS_KEPT + 3; i++) await h.store.workers.recordDead(deadWorker(`d${i}`, { jobIds, declaredDeadAt: i, lastHeartbeatAt: i === 0 ? null : i - 1 }));
      const dead = await h.store.workers.dead();
      expect(dead).toHaveLength(DEAD_WORKERS_KEPT);
      expect(dead[0]).toEqual(deadWorker(`d${DEAD_WORKERS_KEPT + 2}`, { jobIds: jobIds.slice(0, DEAD_WORKER_JOB_IDS), declaredDeadAt: DEAD_WORKERS_KEPT + 2, lastHeartbeatAt: DEAD_WORKERS_KEPT + 1 }));
      expect(dead[dead.length - 1].id).toBe('d3');
    });

    it('keeps a dead worker whose host and pid are unknown', async () => {
      const h = current();
      await h.store.workers.recordDead(deadWorker('custom-id', { host: null, pid: null }));
      await expect(h.store.workers.dead()).resolves.toEqual([deadWorker('custom-id', { host: null, pid: null })]);
    });
  });

  describe('reapWorkers', () => {
    it('requeues every job of the given workers with the attempt spent, and no others', async () => {
      const h = current();
      for (let i = 0; i < 3; i++) await enqueueJob(h);
      const a1 = await claimOne(h.store, 'w1');
      const a2 = await claimOne(h.store, 'w1');
      const b = await claimOne(h.store, 'w2');
      const result = await h.store.upkeep.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS);
      expect(result.failed).toEqual([]);
      expect(result.requeued.sort()).toEqual([a1.job.id, a2.job.id].sort());
      await expect(h.store.admin.get(a1.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1 });
      await expect(h.store.admin.get(b.job.id)).resolves.toMatchObject({ status: 'running', workerId: 'w2' });
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(a1)])).resolves.toEqual(['stale']);
    });

    it('fails a job of a silent worker that has no attempts left', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const claimed = await claimOne(h.store, 'w1');
      await expect(h.store.upkeep.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS)).resolves.toEqual({ requeued: [], failed: [claimed.job.id], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'failed' });
    });

    it('records that the worker went silent as the last error of its reaped jobs', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      await enqueueJob(h, { maxAttempts: 3 });
      const { jobs } = await h.store.jobs.claim(QUEUE, 'w1', 2, LEASE_MS);
      await h.store.upkeep.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS);
      for (const claimed of jobs) {
        await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ lastError: 'worker w1 went silent' });
      }
    });

    it('reaps at most limit jobs per call', async () => {
      const h = current();
      for (let i = 0; i < 4; i++) await enqueueJob(h);
      await h.store.jobs.claim(QUEUE, 'w1', 4, LEASE_MS);
      await expect(h.store.upkeep.reapWorkers(QUEUE, ['w1'], 3, SILENT_MS)).resolves.toMatchObject({ requeued: expect.any(Array) });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3, running: 1 });
      await h.store.upkeep.reapWorkers(QUEUE, ['w1'], 3, SILENT_MS);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 4, running: 0 });
    });

    it('ends a dead worker holding more leases than the budget over several calls, and forgets it only after the last', async () => {
      const h = current();
      for (let i = 0; i < 5; i++) await enqueueJob(h);
      await h.store.workers.register(QUEUE, 'w1');
      await h.store.jobs.claim(QUEUE, 'w1', 5, LEASE_MS);
      h.clock.advance(10_000);
      const ended: number[] = [];
      for (let call = 0; call < 3; call++) {
        const result = await h.store.upkeep.reapWorkers(QUEUE, ['w1'], 2, 5000);
        ended.push(result.requeued.length);
        if (call < 2) await expect(h.store.workers.silent(QUEUE, 5000, 10)).resolves.toEqual(['w1']);
      }
      expect(ended).toEqual([2, 2, 1]);
      await expect(h.store.workers.silent(QUEUE, 5000, 10)).resolves.toEqual([]);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 5, running: 0 });
    });

    it('stops reporting a reaped worker as silent', async () => {
      const h = current();
      await enqueueJob(h);
      await h.store.workers.register(QUEUE, 'w1');
      await claimOne(h.store, 'w1');
      h.clock.advance(10_000);
      const silent = await h.store.workers.silent(QUEUE, 5000, 10);
      expect(silent).toEqual(['w1']);
      await h.store.upkeep.reapWorkers(QUEUE, silent, 10, 5000);
      await expect(h.store.workers.silent(QUEUE, 5000, 10)).resolves.toEqual([]);
    });

    it('reports a job whose cancel was asked and whose worker went silent as cancelled', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      const claimed = await claimOne(h.store, 'w1');
      await h.store.admin.cancel(claimed.job.id);
      await expect(h.store.upkeep.reapWorkers(QUEUE, ['w1'], 10, SILENT_MS)).resolves.toEqual({ requeued: [], failed: [], cancelled: [claimed.job.id] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'cancelled' });
    });

    it('skips a worker that registered again after it was listed as silent', async () => {
      const h = current();
      await enqueueJob(h);
      await h.store.workers.register(QUEUE, 'w1');
      const claimed = await claimOne(h.store, 'w1');
      h.clock.advance(10_000);
      const silent = await h.store.workers.silent(QUEUE, 5000, 10);
      expect(silent).toEqual(['w1']);
      h.clock.advance(1);
      await h.store.workers.register(QUEUE, 'w1');
      await expect(h.store.upkeep.reapWorkers(QUEUE, silent, 10, 5000)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'running', workerId: 'w1' });
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], LEASE_MS)).resolves.toEqual(['ok']);
      h.clock.advance(5001);
      await expect(h.store.workers.silent(QUEUE, 5000, 10)).resolves.toEqual(['w1']);
    });

    it('does nothing for a worker that holds no lease', async () => {
      await expect(current().store.upkeep.reapWorkers(QUEUE, ['nobody'], 10, SILENT_MS)).resolves.toEqual({ requeued: [], failed: [], cancelled: [] });
    });
  });
}
