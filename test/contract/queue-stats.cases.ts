import { emptyMinute, MinuteStats, minuteOf, windowMinutes } from '../../src/domain/queue-stats';
import { claimOne, enqueueJob, LEASE_MS, leaseOf, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

function minuteWith(fill: (m: MinuteStats) => void): MinuteStats {
  const m = emptyMinute();
  fill(m);
  return m;
}

export function describeQueueStatsCases(current: () => StoreHarness): void {
  describe('dashboard stats: the stats store', () => {
    it('adds deltas of the same minute up, keeps minutes and queues apart, and reads nothing for a queue never written', async () => {
      const h = current();
      const now = h.clock.now();
      const minute = minuteOf(now);
      await expect(h.store.stats.read(QUEUE, now)).resolves.toEqual(new Map());
      await h.store.stats.record(QUEUE, new Map([[minute, minuteWith((m) => ((m.succeeded[2] = 3), (m.pickup[5] = 1), (m.run[7] = 2)))]]));
      await h.store.stats.record(
        QUEUE,
        new Map([
          [minute, minuteWith((m) => ((m.succeeded[2] = 4), (m.failed[0] = 1), (m.run[7] = 1), (m.run[39] = 1)))],
          [minute - 3, minuteWith((m) => (m.failed[5] = 2))],
        ]),
      );
      await h.store.stats.record('other-queue', new Map([[minute, minuteWith((m) => (m.succeeded[0] = 9))]]));

      const read = await h.store.stats.read(QUEUE, now);
      expect([...read.keys()].sort()).toEqual([minute - 3, minute]);
      expect(read.get(minute)).toEqual(minuteWith((m) => ((m.succeeded[2] = 7), (m.failed[0] = 1), (m.pickup[5] = 1), (m.run[7] = 3), (m.run[39] = 1))));
      expect(read.get(minute - 3)).toEqual(minuteWith((m) => (m.failed[5] = 2)));
      await expect(h.store.stats.read('other-queue', now)).resolves.toEqual(new Map([[minute, minuteWith((m) => (m.succeeded[0] = 9))]]));
    });

    it("reads only the minutes of the window ending at the time it is given", async () => {
      const h = current();
      const now = h.clock.now();
      const minutes = windowMinutes(now);
      const first = minutes[0];
      await h.store.stats.record(
        QUEUE,
        new Map([
          [first - 1, minuteWith((m) => (m.succeeded[0] = 1))],
          [first, minuteWith((m) => (m.succeeded[0] = 2))],
        ]),
      );
      await expect(h.store.stats.read(QUEUE, now)).resolves.toEqual(new Map([[first, minuteWith((m) => (m.succeeded[0] = 2))]]));
      await expect(h.store.stats.read(QUEUE, now + 60_000)).resolves.toEqual(new Map());
    });
  });

  describe('dashboard stats: oldest pending job', () => {
    it('finds none in an empty queue or one without pending jobs', async () => {
      const h = current();
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: null, since: null });
      await enqueueJob(h, { delayMs: 60_000 });
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: null, since: null });
    });

    it('finds the oldest among priorities, the FIFO and groups, and the next one as each is cancelled (dead FIFO entries passed)', async () => {
      const h = current();
      const t0 = h.clock.now();
      const low = await enqueueJob(h, { priority: -5 });
      h.clock.advance(1000);
      const fifo = await enqueueJob(h);
      h.clock.advance(1000);
      const grouped = await enqueueJob(h, { group: 'g' });
      h.clock.advance(1000);
      const high = await enqueueJob(h, { priority: 7, group: 'h' });
      h.clock.advance(1000);
      await enqueueJob(h, { priority: 3 });
      await enqueueJob(h);

      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: low.id, since: t0 });
      await h.store.admin.cancel(low.id);
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: fifo.id, since: t0 + 1000 });
      await h.store.admin.cancel(fifo.id);
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: grouped.id, since: t0 + 2000 });
      await h.store.admin.cancel(grouped.id);
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: high.id, since: t0 + 3000 });
    });

    it('counts a delayed job from its runAt and a retried job from its retry', async () => {
      const h = current();
      const t0 = h.clock.now();
      const delayed = await enqueueJob(h, { delayMs: 5000 });
      const failing = await enqueueJob(h, { type: 'fails' });
      const claimed = await claimOne(h.store, 'w', LEASE_MS);
      expect(claimed.job.id).toBe(failing.id);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'broken', retryable: false }]);
      h.clock.advance(1000);
      const waiting = await enqueueJob(h);
      h.clock.advance(6000);
      await h.store.upkeep.promoteDue(QUEUE, 10);
      await h.store.admin.retry(failing.id);

      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: waiting.id, since: t0 + 1000 });
      await h.store.admin.cancel(waiting.id);
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: delayed.id, since: t0 + 5000 });
      await h.store.admin.cancel(delayed.id);
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: failing.id, since: t0 + 7000 });
      await h.store.admin.cancel(failing.id);
      await expect(h.store.admin.oldestPending(QUEUE)).resolves.toEqual({ jobId: null, since: null });
    });
  });
}
