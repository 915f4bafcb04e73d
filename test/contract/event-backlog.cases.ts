import { JobEngine } from '../../src/modules/queue/job-engine';
import { enqueueJob, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** Reads and acknowledges every event of every lane, as the history writer does once it has stored them. */
async function drainAsTheWriter(store: JobEngine): Promise<number> {
  const sources = store.outbox.sources({ consumer: 'contract-writer' });
  let entries = 0;
  for (const lane of sources.lanes(await store.admin.queues())) {
    const source = sources.open(lane);
    try {
      for (;;) {
        const batch = await source.read(1_000, 1);
        if (batch.entries === 0) break;
        entries += batch.entries;
        await source.ack(batch);
      }
    } finally {
      await source.close();
    }
  }
  return entries;
}

export function describeEventBacklogCases(current: () => StoreHarness): void {
  describe('history backlog (claimq_history_backlog_entries, claimq_history_lag_seconds)', () => {
    it('counts what the history writer has not stored, with the time of the oldest, until it acknowledges it', async () => {
      const h = current();
      await expect(h.store.outbox.backlog(QUEUE)).resolves.toEqual({ entries: 0, oldestAt: null });
      const first = h.clock.now();
      await enqueueJob(h);
      h.clock.advance(5_000);
      await enqueueJob(h);
      // one entry per enqueue call (Redis: a stream entry of one event; memory: the event)
      await expect(h.store.outbox.backlog(QUEUE)).resolves.toEqual({ entries: 2, oldestAt: first });
      await expect(h.store.outbox.backlog('another-queue')).resolves.toEqual({ entries: 0, oldestAt: null });

      expect(await drainAsTheWriter(h.store)).toBeGreaterThanOrEqual(1);
      await expect(h.store.outbox.backlog(QUEUE)).resolves.toEqual({ entries: 0, oldestAt: null });

      h.clock.advance(1_000);
      const later = h.clock.now();
      await enqueueJob(h);
      await expect(h.store.outbox.backlog(QUEUE)).resolves.toEqual({ entries: 1, oldestAt: later });
    });
  });
}
