import { DEFAULT_BACKOFF, DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from '../../src/domain/job';
import { newJobId } from '../../src/domain/job-id';
import { claimOne, enqueueJob, enqueueJobs, LEASE_MS, leaseOf, listAllIds, newJob, QUEUE, sentIds } from './contract-fixtures';
import { StoreHarness } from './store-harness';

export function describeEnqueueAndReadCases(current: () => StoreHarness): void {
  describe('enqueue', () => {
    it('stores a job as pending with every default applied', async () => {
      const h = current();
      const now = h.clock.now();
      const [result] = await h.store.jobs.enqueue([newJob(h, { payload: { n: 1 } })]);
      expect(result.created).toBe(true);
      expect(result.job).toMatchObject({
        queue: QUEUE,
        type: 'test',
        payload: { n: 1 },
        status: 'pending',
        priority: 0,
        attempts: 0,
        maxAttempts: DEFAULT_MAX_ATTEMPTS,
        backoff: DEFAULT_BACKOFF,
        timeoutMs: DEFAULT_TIMEOUT_MS,
        runAt: now,
        createdAt: now,
      });
      await expect(h.store.admin.get(result.job.id)).resolves.toEqual(result.job);
    });

    it("keeps a job's trace context and returns it with the job, read or claimed (tracing on)", async () => {
      const h = current();
      const store = await h.storeWith({ traceContext: true });
      const traced = newJob(h);
      traced.traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      traced.tracestate = 'vendor=abc,other=x y';
      const plain = newJob(h);
      // a partitioned store gives the jobs the ids of their partition
      const [made, madePlain] = await store.jobs.enqueue([traced, plain]);
      const context = { traceparent: traced.traceparent, tracestate: traced.tracestate };
      expect(made.job).toMatchObject(context);
      await expect(store.admin.get(made.job.id)).resolves.toMatchObject(context);
      const { jobs } = await store.jobs.claim(QUEUE, 'worker-1', 2, LEASE_MS);
      expect(jobs.map((c) => [c.job.id, c.job.traceparent, c.job.tracestate])).toEqual([
        [made.job.id, traced.traceparent, traced.tracestate],
        [madePlain.job.id, undefined, undefined],
      ]);
      const read = await store.admin.get(madePlain.job.id);
      expect(read).not.toHaveProperty('traceparent');
      expect(read).not.toHaveProperty('tracestate');
    });

    it('keeps every option of the spec', async () => {
      const h = current();
      const options = {
        priority: 7,
        maxAttempts: 9,
        backoff: { strategy: 'fixed' as const, delayMs: 250 },
        timeoutMs: 1234,
        callbackUrl: 'https://example.test/done',
        executionId: 'exec-1',
        idempotencyKey: 'key-1',
      };
      const job = await enqueueJob(h, options);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject(options);
    });

    it('schedules a job enqueued with a delay', async () => {
      const h = current();
      const job = await enqueueJob(h, { delayMs: 5000 });
      expect(job).toMatchObject({ status: 'scheduled', runAt: h.clock.now() + 5000 });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ scheduled: 1, pending: 0 });
    });

    it('schedules a job whose runAt is in the future and queues one whose runAt has passed', async () => {
      const h = current();
      const [future, past] = await enqueueJobs(h, { runAt: h.clock.now() + 60_000 }, { runAt: h.clock.now() - 60_000 });
      expect(future.status).toBe('scheduled');
      expect(past.status).toBe('pending');
    });

    it("gives a job due at once a runAt equal to its createdAt, even when the caller's clock is behind", async () => {
      const h = current();
      const job = newJob(h);
      h.clock.advance(1);
      const [{ job: created }] = await h.store.jobs.enqueue([job]);
      expect(created).toMatchObject({ status: 'pending', createdAt: h.clock.now(), runAt: h.clock.now() });
      await expect(h.store.admin.get(created.id)).resolves.toMatchObject({ createdAt: h.clock.now(), runAt: h.clock.now() });
      const [past] = await enqueueJobs(h, { runAt: h.clock.now() - 60_000 });
      expect(past.runAt).toBe(past.createdAt);
    });

    it('returns the existing job with created=false when the idempotency key is taken', async () => {
      const h = current();
      const first = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'once', payload: 'first' })]);
      const second = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'once', payload: 'second' })]);
      expect(second[0].created).toBe(false);
      expect(second[0].job.id).toBe(first[0].job.id);
      expect(second[0].job.payload).toBe('first');
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1 });
    });

    it('returns the existing job for an idempotency key however far the job has gone', async () => {
      const h = current();
      const job = await enqueueJob(h, { idempotencyKey: 'k' });
      const claimed = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [{ id: claimed.job.id, token: claimed.token }]);
      const [again] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'k' })]);
      expect(again).toMatchObject({ created: false, job: { id: job.id, status: 'succeeded' } });
    });

    it('applies an idempotency key repeated inside one call to the later jobs', async () => {
      const h = current();
      const results = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'dup' }), newJob(h, { idempotencyKey: 'dup' })]);
      expect(results.map((r) => r.created)).toEqual([true, false]);
      expect(results[1].job.id).toBe(results[0].job.id);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1 });
    });

    it('scopes idempotency keys to their queue', async () => {
      const h = current();
      const [a] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'same' })]);
      const [b] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'same', queue: 'other' })]);
      expect(a.created && b.created).toBe(true);
      expect(b.job.id).not.toBe(a.job.id);
    });

    it('adds every job of a bulk call, in order', async () => {
      const h = current();
      const jobs = Array.from({ length: 100 }, (_, i) => newJob(h, { payload: i }));
      const results = await h.store.jobs.enqueue(jobs);
      expect(sentIds(results.map((r) => r.job.id))).toEqual(sentIds(jobs.map((j) => j.id)));
      expect(results.map((r) => r.job.payload)).toEqual(jobs.map((_, i) => i));
      expect(results.every((r) => r.created)).toBe(true);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 100 });
    });

    it('adds nothing when a bulk call mixes queues', async () => {
      const h = current();
      await expect(h.store.jobs.enqueue([newJob(h), newJob(h, { queue: 'other' })])).rejects.toThrow();
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0 });
      await expect(h.store.admin.counts('other')).resolves.toMatchObject({ pending: 0 });
    });

    it('accepts an empty call', async () => {
      await expect(current().store.jobs.enqueue([])).resolves.toEqual([]);
    });

    it('stores and counts a job once when the same call is sent twice (a resend after a reconnect)', async () => {
      const h = current();
      const jobs = [newJob(h), newJob(h, { priority: 5 }), newJob(h, { delayMs: 1000 })];
      const first = await h.store.jobs.enqueue(jobs);
      h.clock.advance(10);
      const second = await h.store.jobs.enqueue(jobs);
      expect(second.map((r) => r.created)).toEqual([false, false, false]);
      expect(second.map((r) => r.job)).toEqual(first.map((r) => r.job));
      await expect(h.store.admin.counts(QUEUE)).resolves.toEqual({ pending: 2, scheduled: 1, running: 0, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 });
      const { jobs: claimed } = await h.store.jobs.claim(QUEUE, 'w1', 10, LEASE_MS);
      expect(claimed.map((c) => c.job.id).sort()).toEqual([first[0].job.id, first[1].job.id].sort());
      h.clock.advance(1000);
      const { jobs: later } = await h.store.jobs.claim(QUEUE, 'w2', 10, LEASE_MS);
      expect(later.map((c) => c.job.id)).toEqual([first[2].job.id]);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, scheduled: 0, running: 3, failed: 0 });
    });

    it('leaves a job that has moved on alone when its enqueue is sent again', async () => {
      const h = current();
      const job = newJob(h);
      const [stored] = await h.store.jobs.enqueue([job]);
      const claimed = await claimOne(h.store);
      const [again] = await h.store.jobs.enqueue([job]);
      expect(again).toMatchObject({ created: false, job: { id: stored.job.id, status: 'running', attempts: 1 } });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 1 });
      await expect(h.store.jobs.complete(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['succeeded']);
    });
  });

  describe('get', () => {
    it('returns null for a job that does not exist', async () => {
      const h = current();
      await expect(h.store.admin.get(newJobId(QUEUE, h.clock.now()))).resolves.toBeNull();
      await expect(h.store.admin.get('not-a-job-id')).resolves.toBeNull();
    });

    it('returns copies that callers cannot use to change the store', async () => {
      const h = current();
      const job = await enqueueJob(h, { payload: { list: [1] } });
      const copy = await h.store.admin.get(job.id);
      (copy!.payload as { list: number[] }).list.push(2);
      copy!.status = 'succeeded';
      copy!.backoff.delayMs = 1;
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'pending', payload: { list: [1] }, backoff: job.backoff });
    });
  });

  describe('list', () => {
    it('pages through one status with a cursor, every job exactly once', async () => {
      const h = current();
      const jobs = await enqueueJobs(h, ...Array.from({ length: 25 }, () => ({})));
      const { jobs: running } = await h.store.jobs.claim(QUEUE, 'w', 5, 30_000);
      const ids = await listAllIds(h.store, { status: 'pending', limit: 7 });
      const runningIds = new Set(running.map((c) => c.job.id));
      expect(ids).toHaveLength(20);
      expect(new Set(ids)).toEqual(new Set(jobs.map((j) => j.id).filter((id) => !runningIds.has(id))));
      await expect(listAllIds(h.store, { status: 'running', limit: 2 })).resolves.toHaveLength(5);
    });

    it('lists every state when no status is given', async () => {
      const h = current();
      const jobs = await enqueueJobs(h, {}, {}, {}, { delayMs: 1000 }, { delayMs: 1000 });
      await claimOne(h.store);
      const ids = await listAllIds(h.store, { limit: 2 });
      expect(ids.sort()).toEqual(jobs.map((j) => j.id).sort());
    });

    it('filters by type', async () => {
      const h = current();
      const jobs = await enqueueJobs(h, { type: 'a' }, { type: 'b' }, { type: 'a' }, { type: 'b' }, { type: 'a' });
      const ids = await listAllIds(h.store, { type: 'a', status: 'pending', limit: 2 });
      expect(ids.sort()).toEqual(jobs.filter((j) => j.type === 'a').map((j) => j.id).sort());
      const page = await h.store.admin.list({ queue: QUEUE, type: 'b', limit: 10 });
      expect(page.items.every((j) => j.type === 'b')).toBe(true);
    });

    it('returns an empty last page for a queue that holds nothing', async () => {
      await expect(current().store.admin.list({ queue: 'empty', limit: 10 })).resolves.toEqual({ items: [], nextCursor: null });
    });
  });
}
