import { JobStatus } from '../../src/domain/job';
import { BulkAction, BulkActionResult, runBulkAction } from '../../src/modules/jobs/bulk-job-action';
import { LEASE_MS, newJob, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** Runs a bulk action to its end (nextCursor null), `between` called after every batch; each batch's result. */
async function bulkToEnd(
  h: StoreHarness,
  action: BulkAction,
  query: { status?: JobStatus; type?: string; limit?: number },
  between: (batch: number) => Promise<void> = async () => undefined,
): Promise<BulkActionResult[]> {
  const results: BulkActionResult[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const result = await runBulkAction(h.store.admin, action, { queue: QUEUE, ...query, cursor });
    results.push(result);
    await between(n);
    if (result.nextCursor === null) return results;
    cursor = result.nextCursor;
  }
  throw new Error('bulk action did not end');
}

/** `n` jobs of `type` enqueued and failed for good, all in the same millisecond (the same score in Redis's failed index). */
async function failedJobs(h: StoreHarness, n: number, type = 'test'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1_000) {
    const results = await h.store.jobs.enqueue(Array.from({ length: Math.min(1_000, n - i) }, () => newJob(h, { type, maxAttempts: 1 })));
    ids.push(...results.map((r) => r.job.id));
  }
  await failClaimed(h, n);
  return ids;
}

/** Claims up to `n` pending jobs and fails them for good. */
async function failClaimed(h: StoreHarness, n: number): Promise<string[]> {
  const failed: string[] = [];
  while (failed.length < n) {
    const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, Math.min(1_000, n - failed.length), LEASE_MS);
    if (jobs.length === 0) break;
    await h.store.jobs.fail(QUEUE, jobs.map((c) => ({ id: c.job.id, token: c.token, error: 'broken', retryable: false })));
    failed.push(...jobs.map((c) => c.job.id));
  }
  return failed;
}

/** How many events of kind `k` each job id got. */
async function eventCounts(h: StoreHarness, k: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const e of await h.takeEvents(QUEUE)) if (e.k === k) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
  return counts;
}

export function describeBulkActionCases(current: () => StoreHarness): void {
  describe('bulk actions (one batch per call over the filtered listing)', () => {
    it('retries 2,500 failed jobs in batches of 1,000 exactly once each, while retried jobs fail again between batches', async () => {
      const h = current();
      const ids = await failedJobs(h, 2_500);
      await h.takeEvents(QUEUE);
      // between batches some retried jobs fail again at once, in the same millisecond: they join
      // the failed index again, ahead of the cursor, and this pass must not retry them twice
      const results = await bulkToEnd(h, 'retry', { limit: 1_000 }, async () => {
        await failClaimed(h, 50);
      });
      expect(results.map((r) => r.changed)).toEqual([1_000, 1_000, 500]);
      expect(results.map((r) => r.skipped)).toEqual([0, 0, 0]);
      expect(results.map((r) => r.processed)).toEqual([1_000, 1_000, 500]);
      const retried = await eventCounts(h, 'retried');
      expect(retried.size).toBe(2_500);
      expect(new Set(retried.keys())).toEqual(new Set(ids));
      expect([...retried.values()].every((n) => n === 1)).toBe(true);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ failed: 150, pending: 2_350, running: 0 });
    });

    it('cancels pending jobs of one type only, in batches, and says so when the listing ends', async () => {
      const h = current();
      const keep = await h.store.jobs.enqueue(Array.from({ length: 5 }, () => newJob(h, { type: 'keep' })));
      const drop = await h.store.jobs.enqueue(Array.from({ length: 7 }, () => newJob(h, { type: 'drop', priority: 3 })));
      const results = await bulkToEnd(h, 'cancel', { type: 'drop', limit: 3 });
      expect(results.reduce((sum, r) => sum + r.changed, 0)).toBe(7);
      expect(results.every((r) => r.skipped === 0)).toBe(true);
      for (const { job } of drop) await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'cancelled' });
      for (const { job } of keep) await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'pending' });
    });

    it('cancels scheduled jobs, and asks running ones to cancel once (a second pass skips them)', async () => {
      const h = current();
      const delayed = await h.store.jobs.enqueue(Array.from({ length: 4 }, () => newJob(h, { delayMs: 3_600_000 })));
      await h.store.jobs.enqueue(Array.from({ length: 3 }, () => newJob(h)));
      const running = (await h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS)).jobs;
      const scheduled = await bulkToEnd(h, 'cancel', { status: 'scheduled', limit: 3 });
      expect(scheduled.reduce((sum, r) => sum + r.changed, 0)).toBe(4);
      for (const { job } of delayed) await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'cancelled' });
      const asked = await bulkToEnd(h, 'cancel', { status: 'running' });
      expect(asked).toEqual([{ processed: 3, changed: 3, skipped: 0, nextCursor: null }]);
      for (const c of running) await expect(h.store.admin.get(c.job.id)).resolves.toMatchObject({ status: 'running', cancelRequested: true });
      await expect(bulkToEnd(h, 'cancel', { status: 'running' })).resolves.toEqual([{ processed: 3, changed: 0, skipped: 3, nextCursor: null }]);
    });

    it('counts a job that moved on between the listing and its change as skipped', async () => {
      const h = current();
      await failedJobs(h, 3);
      const racing = {
        list: async (query: Parameters<typeof h.store.admin.list>[0]) => {
          const page = await h.store.admin.list(query);
          await h.store.admin.retry(page.items[0].id); // someone else retried it meanwhile
          return page;
        },
        cancel: (id: string) => h.store.admin.cancel(id),
        retry: (id: string) => h.store.admin.retry(id),
      };
      await expect(runBulkAction(racing, 'retry', { queue: QUEUE })).resolves.toEqual({ processed: 3, changed: 2, skipped: 1, nextCursor: null });
    });

    it('refuses a status the action does not take, naming status, and a limit out of range', async () => {
      const h = current();
      await expect(runBulkAction(h.store.admin, 'retry', { queue: QUEUE, status: 'pending' })).rejects.toMatchObject({ field: 'status' });
      await expect(runBulkAction(h.store.admin, 'cancel', { queue: QUEUE, status: 'failed' })).rejects.toMatchObject({ field: 'status' });
      await expect(runBulkAction(h.store.admin, 'cancel', { queue: QUEUE, limit: 1_001 })).rejects.toMatchObject({ field: 'limit' });
    });
  });
}
