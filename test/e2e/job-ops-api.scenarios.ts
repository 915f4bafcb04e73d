import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

interface JobBody {
  id: string;
  status: string;
  [key: string]: unknown;
}

/** The job operations the dashboard uses (promote, lookup by idempotency key, bulk cancel and retry), run on every store. */
export function describeJobOpsApi(storeName: string, env: () => Record<string, string>): void {
  describe(`job operations API on the ${storeName} store`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp(env());
    });

    afterAll(async () => {
      await e2e?.close();
    });

    async function enqueue(body: object): Promise<JobBody> {
      return (await e2e.http().post('/jobs').send(body).expect(201)).body;
    }

    /** Claims up to `n` jobs of the queue and fails them for good. */
    async function failForGood(queue: string, n: number): Promise<void> {
      const { jobs } = await e2e.store.jobs.claim(queue, 'e2e-worker', n, 60_000);
      await e2e.store.jobs.fail(queue, jobs.map((c) => ({ id: c.job.id, token: c.token, error: 'boom', retryable: false })));
    }

    describe('POST /jobs/:id/promote', () => {
      it('makes a delayed job pending now, keeping its priority and group', async () => {
        const queue = uniqueQueue();
        const job = await enqueue({ type: 't', queue, delayMs: 3_600_000, priority: 7, group: 'tenant-1' });
        expect(job.status).toBe('scheduled');
        const before = Date.now();
        const res = await e2e.http().post(`/jobs/${job.id}/promote`).expect(200);
        expect(res.body).toMatchObject({ id: job.id, status: 'pending', priority: 7, group: 'tenant-1' });
        expect(Date.parse(res.body.runAt)).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(res.body.runAt)).toBeLessThan(Date.parse(job.runAt as string));
        await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: 1, scheduled: 0 });
      });

      it('answers 409 with code invalid_transition for a job that is not scheduled, and 404 for an unknown one', async () => {
        const job = await enqueue({ type: 't', queue: uniqueQueue() });
        const res = await e2e.http().post(`/jobs/${job.id}/promote`).expect(409);
        expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'invalid_transition' });
        await e2e.http().post('/jobs/default-0000000000ZZZZZZZZZZ/promote').expect(404);
      });
    });

    describe('GET /jobs?idempotencyKey', () => {
      it('answers the page holding the job the key names, or an empty page', async () => {
        const queue = uniqueQueue();
        const job = await enqueue({ type: 't', queue, idempotencyKey: 'order-42' });
        await enqueue({ type: 't', queue });
        const found = await e2e.http().get('/jobs').query({ queue, idempotencyKey: 'order-42' }).expect(200);
        expect(found.body).toEqual({ items: [(await e2e.http().get(`/jobs/${job.id}`).expect(200)).body], nextCursor: null });
        await expect(e2e.http().get('/jobs').query({ queue, idempotencyKey: 'order-43' }).expect(200)).resolves.toMatchObject({ body: { items: [], nextCursor: null } });
      });

      it('answers 400 naming idempotencyKey when it comes with another filter, and naming queue for a queue outside QUEUES', async () => {
        for (const other of [{ status: 'pending' }, { type: 't' }, { cursor: 'x' }, { from: '2030-01-01T00:00:00Z' }, { to: '2030-01-01T00:00:00Z' }]) {
          const res = await e2e.http().get('/jobs').query({ idempotencyKey: 'k', ...other }).expect(400);
          expect(res.body.errors).toEqual([{ field: 'idempotencyKey', reason: `cannot be combined with ${Object.keys(other)[0]}` }]);
        }
        const res = await e2e.http().get('/jobs').query({ queue: 'not-in-QUEUES', idempotencyKey: 'k' }).expect(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ field: 'queue' })]);
      });
    });

    describe('POST /queues/:name/jobs/retry and /cancel', () => {
      it('retries every failed job of a queue in batches until nextCursor is null', async () => {
        const queue = uniqueQueue();
        await e2e.http().post('/jobs/bulk').send({ jobs: Array.from({ length: 25 }, () => ({ type: 't', queue, maxAttempts: 1 })) }).expect(201);
        await failForGood(queue, 25);
        const batches: Array<{ processed: number; changed: number; skipped: number; nextCursor: string | null }> = [];
        let cursor: string | null = null;
        do {
          const res: { body: (typeof batches)[number] } = await e2e.http().post(`/queues/${queue}/jobs/retry`).send(cursor ? { limit: 10, cursor } : { limit: 10 }).expect(200);
          batches.push(res.body);
          cursor = res.body.nextCursor;
        } while (cursor !== null && batches.length < 10);
        expect(batches.map((b) => b.changed)).toEqual([10, 10, 5]);
        expect(batches.every((b) => b.skipped === 0 && b.processed === b.changed)).toBe(true);
        await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ failed: 0, pending: 25 });
      });

      it('cancels pending jobs by default, and scheduled jobs of one type when asked', async () => {
        const queue = uniqueQueue();
        await enqueue({ type: 'a', queue });
        await enqueue({ type: 'a', queue, delayMs: 60_000 });
        await enqueue({ type: 'b', queue, delayMs: 60_000 });
        await expect(e2e.http().post(`/queues/${queue}/jobs/cancel`).send({}).expect(200)).resolves.toMatchObject({
          body: { processed: 1, changed: 1, skipped: 0, nextCursor: null },
        });
        await expect(e2e.http().post(`/queues/${queue}/jobs/cancel`).send({ status: 'scheduled', type: 'b' }).expect(200)).resolves.toMatchObject({
          body: { processed: 1, changed: 1, skipped: 0, nextCursor: null },
        });
        await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: 0, scheduled: 1, cancelled: 2 });
        // the cancelled ones back with one retry of cancelled jobs
        await expect(e2e.http().post(`/queues/${queue}/jobs/retry`).send({ status: 'cancelled' }).expect(200)).resolves.toMatchObject({ body: { changed: 2 } });
      });

      it('answers 400 naming the field for a status the action does not take, a bad limit, type or queue', async () => {
        const queue = uniqueQueue();
        const cases: Array<[string, object, string]> = [
          ['retry', { status: 'pending' }, 'status'],
          ['cancel', { status: 'failed' }, 'status'],
          ['cancel', { limit: 0 }, 'limit'],
          ['retry', { limit: 1001 }, 'limit'],
          ['retry', { limit: '10' }, 'limit'],
          ['cancel', { type: 'bad type' }, 'type'],
          ['cancel', { cursor: 'nope' }, 'cursor'],
        ];
        for (const [action, body, field] of cases) {
          const res = await e2e.http().post(`/queues/${queue}/jobs/${action}`).send(body).expect(400);
          expect(res.body.errors).toEqual([expect.objectContaining({ field })]);
        }
        const res = await e2e.http().post('/queues/not-in-QUEUES/jobs/retry').send({}).expect(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ field: 'name' })]);
      });
    });
  });
}
