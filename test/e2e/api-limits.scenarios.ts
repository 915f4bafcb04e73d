import { MAX_ATTEMPTS_LIMIT, PRIORITY_MAX, PRIORITY_MIN } from '../../src/domain/job';
import {
  MAX_BACKOFF_DELAY_MS,
  MAX_BULK_JOBS,
  MAX_CALLBACK_URL_LENGTH,
  MAX_CURSOR_LENGTH,
  MAX_DELAY_MS,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_LIST_LIMIT,
  MAX_TIMEOUT_MS,
} from '../../src/modules/jobs/job-limits';
import { E2E_QUEUES, E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/** A queue name of the longest length a name may have (100), accepted by the app below. */
const LONGEST_QUEUE = `q${'x'.repeat(99)}`;
const LONGEST_TYPE = `t${'y'.repeat(99)}`;

/** A callbackUrl of exactly `length` characters. */
function urlOfLength(length: number): string {
  const head = 'http://127.0.0.1:9/cb?k=';
  return head + 'a'.repeat(length - head.length);
}

/**
 * Every limit the API declares (README, "Limits"), run AT its maximum on each store: the largest
 * legal value is accepted, stored and read back whole, and one past it is refused naming the field.
 * The refusals one past each limit are also in validation.e2e.spec.ts; here they sit next to the
 * value at the limit so the two edges are tested together.
 */
export function describeApiLimits(storeName: string, env: () => Record<string, string>): void {
  describe(`API limits on the ${storeName} store`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({ ...env(), QUEUES: `${E2E_QUEUES},${LONGEST_QUEUE}` });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    it('takes a job with every field at its maximum and returns it as sent', async () => {
      const payload = 'p'.repeat(e2e.config.maxPayloadBytes - 2); // its JSON is exactly MAX_PAYLOAD_BYTES
      const spec = {
        type: LONGEST_TYPE,
        queue: LONGEST_QUEUE,
        payload,
        priority: PRIORITY_MAX,
        maxAttempts: MAX_ATTEMPTS_LIMIT,
        timeoutMs: MAX_TIMEOUT_MS,
        backoff: { strategy: 'exponential', delayMs: MAX_BACKOFF_DELAY_MS, maxDelayMs: MAX_BACKOFF_DELAY_MS },
        idempotencyKey: 'k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH),
        callbackUrl: urlOfLength(MAX_CALLBACK_URL_LENGTH),
        delayMs: MAX_DELAY_MS,
      };
      const before = Date.now();
      const res = await e2e.http().post('/jobs').send(spec).expect(201);
      const { delayMs: _delay, ...stored } = spec;
      expect(res.body).toMatchObject({ ...stored, status: 'scheduled' });
      expect(Date.parse(res.body.runAt)).toBeGreaterThanOrEqual(before + MAX_DELAY_MS - 1000);
      const got = await e2e.http().get(`/jobs/${res.body.id}`).expect(200);
      expect(got.body).toEqual(res.body);
      // the same key at its maximum length finds the same job
      const again = await e2e.http().post('/jobs').send(spec).expect(200);
      expect(again.body.id).toBe(res.body.id);
    });

    it.each<[string, object, string, number]>([
      ['type', { type: `${LONGEST_TYPE}z` }, 'type', 400],
      ['queue', { type: 't', queue: `${LONGEST_QUEUE}z` }, 'queue', 400],
      ['priority', { type: 't', priority: PRIORITY_MAX + 1 }, 'priority', 400],
      ['maxAttempts', { type: 't', maxAttempts: MAX_ATTEMPTS_LIMIT + 1 }, 'maxAttempts', 400],
      ['timeoutMs', { type: 't', timeoutMs: MAX_TIMEOUT_MS + 1 }, 'timeoutMs', 400],
      ['delayMs', { type: 't', delayMs: MAX_DELAY_MS + 1 }, 'delayMs', 400],
      ['backoff.delayMs', { type: 't', backoff: { strategy: 'fixed', delayMs: MAX_BACKOFF_DELAY_MS + 1 } }, 'backoff.delayMs', 400],
      ['idempotencyKey', { type: 't', idempotencyKey: 'k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH + 1) }, 'idempotencyKey', 400],
      ['callbackUrl', { type: 't', callbackUrl: urlOfLength(MAX_CALLBACK_URL_LENGTH + 1) }, 'callbackUrl', 400],
    ])('refuses %s one past its maximum, naming it', async (_name, body, field, status) => {
      const res = await e2e.http().post('/jobs').send(body).expect(status);
      expect(res.body.errors).toEqual([{ field, reason: expect.any(String) }]);
    });

    it('refuses a payload one byte past MAX_PAYLOAD_BYTES with 413 naming payload', async () => {
      const payload = 'p'.repeat(e2e.config.maxPayloadBytes - 1);
      const res = await e2e.http().post('/jobs').send({ type: 't', payload }).expect(413);
      expect(res.body.errors).toEqual([{ field: 'payload', reason: expect.any(String) }]);
    });

    it('takes runAt a year ahead, at the minimum and maximum priority, and claims the higher first', async () => {
      const queue = uniqueQueue();
      const runAt = new Date(Date.now() + MAX_DELAY_MS - 60_000).toISOString();
      await e2e.http().post('/jobs').send({ type: 't', queue, runAt }).expect(201);
      const low = await e2e.http().post('/jobs').send({ type: 't', queue, priority: PRIORITY_MIN }).expect(201);
      const high = await e2e.http().post('/jobs').send({ type: 't', queue, priority: PRIORITY_MAX }).expect(201);
      const { jobs } = await e2e.store.jobs.claim(queue, 'limits-worker', 3, 60_000);
      expect(jobs.map((c) => c.job.id)).toEqual([high.body.id, low.body.id]);
    });

    it(`runs a job to its ${MAX_ATTEMPTS_LIMIT}th attempt and fails it for good at the maximum of attempts`, async () => {
      const queue = uniqueQueue();
      const job = await e2e
        .http()
        .post('/jobs')
        .send({ type: 't', queue, maxAttempts: MAX_ATTEMPTS_LIMIT, backoff: { strategy: 'fixed', delayMs: 0 } })
        .expect(201);
      for (let attempt = 1; attempt <= MAX_ATTEMPTS_LIMIT; attempt++) {
        const { jobs } = await e2e.store.jobs.claim(queue, 'limits-worker', 1, 60_000);
        expect(jobs).toHaveLength(1);
        expect(jobs[0].job.attempts).toBe(attempt);
        await e2e.store.jobs.fail(queue, [{ id: job.body.id, token: jobs[0].token, error: `boom ${attempt}`, retryable: true }]);
      }
      const got = await e2e.http().get(`/jobs/${job.body.id}`).expect(200);
      expect(got.body).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS_LIMIT });
    });

    it(`takes a bulk of ${MAX_BULK_JOBS} jobs and lists them ${MAX_LIST_LIMIT} at a time`, async () => {
      const queue = uniqueQueue();
      const jobs = Array.from({ length: MAX_BULK_JOBS }, (_, i) => ({ type: 't', queue, payload: { i } }));
      const res = await e2e.http().post('/jobs/bulk').send({ jobs }).expect(201);
      expect(res.body.ids).toHaveLength(MAX_BULK_JOBS);
      const seen = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await e2e
          .http()
          .get('/jobs')
          .query({ queue, limit: MAX_LIST_LIMIT, ...(cursor ? { cursor } : {}) })
          .expect(200);
        expect(page.body.items.length).toBeLessThanOrEqual(MAX_LIST_LIMIT);
        for (const item of page.body.items) seen.add(item.id);
        cursor = page.body.nextCursor ?? undefined;
        pages++;
      } while (cursor && pages < 10);
      expect(seen.size).toBe(MAX_BULK_JOBS);
      expect(pages).toBeGreaterThanOrEqual(MAX_BULK_JOBS / MAX_LIST_LIMIT);
      const over = await e2e.http().get('/jobs').query({ queue, limit: MAX_LIST_LIMIT + 1 }).expect(400);
      expect(over.body.errors).toEqual([{ field: 'limit', reason: expect.any(String) }]);
    });

    it(`refuses a cursor at and past ${MAX_CURSOR_LENGTH} characters it did not hand out, naming cursor`, async () => {
      for (const cursor of ['c'.repeat(MAX_CURSOR_LENGTH), 'c'.repeat(MAX_CURSOR_LENGTH + 1)]) {
        const res = await e2e.http().get('/jobs').query({ cursor }).expect(400);
        expect(res.body.errors).toEqual([{ field: 'cursor', reason: expect.any(String) }]);
      }
    });
  });
}
