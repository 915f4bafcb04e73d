import { emptyCounts } from '../../src/domain/job';
import { keyHome } from '../../src/domain/queue-partition';
import { JobEventBatch } from '../../src/modules/queue/events/job-event-source';
import { claimOne, enqueueJob, enqueueJobs, LEASE_MS, leaseOf, newJob, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

const RETENTION = { succeededMs: 1000, failedMs: 5000, cancelledMs: 2000 };

export function describeMaintenanceCases(current: () => StoreHarness): void {
  describe('promoteDue', () => {
    it('moves due scheduled jobs to pending and counts them', async () => {
      const h = current();
      const [soon, later] = await enqueueJobs(h, { delayMs: 1000 }, { delayMs: 5000 });
      h.clock.advance(1000);
      await expect(h.store.upkeep.promoteDue(QUEUE, 10)).resolves.toBe(1);
      await expect(h.store.admin.get(soon.id)).resolves.toMatchObject({ status: 'pending' });
      await expect(h.store.admin.get(later.id)).resolves.toMatchObject({ status: 'scheduled' });
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: soon.id } });
    });

    it('promotes at most limit jobs, earliest first', async () => {
      const h = current();
      const [a, b, c] = await enqueueJobs(h, { delayMs: 300 }, { delayMs: 100 }, { delayMs: 200 });
      h.clock.advance(300);
      await expect(h.store.upkeep.promoteDue(QUEUE, 2)).resolves.toBe(2);
      await expect(h.store.admin.get(a.id)).resolves.toMatchObject({ status: 'scheduled' });
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS);
      expect(jobs.map((j) => j.job.id)).toEqual([b.id, c.id, a.id]);
    });
  });

  describe('counts', () => {
    it('counts jobs in every state', async () => {
      const h = current();
      await enqueueJobs(h, { priority: 3 }, { priority: 2 }, { priority: 1 }, { priority: 0 });
      await enqueueJob(h, { delayMs: 1000 });
      const cancelled = await enqueueJob(h, { delayMs: 1000 });
      await h.store.admin.cancel(cancelled.id);
      const [toSucceed, toFail, toRun] = (await h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS)).jobs;
      await h.store.jobs.complete(QUEUE, [leaseOf(toSucceed)]);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(toFail), error: 'x', retryable: false }]);
      expect(toRun.job.status).toBe('running');
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual({ pending: 1, scheduled: 1, running: 1, succeeded: 1, failed: 1, cancelled: 1, blocked: 0, skipped: 0 });
    });

    it('counts nothing for a queue that never held a job', async () => {
      await expect(current().store.admin.counts('never-used')).resolves.toEqual(emptyCounts());
    });
  });

  describe('queues', () => {
    it('lists every queue that has held a job', async () => {
      const h = current();
      await h.store.jobs.enqueue([newJob(h, { queue: 'alpha' })]);
      await h.store.jobs.enqueue([newJob(h, { queue: 'beta', delayMs: 10 })]);
      await expect(h.store.admin.queues()).resolves.toEqual(expect.arrayContaining(['alpha', 'beta']));
    });
  });

  describe('trimEvents', () => {
    /** An idempotency key whose job lives in the queue's first partition (the writer's lane named after the queue). */
    const homed = (h: StoreHarness, i: number): string => {
      for (let n = 0; ; n++) if (keyHome(`trim-${i}-${n}`, h.partitions ?? 1) === 0) return `trim-${i}-${n}`;
    };

    it('drops nothing while the event log is within its budget', async () => {
      const h = current();
      await enqueueJobs(h, { idempotencyKey: homed(h, 0) }, {}, {});
      await expect(h.store.upkeep.trimEvents(QUEUE, 1_000)).resolves.toEqual({ scanned: 0, more: false, dropped: [] });
      expect(await h.takeEvents(QUEUE)).toHaveLength(3);
    });

    it('past HISTORY_BACKLOG_MAX_MB drops unread events, each then read by the history writer or counted in one gap', async () => {
      const h = current();
      const store = await h.storeWith({ historyBacklogMaxBytes: 1 });
      const key = (i: number) => homed(h, i);
      const sources = store.outbox.sources({ consumer: 'contract-writer' });
      const lanes = sources.lanes([QUEUE]);
      const source = sources.open(lanes.includes(QUEUE) ? QUEUE : lanes[0]);
      const batches: JobEventBatch[] = [];
      try {
        await store.jobs.enqueue([newJob(h, { idempotencyKey: key(0) })]);
        // a writer takes what is there (on Redis it now holds that entry, read and not acknowledged)
        batches.push(await source.read(1));
        h.clock.advance(10);
        await store.jobs.enqueue([newJob(h, { idempotencyKey: key(1) })]);
        h.clock.advance(10);
        await store.jobs.enqueue([newJob(h, { idempotencyKey: key(2) })]);
        const trimmed = await store.upkeep.trimEvents(QUEUE, 1_000);
        batches.push(await source.read(100));
        for (const batch of batches) await source.ack(batch);

        const read = batches.flatMap((b) => b.events);
        const gaps = batches.flatMap((b) => b.gaps);
        const gapped = gaps.reduce((n, g) => n + g.events, 0);
        // nothing lost without a word, nothing counted twice
        expect(read.length + gapped).toBe(3);
        expect(gapped).toBeGreaterThanOrEqual(2);
        expect(gaps.every((g) => g.queue === QUEUE && g.fromMs <= g.toMs && g.toMs <= h.clock.now())).toBe(true);
        expect(new Set(gaps.map((g) => g.id)).size).toBe(gaps.length);
        // what the call reports is what the gaps count
        expect(trimmed.dropped.every((d) => d.queue === QUEUE)).toBe(true);
        expect(trimmed.dropped.reduce((n, d) => n + d.events, 0)).toBe(gapped);
      } finally {
        await source.close();
      }
    });
  });

  describe('trimFinished', () => {
    it('deletes finished jobs older than their retention and keeps the rest', async () => {
      const h = current();
      const old = await enqueueJobs(h, { priority: 2 }, { priority: 1 }, {});
      const [toSucceed, toFail] = (await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS)).jobs;
      await h.store.jobs.complete(QUEUE, [leaseOf(toSucceed)]);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(toFail), error: 'x', retryable: false }]);
      await h.store.admin.cancel(old[2].id);
      const waiting = await enqueueJob(h, { delayMs: 60_000 });
      const pending = await enqueueJob(h);

      h.clock.advance(999);
      await expect(h.store.upkeep.trimFinished(QUEUE, RETENTION, 100)).resolves.toBe(0);
      h.clock.advance(2);
      await expect(h.store.upkeep.trimFinished(QUEUE, RETENTION, 100)).resolves.toBe(1);
      await expect(h.store.admin.get(toSucceed.job.id)).resolves.toBeNull();
      h.clock.advance(1000);
      await expect(h.store.upkeep.trimFinished(QUEUE, RETENTION, 100)).resolves.toBe(1);
      await expect(h.store.admin.get(old[2].id)).resolves.toBeNull();
      h.clock.advance(3000);
      await expect(h.store.upkeep.trimFinished(QUEUE, RETENTION, 100)).resolves.toBe(1);
      await expect(h.store.admin.get(toFail.job.id)).resolves.toBeNull();
      await expect(h.store.admin.get(waiting.id)).resolves.toMatchObject({ status: 'scheduled' });
      await expect(h.store.admin.get(pending.id)).resolves.toMatchObject({ status: 'pending' });
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual({ ...emptyCounts(), scheduled: 1, pending: 1 });
    });

    it('deletes at most limit jobs per call', async () => {
      const h = current();
      for (let i = 0; i < 5; i++) await h.store.admin.cancel((await enqueueJob(h)).id);
      h.clock.advance(10_000);
      await expect(h.store.upkeep.trimFinished(QUEUE, RETENTION, 3)).resolves.toBe(3);
      await expect(h.store.upkeep.trimFinished(QUEUE, RETENTION, 3)).resolves.toBe(2);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ cancelled: 0 });
    });

    it('frees the idempotency key of a deleted job', async () => {
      const h = current();
      const first = await enqueueJob(h, { idempotencyKey: 'order-1' });
      await h.store.admin.cancel(first.id);
      h.clock.advance(10_000);
      await h.store.upkeep.trimFinished(QUEUE, RETENTION, 10);
      const [again] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'order-1' })]);
      expect(again.created).toBe(true);
      expect(again.job.id).not.toBe(first.id);
    });

    it('drops deleted jobs from listings', async () => {
      const h = current();
      const job = await enqueueJob(h);
      await h.store.admin.cancel(job.id);
      h.clock.advance(10_000);
      await h.store.upkeep.trimFinished(QUEUE, RETENTION, 10);
      await expect(h.store.admin.list({ queue: QUEUE, limit: 10 })).resolves.toEqual({ items: [], nextCursor: null });
      await expect(h.store.admin.list({ queue: QUEUE, status: 'cancelled', limit: 10 })).resolves.toEqual({ items: [], nextCursor: null });
    });
  });
}
