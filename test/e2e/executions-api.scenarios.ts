import { MAX_EXECUTION_JOBS } from '../../src/domain/execution';
import { ExecutionRefreshService } from '../../src/modules/executions/execution-refresh.service';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/** The executions API, written once and run on every store. */
export function describeExecutionsApi(storeName: string, env: () => Record<string, string>): void {
  describe(`executions API on the ${storeName} store`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({ REFRESH_INTERVAL_MS: '3600000', ...env() });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    async function settleAll(queue: string, outcome: (i: number) => 'succeed' | 'fail'): Promise<void> {
      const { jobs } = await e2e.store.jobs.claim(queue, 'e2e-worker', 100, 60_000);
      let i = 0;
      for (const c of jobs) {
        const lease = { id: c.job.id, token: c.token };
        if (outcome(i++) === 'succeed') await e2e.store.jobs.complete(queue, [lease]);
        else await e2e.store.jobs.fail(queue, [{ ...lease, error: 'boom', retryable: false }]);
      }
    }

    it('creates an execution and answers 201 with its id and total', async () => {
      const queue = uniqueQueue();
      const res = await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue }, { type: 'b', queue }] }).expect(201);
      expect(res.body).toEqual({ id: expect.stringMatching(new RegExp(`^${queue}(~[0-9]+)?-`)), total: 2 });
      const got = await e2e.http().get(`/executions/${res.body.id}`).expect(200);
      expect(got.body).toMatchObject({
        id: res.body.id,
        queue,
        status: 'running',
        counts: { pending: 2, scheduled: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 },
        total: 2,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(got.body).not.toHaveProperty('finishedAt');
    });

    /** The largest execution, every job with a payload and an idempotency key (the most script arguments). */
    function largestExecution(queue: string): Array<Record<string, unknown>> {
      return Array.from({ length: MAX_EXECUTION_JOBS }, (_, i) => ({ type: 't', queue, payload: { i }, idempotencyKey: `job-${i}` }));
    }

    it(`adds an execution of ${MAX_EXECUTION_JOBS} jobs whole: 201, every job in the store`, { timeout: 60_000 }, async () => {
      const queue = uniqueQueue();
      const res = await e2e.http().post('/executions').send({ jobs: largestExecution(queue) }).expect(201);
      expect(res.body).toEqual({ id: expect.stringMatching(new RegExp(`^${queue}(~[0-9]+)?-`)), total: MAX_EXECUTION_JOBS });
      await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: MAX_EXECUTION_JOBS });
      const got = await e2e.http().get(`/executions/${res.body.id}`).expect(200);
      expect(got.body).toMatchObject({ total: MAX_EXECUTION_JOBS, counts: { pending: MAX_EXECUTION_JOBS } });
    });

    it(`answers a repeated idempotencyKey with 200 and the same execution, adding none of its ${MAX_EXECUTION_JOBS} jobs again`, { timeout: 60_000 }, async () => {
      const queue = uniqueQueue();
      const jobs = largestExecution(queue).map(({ idempotencyKey: _key, ...job }) => job);
      const first = await e2e.http().post('/executions').send({ jobs, idempotencyKey: 'batch-1' }).expect(201);
      expect(first.body).toEqual({ id: expect.stringMatching(new RegExp(`^${queue}(~[0-9]+)?-`)), total: MAX_EXECUTION_JOBS });
      const again = await e2e.http().post('/executions').send({ jobs, idempotencyKey: 'batch-1' }).expect(200);
      expect(again.body).toEqual(first.body);
      await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: MAX_EXECUTION_JOBS });
      const other = await e2e.http().post('/executions').send({ jobs: [{ type: 't', queue }], idempotencyKey: 'batch-2' }).expect(201);
      expect(other.body.id).not.toBe(first.body.id);
    });

    it('answers 400 naming idempotencyKey when it is empty, too long or not a string', async () => {
      for (const idempotencyKey of ['', 'k'.repeat(1000), 42]) {
        const res = await e2e.http().post('/executions').send({ jobs: [{ type: 'a' }], idempotencyKey }).expect(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ field: 'idempotencyKey' })]);
      }
    });

    it('answers 400 naming jobs.N.queue when the jobs span queues', async () => {
      const res = await e2e
        .http()
        .post('/executions')
        .send({ jobs: [{ type: 'a', queue: 'default' }, { type: 'a', queue: 'default' }, { type: 'a', queue: uniqueQueue() }] })
        .expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'jobs.2.queue' })]);
    });

    it('answers 400 to an empty list of jobs and to an invalid job', async () => {
      await e2e.http().post('/executions').send({ jobs: [] }).expect(400);
      const res = await e2e.http().post('/executions').send({ jobs: [{ type: 'ok' }, { type: 'not ok' }] }).expect(400);
      expect(JSON.stringify(res.body.errors)).toContain('jobs.1.type');
    });

    it('answers 404 to an unknown execution', async () => {
      await e2e.http().get('/executions/default-0000000000ZZZZZZZZZZ').expect(404);
      await e2e.http().get('/executions/default-0000000000ZZZZZZZZZZ/jobs').expect(404);
      await e2e.http().post('/executions/default-0000000000ZZZZZZZZZZ/cancel').expect(404);
    });

    it('derives succeeded, failed and partial once every job is final, with finishedAt', async () => {
      type Outcome = (i: number) => 'succeed' | 'fail';
      const cases: Array<[Outcome, string]> = [
        [() => 'succeed', 'succeeded'],
        [() => 'fail', 'failed'],
        [(i) => (i === 0 ? 'succeed' : 'fail'), 'partial'],
      ];
      for (const [outcome, status] of cases) {
        const queue = uniqueQueue();
        const { body } = await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue }, { type: 'a', queue }] }).expect(201);
        await settleAll(queue, outcome);
        const got = await e2e.http().get(`/executions/${body.id}`).expect(200);
        expect(got.body).toMatchObject({ status, finishedAt: expect.any(String) });
      }
    });

    it('pages through the jobs of an execution with a cursor', async () => {
      const queue = uniqueQueue();
      const jobs = Array.from({ length: 5 }, (_, i) => ({ type: 't', queue, payload: { i } }));
      const { body } = await e2e.http().post('/executions').send({ jobs }).expect(201);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: Array<{ payload: { i: number }; executionId: string }>; nextCursor: string | null } } = await e2e.http().get(`/executions/${body.id}/jobs`).query(cursor ? { limit: 2, cursor } : { limit: 2 }).expect(200);
        seen.push(...page.body.items.map((j: { payload: { i: number }; executionId: string }) => j.payload.i));
        expect(page.body.items.every((j: { executionId: string }) => j.executionId === body.id)).toBe(true);
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([0, 1, 2, 3, 4]);
    });

    it('lists a queue\'s executions newest first with GET /executions, paged, each as GET /executions/:id shows it', async () => {
      const queue = uniqueQueue();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue }] }).expect(201)).body.id);
        // a new millisecond: creation times tell the executions apart
        const since = Date.now();
        while (Date.now() === since) await new Promise((resolve) => setImmediate(resolve));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: Array<{ id: string }>; nextCursor: string | null } } = await e2e
          .http()
          .get('/executions')
          .query(cursor ? { queue, limit: 2, cursor } : { queue, limit: 2 })
          .expect(200);
        expect(page.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.items.map((e) => e.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
      const first = (await e2e.http().get('/executions').query({ queue, limit: 1 }).expect(200)).body;
      expect(first).toEqual({ items: [(await e2e.http().get(`/executions/${ids[4]}`).expect(200)).body], nextCursor: expect.any(String) });
      expect(first.items[0]).toMatchObject({ queue, status: 'running', total: 1, counts: { pending: 1 }, createdAt: expect.any(String) });
    });

    it('answers GET /executions with 400 naming the field for a bad queue, limit or cursor', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ queue: 'not-a-queue-of-QUEUES' }, 'queue'],
        [{ queue: 'bad name' }, 'queue'],
        [{ limit: '0' }, 'limit'],
        [{ limit: '501' }, 'limit'],
        [{ cursor: 'nope' }, 'cursor'],
      ];
      for (const [query, field] of cases) {
        const res = await e2e.http().get('/executions').query(query).expect(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ field })]);
      }
      await expect(e2e.http().get('/executions').expect(200)).resolves.toMatchObject({ body: { items: expect.any(Array) } });
    });

    it('cancels what has not finished', async () => {
      const queue = uniqueQueue();
      const { body } = await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue, priority: 1 }, { type: 'a', queue }, { type: 'a', queue, delayMs: 60_000 }] }).expect(201);
      await settleAll(queue, () => 'succeed'); // claims the two pending jobs
      const res = await e2e.http().post(`/executions/${body.id}/cancel`).expect(200);
      expect(res.body).toMatchObject({ status: 'partial', counts: { succeeded: 2, cancelled: 1 } });
    });

    it('reports refresh backlog in GET /queues and drains it with a refresh pass, enqueuing the callback once', async () => {
      const queue = uniqueQueue();
      const { body } = await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue }], callbackUrl: 'http://example.test/done' }).expect(201);
      await settleAll(queue, () => 'fail');
      const before = await e2e.http().get('/queues').expect(200);
      expect(before.body).toContainEqual(expect.objectContaining({ name: queue, refresh: { backlog: 1, inFlight: 0 } }));
      const refresh = e2e.app.get(ExecutionRefreshService);
      await refresh.refreshQueue(queue);
      const after = await e2e.http().get('/queues').expect(200);
      expect(after.body).toContainEqual(expect.objectContaining({ name: queue, refresh: { backlog: 0, inFlight: 0 } }));
      const callbacks = (await e2e.store.admin.list({ queue, type: 'http', limit: 10 })).items;
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0].payload).toMatchObject({ url: 'http://example.test/done', method: 'POST', body: { id: body.id, status: 'failed' } });
      // the execution ends again (a job retried by the API): refreshed again, but no second callback
      const [job] = (await e2e.http().get(`/executions/${body.id}/jobs`).expect(200)).body.items;
      await e2e.http().post(`/jobs/${job.id}/retry`).expect(200);
      await settleAll(queue, () => 'succeed');
      await expect(refresh.refreshQueue(queue)).resolves.toBe(1);
      expect((await e2e.store.admin.list({ queue, type: 'http', limit: 10 })).items).toHaveLength(1);
    });
  });
}
