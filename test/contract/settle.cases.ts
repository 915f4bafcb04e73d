import { claimOne, enqueueJob, LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

export function describeSettleCases(current: () => StoreHarness): void {
  describe('complete', () => {
    it('makes the job succeeded with its result, finish time, worker and attempts', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      h.clock.advance(250);
      await expect(h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed), resultJson: '{"ok":true}' }])).resolves.toEqual(['succeeded']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({
        status: 'succeeded',
        result: { ok: true },
        finishedAt: h.clock.now(),
        startedAt: h.clock.now() - 250,
        workerId: WORKER,
        attempts: 1,
      });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 0, succeeded: 1 });
    });

    it('stores a null result when none is given', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'succeeded', result: null });
    });

    it('settles many leases in one call, each with its own outcome', async () => {
      const h = current();
      await enqueueJob(h);
      await enqueueJob(h);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      const outcomes = await h.store.jobs.complete(QUEUE, [leaseOf(jobs[0]), { id: jobs[1].job.id, token: jobs[1].token + 1 }, leaseOf(jobs[1])]);
      expect(outcomes).toEqual(['succeeded', 'stale', 'succeeded']);
    });
  });

  describe('fail', () => {
    it('schedules a retryable failure after the fixed backoff, the attempt spent', async () => {
      const h = current();
      await enqueueJob(h, { backoff: { strategy: 'fixed', delayMs: 3000 } });
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'boom', retryable: true }])).resolves.toEqual(['scheduled']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({
        status: 'scheduled',
        runAt: h.clock.now() + 3000,
        attempts: 1,
        lastError: 'boom',
      });
      h.clock.advance(2999);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      h.clock.advance(1);
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: claimed.job.id, attempts: 2 } });
    });

    it("keeps the error's stack beside it, and drops it when a later error has none", async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 0 } });
      const stack = 'Error: boom\n    at handler (/srv/app.js:10:3)\n    at run (/srv/runner.js:4:1)';
      const first = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'boom', retryable: true, stack }])).resolves.toEqual(['pending']);
      await expect(h.store.admin.get(first.job.id)).resolves.toMatchObject({ lastError: 'boom', lastErrorStack: stack });

      // the stack is returned to lists and to the claim's reader alike
      const page = await h.store.admin.list({ queue: QUEUE, limit: 10 });
      expect(page.items[0]).toMatchObject({ lastError: 'boom', lastErrorStack: stack });

      // an expiry writes its own error, with no stack: the old stack goes with the old error
      await claimOne(h.store);
      h.clock.advance(LEASE_MS + 60_000);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      const expired = await h.store.admin.get(first.job.id);
      expect(expired!.lastError).toMatch(/lease expired/);
      expect(expired!.lastErrorStack).toBeUndefined();

      // a failure with a stack again, then a final one without: the job ends with no stack
      const third = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(third), error: 'last', retryable: false }]);
      const failed = await h.store.admin.get(first.job.id);
      expect(failed).toMatchObject({ status: 'failed', lastError: 'last' });
      expect(failed!.lastErrorStack).toBeUndefined();
    });

    it('grows an exponential backoff within its jitter bounds', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 5, backoff: { strategy: 'exponential', delayMs: 1000 } });
      const bounds: Array<[number, number]> = [
        [500, 1000],
        [1000, 2000],
        [2000, 4000],
        [4000, 8000],
      ];
      for (const [low, high] of bounds) {
        const claimed = await claimOne(h.store);
        const now = h.clock.now();
        await h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'again', retryable: true }]);
        const job = await h.store.admin.get(claimed.job.id);
        expect(job!.status).toBe('scheduled');
        expect(job!.runAt - now).toBeGreaterThanOrEqual(low);
        expect(job!.runAt - now).toBeLessThanOrEqual(high);
        h.clock.set(job!.runAt);
      }
    });

    it('caps a backoff at maxDelayMs', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 10, backoff: { strategy: 'exponential', delayMs: 1000, maxDelayMs: 1500 } });
      for (let attempt = 1; attempt <= 4; attempt++) {
        const claimed = await claimOne(h.store);
        const now = h.clock.now();
        await h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'again', retryable: true }]);
        const job = await h.store.admin.get(claimed.job.id);
        expect(job!.runAt - now).toBeLessThanOrEqual(1500);
        h.clock.set(job!.runAt);
      }
    });

    it('uses retryDelayMs instead of the backoff when given', async () => {
      const h = current();
      await enqueueJob(h, { backoff: { strategy: 'fixed', delayMs: 100 } });
      const claimed = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: '429', retryable: true, retryDelayMs: 7000 }]);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'scheduled', runAt: h.clock.now() + 7000 });
    });

    it('queues a retry with no delay as pending at once', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'x', retryable: true, retryDelayMs: 0 }])).resolves.toEqual(['pending']);
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: claimed.job.id, attempts: 2 } });
    });

    it('fails a job for good when the error is not retryable', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 5 });
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'bad input', retryable: false }])).resolves.toEqual(['failed']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({
        status: 'failed',
        lastError: 'bad input',
        attempts: 1,
        finishedAt: h.clock.now(),
        workerId: WORKER,
      });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ failed: 1, running: 0, scheduled: 0 });
    });

    it('fails a job for good when its attempts are exhausted', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 10 } });
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const claimed = await claimOne(h.store);
        outcomes.push(...(await h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: `try ${i + 1}`, retryable: true }])));
        h.clock.advance(10);
      }
      expect(outcomes).toEqual(['scheduled', 'scheduled', 'failed']);
      const job = (await h.store.admin.list({ queue: QUEUE, status: 'failed', limit: 1 })).items[0];
      expect(job).toMatchObject({ attempts: 3, lastError: 'try 3' });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
    });
  });

  describe('release', () => {
    it('puts the job back to pending and gives the attempt back', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.release(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['pending']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });
      await expect(claimOne(h.store)).resolves.toMatchObject({ job: { id: claimed.job.id, attempts: 1 } });
    });
  });

  describe('a settle sent twice (its reply lost, the ack batch sent again)', () => {
    it('answers a failure applied twice with the outcome of the first, changing nothing', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 1000 } });
      await enqueueJob(h, { maxAttempts: 3 });
      await enqueueJob(h, { maxAttempts: 3 });
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS);
      await h.store.admin.cancel(jobs[2].job.id);
      const items = [
        { ...leaseOf(jobs[0]), error: 'try again', retryable: true },
        { ...leaseOf(jobs[1]), error: 'broken', retryable: false },
        { ...leaseOf(jobs[2]), error: 'aborted', retryable: true },
      ];
      await expect(h.store.jobs.fail(QUEUE, items)).resolves.toEqual(['scheduled', 'failed', 'cancelled']);
      const before = await Promise.all(jobs.map((c) => h.store.admin.get(c.job.id)));
      const counts = await h.store.admin.counts(QUEUE);
      h.clock.advance(10);
      await expect(h.store.jobs.fail(QUEUE, items)).resolves.toEqual(['scheduled', 'failed', 'cancelled']);
      await expect(Promise.all(jobs.map((c) => h.store.admin.get(c.job.id)))).resolves.toEqual(before);
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual(counts);
    });

    it('answers a completion applied twice with succeeded, changing nothing', async () => {
      const h = current();
      await enqueueJob(h);
      await enqueueJob(h);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      const items = jobs.map((c) => ({ ...leaseOf(c), resultJson: '{"n":1}' }));
      await expect(h.store.jobs.complete(QUEUE, items)).resolves.toEqual(['succeeded', 'succeeded']);
      const before = await Promise.all(jobs.map((c) => h.store.admin.get(c.job.id)));
      h.clock.advance(10);
      await expect(h.store.jobs.complete(QUEUE, items)).resolves.toEqual(['succeeded', 'succeeded']);
      await expect(Promise.all(jobs.map((c) => h.store.admin.get(c.job.id)))).resolves.toEqual(before);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 0, succeeded: 2 });
    });

    it('answers stale to a completion sent again after a retry claimed the job again', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const first = await claimOne(h.store, WORKER, 1000);
      h.clock.advance(1001);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      await h.store.admin.retry(first.job.id);
      await claimOne(h.store);
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(first)])).resolves.toEqual(['stale']);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 1, succeeded: 0 });
    });

    it('answers stale to a failure of an attempt the reaper ended meanwhile', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 1 });
      const claimed = await claimOne(h.store, WORKER, 1000);
      h.clock.advance(1001);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'boom', retryable: false }])).resolves.toEqual(['stale']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'failed', lastError: 'lease expired' });
    });

    it('answers stale to a failure sent again after the job was claimed again', async () => {
      const h = current();
      await enqueueJob(h, { maxAttempts: 3 });
      const first = await claimOne(h.store);
      const item = { ...leaseOf(first), error: 'again', retryable: true, retryDelayMs: 0 };
      await expect(h.store.jobs.fail(QUEUE, [item])).resolves.toEqual(['pending']);
      await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [item])).resolves.toEqual(['stale']);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 1 });
    });
  });

  describe('settling a job that is not running', () => {
    it('is stale for a pending, scheduled or unknown job and changes nothing', async () => {
      const h = current();
      const pending = await enqueueJob(h);
      const scheduled = await enqueueJob(h, { delayMs: 1000 });
      const leases = [
        { id: pending.id, token: 0 },
        { id: scheduled.id, token: 0 },
        { id: `${QUEUE}-0000000000AAAAAAAAAA`, token: 1 },
      ];
      await expect(h.store.jobs.complete(QUEUE, leases)).resolves.toEqual(['stale', 'stale', 'stale']);
      await expect(h.store.jobs.fail(QUEUE, leases.map((l) => ({ ...l, error: 'x', retryable: false })))).resolves.toEqual(['stale', 'stale', 'stale']);
      await expect(h.store.jobs.release(QUEUE, leases)).resolves.toEqual(['stale', 'stale', 'stale']);
      await expect(h.store.jobs.heartbeat(QUEUE, leases, LEASE_MS)).resolves.toEqual(['stale', 'stale', 'stale']);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, scheduled: 1, succeeded: 0, failed: 0 });
    });

    it('answers a second completion of the same lease with succeeded, keeping the first result', async () => {
      const h = current();
      await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed), resultJson: '1' }]);
      await expect(h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed), resultJson: '2' }])).resolves.toEqual(['succeeded']);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'late', retryable: true }])).resolves.toEqual(['stale']);
      await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'succeeded', result: 1 });
    });
  });
}
