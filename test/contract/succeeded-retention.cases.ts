import { newExecutionId } from '../../src/domain/execution';
import { emptyCounts } from '../../src/domain/job';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { claimOne, enqueueJob, LEASE_MS, leaseOf, newJob, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** Enqueues one job of `spec` through `store`, claims it and completes it; returns the lease. */
async function runToSuccess(h: StoreHarness, store: JobEngine, spec: Parameters<typeof newJob>[1] = {}, resultJson?: string) {
  const [{ job }] = await store.jobs.enqueue([newJob(h, spec)]);
  const claimed = await claimOne(store);
  expect(claimed.job.id).toBe(job.id);
  await expect(store.jobs.complete(QUEUE, [{ ...leaseOf(claimed), resultJson }])).resolves.toEqual(['succeeded']);
  return claimed;
}

/**
 * SUCCEEDED_RETENTION_MS: by default a completed job stays in the store (`succeeded`) until the
 * reaper trims it; with retention 0 (store option deleteSucceeded) it is deleted at completion,
 * its `succeeded` event being its record, except when it has a callbackUrl or an execution.
 */
export function describeSucceededRetentionCases(current: () => StoreHarness): void {
  describe('succeeded retention', () => {
    it('keeps a completed job by default: readable, counted, its idempotency key taken', async () => {
      const h = current();
      const claimed = await runToSuccess(h, h.store, { idempotencyKey: 'keep-1' }, '{"ok":true}');
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'succeeded', result: { ok: true } });
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual({ ...emptyCounts(), succeeded: 1 });
      const [again] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'keep-1' })]);
      expect(again).toMatchObject({ created: false, job: { id: claimed.job.id } });
    });

    describe('with retention 0 (deleteSucceeded)', () => {
      it('deletes a completed job: get() is null, no count, no listing', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const claimed = await runToSuccess(h, store, {}, '{"n":1}');
        await expect(store.admin.get(claimed.job.id)).resolves.toBeNull();
        await expect(store.admin.counts(QUEUE)).resolves.toEqual(emptyCounts());
        await expect(store.admin.list({ queue: QUEUE, limit: 10 })).resolves.toEqual({ items: [], nextCursor: null });
        await expect(store.admin.list({ queue: QUEUE, status: 'succeeded', limit: 10 })).resolves.toEqual({ items: [], nextCursor: null });
      });

      it('deletes each job of a batch, and leaves the other jobs alone', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const results = await store.jobs.enqueue([newJob(h), newJob(h), newJob(h)]);
        const { jobs } = await store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
        await expect(store.jobs.complete(QUEUE, jobs.map(leaseOf))).resolves.toEqual(['succeeded', 'succeeded']);
        for (const c of jobs) await expect(store.admin.get(c.job.id)).resolves.toBeNull();
        await expect(store.admin.get(results[2].job.id)).resolves.toMatchObject({ status: 'pending' });
        await expect(store.admin.counts(QUEUE)).resolves.toEqual({ ...emptyCounts(), pending: 1 });
      });

      it('settles a lease given twice in one call once: the repeat of the deleted job is stale', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        await store.jobs.enqueue([newJob(h)]);
        const claimed = await claimOne(store);
        await expect(store.jobs.complete(QUEUE, [leaseOf(claimed), leaseOf(claimed)])).resolves.toEqual(['succeeded', 'stale']);
        await expect(store.admin.get(claimed.job.id)).resolves.toBeNull();
        await expect(store.admin.counts(QUEUE)).resolves.toEqual(emptyCounts());
      });

      it('frees the idempotency key of the deleted job', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const claimed = await runToSuccess(h, store, { idempotencyKey: 'order-7' });
        const [again] = await store.jobs.enqueue([newJob(h, { idempotencyKey: 'order-7' })]);
        expect(again.created).toBe(true);
        expect(again.job.id).not.toBe(claimed.job.id);
      });

      it('still refuses a stale completion, and every later use of the lease', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const claimed = await runToSuccess(h, store);
        await expect(store.jobs.complete(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['stale']);
        await expect(store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'late', retryable: true }])).resolves.toEqual(['stale']);
        await expect(store.jobs.release(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['stale']);
        await expect(store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], LEASE_MS)).resolves.toEqual(['stale']);
        await expect(store.admin.counts(QUEUE)).resolves.toEqual(emptyCounts());
      });

      it('refuses a completion whose lease was lost, and deletes only on the current one', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        await store.jobs.enqueue([newJob(h, { maxAttempts: 3 })]);
        const first = await claimOne(store, 'w-old', 1000);
        h.clock.advance(1001);
        await store.upkeep.reapExpired(QUEUE, 10);
        const second = await claimOne(store, 'w-new');
        await expect(store.jobs.complete(QUEUE, [leaseOf(first)])).resolves.toEqual(['stale']);
        await expect(store.admin.get(first.job.id)).resolves.toMatchObject({ status: 'running', attempts: 2 });
        await expect(store.jobs.complete(QUEUE, [leaseOf(second)])).resolves.toEqual(['succeeded']);
        await expect(store.admin.get(first.job.id)).resolves.toBeNull();
      });

      it('keeps a job that has a callbackUrl (its callback is built from the stored job)', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const claimed = await runToSuccess(h, store, { callbackUrl: 'http://example.test/cb', idempotencyKey: 'cb-1' }, '{"r":2}');
        await expect(store.admin.get(claimed.job.id)).resolves.toMatchObject({
          status: 'succeeded',
          callbackUrl: 'http://example.test/cb',
          result: { r: 2 },
        });
        await expect(store.admin.counts(QUEUE)).resolves.toEqual({ ...emptyCounts(), succeeded: 1 });
        const [again] = await store.jobs.enqueue([newJob(h, { idempotencyKey: 'cb-1' })]);
        expect(again.created).toBe(false);
      });

      it('keeps a job of an execution (the execution lists its jobs through the store)', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const sent = newExecutionId(QUEUE, h.clock.now());
        const { id } = await store.executions.create({ id: sent, queue: QUEUE }, [newJob(h, { executionId: sent })]);
        const claimed = await claimOne(store);
        await expect(store.jobs.complete(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['succeeded']);
        await expect(store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'succeeded', executionId: id });
        await expect(store.admin.counts(QUEUE)).resolves.toEqual({ ...emptyCounts(), succeeded: 1 });
        const page = await store.executions.listJobs(id, 10);
        expect(page.items.map((j) => [j.id, j.status])).toEqual([[claimed.job.id, 'succeeded']]);
        await expect(store.executions.get(id)).resolves.toMatchObject({ counts: { succeeded: 1 } });
      });

      it('keeps failed and cancelled jobs as before', async () => {
        const h = current();
        const store = await h.storeWith({ deleteSucceeded: true });
        const [{ job: toCancel }] = await store.jobs.enqueue([newJob(h, { delayMs: 1000 })]);
        await store.admin.cancel(toCancel.id);
        await store.jobs.enqueue([newJob(h)]);
        const claimed = await claimOne(store);
        await store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'x', retryable: false }]);
        await expect(store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'failed' });
        await expect(store.admin.get(toCancel.id)).resolves.toMatchObject({ status: 'cancelled' });
        await expect(store.admin.counts(QUEUE)).resolves.toEqual({ ...emptyCounts(), failed: 1, cancelled: 1 });
      });
    });

    it('the default store keeps what a deleting store would delete', async () => {
      const h = current();
      const job = await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'succeeded' });
      await expect(h.store.admin.list({ queue: QUEUE, status: 'succeeded', limit: 10 })).resolves.toMatchObject({ items: [{ id: job.id }] });
    });
  });
}
