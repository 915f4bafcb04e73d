import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A whole second some days ahead (runAt may be at most a year out). */
const daysAhead = (days: number): number => Math.floor(Date.now() / 1000) * 1000 + days * 86_400_000;

/**
 * The REST API's behaviour, written once and run on every store (memory, redis), as the contract
 * suite does for the stores themselves.
 */
export function describeJobsApi(storeName: string, env: () => Record<string, string>): void {
  describe(`jobs API on the ${storeName} store`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp(env());
    });

    afterAll(async () => {
      await e2e?.close();
    });

    async function enqueue(body: object): Promise<{ id: string; status: string; [key: string]: unknown }> {
      const res = await e2e.http().post('/jobs').send(body).expect(201);
      return res.body;
    }

    /** Claims the job's queue and fails what it got for good: the job ends `failed`. */
    async function failForGood(queue: string): Promise<void> {
      const { jobs } = await e2e.store.jobs.claim(queue, 'e2e-worker', 1, 60_000);
      expect(jobs).toHaveLength(1);
      await e2e.store.jobs.fail(queue, [{ id: jobs[0].job.id, token: jobs[0].token, error: 'boom', retryable: false }]);
    }

    describe('POST /jobs', () => {
      it('adds a job with the documented defaults and answers 201 with it', async () => {
        const before = Date.now();
        const res = await e2e.http().post('/jobs').send({ type: 'email.send' }).expect(201);
        expect(res.body).toMatchObject({
          queue: 'default',
          type: 'email.send',
          payload: null,
          status: 'pending',
          priority: 0,
          attempts: 0,
          maxAttempts: 3,
          timeoutMs: 90_000,
          backoff: { strategy: 'exponential', delayMs: 1000, maxDelayMs: 3_600_000 },
        });
        expect(res.body.id).toMatch(/^default(~[0-9]+)?-/);
        for (const key of ['runAt', 'createdAt', 'updatedAt']) expect(res.body[key]).toMatch(ISO);
        expect(Date.parse(res.body.runAt)).toBeGreaterThanOrEqual(before - 1000);
        expect(res.body).not.toHaveProperty('startedAt');
      });

      it('keeps every option it was given', async () => {
        const queue = uniqueQueue();
        const runAt = new Date(daysAhead(30));
        const job = await enqueue({
          type: 'report.build',
          queue,
          payload: { month: '2030-01', nested: [1, { a: null }] },
          priority: 7,
          runAt: runAt.toISOString().replace('.000Z', 'Z'),
          maxAttempts: 5,
          backoff: { strategy: 'fixed', delayMs: 250, maxDelayMs: 1000 },
          timeoutMs: 1000,
          idempotencyKey: `key-${queue}`,
          callbackUrl: 'https://hooks.example.com/done',
        });
        expect(job).toMatchObject({
          queue,
          payload: { month: '2030-01', nested: [1, { a: null }] },
          status: 'scheduled',
          priority: 7,
          runAt: runAt.toISOString(),
          maxAttempts: 5,
          backoff: { strategy: 'fixed', delayMs: 250, maxDelayMs: 1000 },
          timeoutMs: 1000,
          idempotencyKey: `key-${queue}`,
          callbackUrl: 'https://hooks.example.com/done',
        });
      });

      it('schedules a delayed job delayMs from now', async () => {
        const before = Date.now();
        const job = await enqueue({ type: 't', queue: uniqueQueue(), delayMs: 60_000 });
        expect(job.status).toBe('scheduled');
        expect(Date.parse(job.runAt as string)).toBeGreaterThanOrEqual(before + 60_000);
      });

      it('accepts runAt as epoch milliseconds', async () => {
        const runAt = daysAhead(2);
        const job = await enqueue({ type: 't', queue: uniqueQueue(), runAt });
        expect(job).toMatchObject({ status: 'scheduled', runAt: new Date(runAt).toISOString() });
      });

      it('returns the existing job with 200 when the idempotency key repeats', async () => {
        const queue = uniqueQueue();
        const first = await e2e.http().post('/jobs').send({ type: 't', queue, idempotencyKey: 'once', payload: 1 }).expect(201);
        const again = await e2e.http().post('/jobs').send({ type: 't', queue, idempotencyKey: 'once', payload: 2 }).expect(200);
        expect(again.body.id).toBe(first.body.id);
        expect(again.body.payload).toBe(1);
        const list = await e2e.http().get('/jobs').query({ queue }).expect(200);
        expect(list.body.items).toHaveLength(1);
      });

      it('answers concurrent requests each its own job, and one job per idempotency key (the jobs of a turn are written together)', async () => {
        const queue = uniqueQueue();
        const send = (body: object) => e2e.http().post('/jobs').send({ type: 't', queue, ...body });
        const answers = await Promise.all([
          ...Array.from({ length: 10 }, (_, i) => send({ idempotencyKey: 'shared', payload: { keyed: i } })),
          ...Array.from({ length: 10 }, (_, i) => send({ payload: { plain: i } })),
        ]);
        const keyed = answers.slice(0, 10);
        const plain = answers.slice(10);
        expect(keyed.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
        expect(new Set(keyed.map((res) => res.body.id)).size).toBe(1);
        const winner = keyed.find((res) => res.status === 201)!;
        expect(keyed.every((res) => JSON.stringify(res.body.payload) === JSON.stringify(winner.body.payload))).toBe(true);
        expect(plain.map((res) => res.status)).toEqual(Array(10).fill(201));
        expect(plain.map((res) => res.body.payload)).toEqual(Array.from({ length: 10 }, (_, i) => ({ plain: i })));
        expect(new Set([...plain.map((res) => res.body.id), winner.body.id]).size).toBe(11);
        const list = await e2e.http().get('/jobs').query({ queue, limit: 100 }).expect(200);
        expect(list.body.items).toHaveLength(11);
      });

      it('stores an http job whose payload is well formed, as sent', async () => {
        const payload = { url: 'http://localhost:9/hook', method: 'PUT', headers: { 'x-a': 'b' }, body: { n: 1 } };
        const job = await enqueue({ type: 'http', queue: uniqueQueue(), payload });
        expect(job.payload).toEqual(payload);
      });
    });

    describe('POST /jobs/bulk', () => {
      it('adds every job and answers the ids in request order', async () => {
        const queue = uniqueQueue();
        const res = await e2e
          .http()
          .post('/jobs/bulk')
          .send({ jobs: [{ type: 't1', queue }, { type: 't2', queue }, { type: 't3', queue }] })
          .expect(201);
        expect(res.body.ids).toHaveLength(3);
        const jobs = await Promise.all(res.body.ids.map((id: string) => e2e.http().get(`/jobs/${id}`).expect(200)));
        expect(jobs.map((r) => [r.body.type, r.body.queue])).toEqual([['t1', queue], ['t2', queue], ['t3', queue]]);
      });

      it('adds nothing when the jobs span queues, and names the first stray by index', async () => {
        const [a, b] = [uniqueQueue(), uniqueQueue()];
        const res = await e2e
          .http()
          .post('/jobs/bulk')
          .send({ jobs: [{ type: 't1', queue: a }, { type: 't2', queue: a }, { type: 't3', queue: b }] })
          .expect(400);
        expect(res.body.errors).toEqual([{ field: 'jobs.2.queue', reason: `must be ${a}, the queue of jobs.0: a bulk's jobs share one queue` }]);
        for (const queue of [a, b]) expect((await e2e.http().get('/jobs').query({ queue }).expect(200)).body.items).toEqual([]);
      });

      it('adds nothing when one job is invalid, and names it by index', async () => {
        const queue = uniqueQueue();
        const res = await e2e
          .http()
          .post('/jobs/bulk')
          .send({ jobs: [{ type: 'ok', queue }, { type: 'ok', queue }, { type: 'ok', queue }, { type: 'not ok', queue }] })
          .expect(400);
        expect(res.body.errors).toEqual([{ field: 'jobs.3.type', reason: 'must match [A-Za-z0-9_.:-]{1,100}' }]);
        const list = await e2e.http().get('/jobs').query({ queue }).expect(200);
        expect(list.body.items).toEqual([]);
      });

      it('adds nothing when one payload is over the limit (413 naming it)', async () => {
        const queue = uniqueQueue();
        const big = 'x'.repeat(e2e.config.maxPayloadBytes + 1);
        const res = await e2e
          .http()
          .post('/jobs/bulk')
          .send({ jobs: [{ type: 'ok', queue }, { type: 'ok', queue, payload: big }] })
          .expect(413);
        expect(res.body.errors[0].field).toBe('jobs.1.payload');
        const list = await e2e.http().get('/jobs').query({ queue }).expect(200);
        expect(list.body.items).toEqual([]);
      });

      it('refuses an empty bulk and one over 1000 jobs', async () => {
        await e2e.http().post('/jobs/bulk').send({ jobs: [] }).expect(400);
        const res = await e2e
          .http()
          .post('/jobs/bulk')
          .send({ jobs: Array.from({ length: 1001 }, () => ({ type: 't' })) })
          .expect(400);
        expect(res.body.errors).toEqual([{ field: 'jobs', reason: 'must contain no more than 1000 elements' }]);
      });
    });

    describe('payloads round-trip whatever their keys', () => {
      const PAYLOAD_JSON =
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":2,"list":[{"__proto__":null}]}';
      const payload = (): unknown => JSON.parse(PAYLOAD_JSON);

      afterEach(() => {
        // nothing reached a shared prototype
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      });

      it('POST /jobs, GET /jobs/:id and the claimed job carry __proto__, constructor and prototype keys as sent', async () => {
        const queue = uniqueQueue();
        const raw = `{"type":"t","queue":"${queue}","payload":${PAYLOAD_JSON}}`;
        const res = await e2e.http().post('/jobs').set('content-type', 'application/json').send(raw).expect(201);
        expect(JSON.stringify(res.body.payload)).toBe(PAYLOAD_JSON);
        const got = await e2e.http().get(`/jobs/${res.body.id}`).expect(200);
        expect(JSON.stringify(got.body.payload)).toBe(PAYLOAD_JSON);
        const { jobs } = await e2e.store.jobs.claim(queue, 'w', 1, 60_000);
        expect(JSON.stringify(jobs[0].job.payload)).toBe(PAYLOAD_JSON);
        expect(Object.getPrototypeOf(jobs[0].job.payload)).toBe(Object.prototype);
      });

      it('bulk and execution jobs keep them too', async () => {
        const queue = uniqueQueue();
        const job = `{"type":"t","queue":"${queue}","payload":${PAYLOAD_JSON}}`;
        const bulk = await e2e.http().post('/jobs/bulk').set('content-type', 'application/json').send(`{"jobs":[${job},${job}]}`).expect(201);
        const execution = await e2e.http().post('/executions').set('content-type', 'application/json').send(`{"jobs":[${job}]}`).expect(201);
        const listed = await e2e.http().get(`/executions/${execution.body.id}/jobs`).expect(200);
        for (const id of bulk.body.ids) expect(JSON.stringify((await e2e.http().get(`/jobs/${id}`).expect(200)).body.payload)).toBe(PAYLOAD_JSON);
        expect(JSON.stringify(listed.body.items[0].payload)).toBe(PAYLOAD_JSON);
        expect(payload()).toEqual(JSON.parse(JSON.stringify(listed.body.items[0].payload)));
      });

      it('a __proto__ key in the request itself (outside any payload) sets nothing', async () => {
        const queue = uniqueQueue();
        const raw = `{"type":"t","queue":"${queue}","__proto__":{"priority":999,"queue":"elsewhere"}}`;
        const res = await e2e.http().post('/jobs').set('content-type', 'application/json').send(raw).expect(201);
        expect(res.body).toMatchObject({ queue, priority: 0 });
      });
    });

    describe('GET /jobs/:id', () => {
      it('answers the job', async () => {
        const job = await enqueue({ type: 't', queue: uniqueQueue() });
        const res = await e2e.http().get(`/jobs/${job.id}`).expect(200);
        expect(res.body).toEqual(job);
      });

      it.each([['default-0000000000ZZZZZZZZZZ'], ['not-a-claimq-id'], ['x']])('answers 404 for %s', async (id) => {
        const res = await e2e.http().get(`/jobs/${id}`).expect(404);
        expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'job_not_found' });
      });
    });

    describe('GET /jobs', () => {
      it('pages through a queue with the cursor until nextCursor is null', async () => {
        const queue = uniqueQueue();
        const ids = new Set<string>();
        for (let i = 0; i < 5; i++) ids.add((await enqueue({ type: 't', queue })).id);
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page++) {
          const res = await e2e.http().get('/jobs').query({ queue, limit: 2, ...(cursor ? { cursor } : {}) }).expect(200);
          expect(res.body.items.length).toBeLessThanOrEqual(2);
          seen.push(...res.body.items.map((j: { id: string }) => j.id));
          cursor = res.body.nextCursor ?? undefined;
          if (!cursor) break;
        }
        expect(seen.sort()).toEqual([...ids].sort());
      });

      it('filters by status and type', async () => {
        const queue = uniqueQueue();
        const pending = await enqueue({ type: 'a', queue });
        const scheduled = await enqueue({ type: 'a', queue, delayMs: 60_000 });
        const other = await enqueue({ type: 'b', queue });
        const byStatus = await e2e.http().get('/jobs').query({ queue, status: 'scheduled' }).expect(200);
        expect(byStatus.body.items.map((j: { id: string }) => j.id)).toEqual([scheduled.id]);
        const byType = await e2e.http().get('/jobs').query({ queue, type: 'b' }).expect(200);
        expect(byType.body.items.map((j: { id: string }) => j.id)).toEqual([other.id]);
        const all = await e2e.http().get('/jobs').query({ queue }).expect(200);
        expect(all.body.items.map((j: { id: string }) => j.id).sort()).toEqual([pending.id, scheduled.id, other.id].sort());
        expect(all.body.nextCursor).toBeNull();
      });

      it('lists the default queue when none is named', async () => {
        const job = await enqueue({ type: 'in-default' });
        const res = await e2e.http().get('/jobs').query({ type: 'in-default', limit: 500 }).expect(200);
        expect(res.body.items.map((j: { id: string }) => j.id)).toContain(job.id);
      });

      it('refuses a cursor it did not hand out', async () => {
        const res = await e2e.http().get('/jobs').query({ cursor: '!!garbage!!' }).expect(400);
        expect(res.body.errors[0].field).toBe('cursor');
      });
    });

    describe('POST /jobs/:id/cancel and /retry', () => {
      it('cancels a pending job, then answers 409 to a second cancel', async () => {
        const job = await enqueue({ type: 't', queue: uniqueQueue() });
        const res = await e2e.http().post(`/jobs/${job.id}/cancel`).expect(200);
        expect(res.body).toMatchObject({ id: job.id, status: 'cancelled' });
        const again = await e2e.http().post(`/jobs/${job.id}/cancel`).expect(409);
        expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'invalid_transition' });
      });

      it('asks a running job to cancel', async () => {
        const queue = uniqueQueue();
        const job = await enqueue({ type: 't', queue });
        await e2e.store.jobs.claim(queue, 'e2e-worker', 1, 60_000);
        const res = await e2e.http().post(`/jobs/${job.id}/cancel`).expect(200);
        expect(res.body).toMatchObject({ status: 'running', cancelRequested: true });
      });

      it('retries a cancelled job and a failed one, back to pending with attempts reset', async () => {
        const queue = uniqueQueue();
        const cancelled = await enqueue({ type: 't', queue, delayMs: 60_000 });
        await e2e.http().post(`/jobs/${cancelled.id}/cancel`).expect(200);
        await e2e.http().post(`/jobs/${cancelled.id}/retry`).expect(200).expect((r) => expect(r.body.status).toBe('pending'));

        const failing = uniqueQueue();
        const failed = await enqueue({ type: 't', queue: failing });
        await failForGood(failing);
        await e2e.http().get(`/jobs/${failed.id}`).expect((r) => expect(r.body).toMatchObject({ status: 'failed', lastError: 'boom' }));
        const res = await e2e.http().post(`/jobs/${failed.id}/retry`).expect(200);
        expect(res.body).toMatchObject({ status: 'pending', attempts: 0 });
      });

      it('answers 409 to a retry of a job that has not failed', async () => {
        const job = await enqueue({ type: 't', queue: uniqueQueue() });
        await e2e.http().post(`/jobs/${job.id}/retry`).expect(409);
      });

      it.each(['cancel', 'retry'])('answers 404 to %s of an unknown job', async (action) => {
        await e2e.http().post(`/jobs/default-0000000000ZZZZZZZZZZ/${action}`).expect(404);
      });
    });

    describe('GET /queues', () => {
      it('counts the jobs of each queue by status', async () => {
        const queue = uniqueQueue();
        await enqueue({ type: 't', queue });
        await enqueue({ type: 't', queue });
        await enqueue({ type: 't', queue, delayMs: 60_000 });
        const toCancel = await enqueue({ type: 't', queue, delayMs: 60_000 });
        await e2e.http().post(`/jobs/${toCancel.id}/cancel`).expect(200);
        const res = await e2e.http().get('/queues').expect(200);
        expect(res.body).toContainEqual({
          name: queue,
          counts: { pending: 2, scheduled: 1, running: 0, succeeded: 0, failed: 0, cancelled: 1, blocked: 0, skipped: 0 },
          refresh: { backlog: 0, inFlight: 0 },
        });
        expect(res.body.map((q: { name: string }) => q.name)).toContain('default');
      });
    });

    describe('GET /health/live', () => {
      it('answers ok', async () => {
        const res = await e2e.http().get('/health/live').expect(200);
        expect(res.body.status).toBe('ok');
      });
    });
  });
}
