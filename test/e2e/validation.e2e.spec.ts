import { E2E_QUEUES, E2eApp, startE2eApp } from './e2e-app';

const A_YEAR_AND_A_DAY_MS = 366 * 86_400_000;

/** Bad input of every field: 400, and `errors` names the field. */
describe('input validation (e2e)', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp();
  });

  afterAll(async () => {
    await e2e?.close();
  });

  const job = (extra: object): object => ({ type: 'ok', ...extra });
  const http = (payload: unknown): object => ({ type: 'http', payload });

  describe('POST /jobs', () => {
    it.each<[string, object | (() => object), string]>([
      ['missing type', {}, 'type'],
      ['empty type', { type: '' }, 'type'],
      ['type with a space', { type: 'a b' }, 'type'],
      ['type of 101 characters', { type: 'x'.repeat(101) }, 'type'],
      ['type not a string', { type: 5 }, 'type'],
      ['queue with a slash', job({ queue: 'a/b' }), 'queue'],
      ['empty queue', job({ queue: '' }), 'queue'],
      ['priority above 1000', job({ priority: 1001 }), 'priority'],
      ['priority below -1000', job({ priority: -1001 }), 'priority'],
      ['fractional priority', job({ priority: 1.5 }), 'priority'],
      ['priority as a string', job({ priority: '1' }), 'priority'],
      ['maxAttempts 0', job({ maxAttempts: 0 }), 'maxAttempts'],
      ['maxAttempts 101', job({ maxAttempts: 101 }), 'maxAttempts'],
      ['timeoutMs 0', job({ timeoutMs: 0 }), 'timeoutMs'],
      ['timeoutMs over a day', job({ timeoutMs: 86_400_001 }), 'timeoutMs'],
      ['negative delayMs', job({ delayMs: -1 }), 'delayMs'],
      ['fractional delayMs', job({ delayMs: 1.5 }), 'delayMs'],
      ['delayMs over a year', job({ delayMs: A_YEAR_AND_A_DAY_MS }), 'delayMs'],
      ['delayMs with runAt', job({ delayMs: 1, runAt: 1 }), 'delayMs'],
      ['runAt not a date', job({ runAt: 'tomorrow' }), 'runAt'],
      ['runAt without a zone', job({ runAt: '2030-01-01T00:00:00' }), 'runAt'],
      ['negative runAt', job({ runAt: -1 }), 'runAt'],
      ['runAt more than a year ahead', () => job({ runAt: Date.now() + A_YEAR_AND_A_DAY_MS }), 'runAt'],
      ['backoff not an object', job({ backoff: 5 }), 'backoff'],
      ['unknown backoff strategy', job({ backoff: { strategy: 'linear', delayMs: 1 } }), 'backoff.strategy'],
      ['backoff without delayMs', job({ backoff: { strategy: 'fixed' } }), 'backoff.delayMs'],
      ['negative backoff delayMs', job({ backoff: { strategy: 'fixed', delayMs: -1 } }), 'backoff.delayMs'],
      ['backoff cap below its delay', job({ backoff: { strategy: 'fixed', delayMs: 100, maxDelayMs: 10 } }), 'backoff.maxDelayMs'],
      ['unknown backoff field', job({ backoff: { strategy: 'fixed', delayMs: 1, jitter: true } }), 'backoff.jitter'],
      ['empty idempotencyKey', job({ idempotencyKey: '' }), 'idempotencyKey'],
      ['idempotencyKey of 201 characters', job({ idempotencyKey: 'k'.repeat(201) }), 'idempotencyKey'],
      ['idempotencyKey not a string', job({ idempotencyKey: 5 }), 'idempotencyKey'],
      ['callbackUrl with ftp', job({ callbackUrl: 'ftp://example.com/x' }), 'callbackUrl'],
      ['callbackUrl relative', job({ callbackUrl: '/hooks/x' }), 'callbackUrl'],
      ['callbackUrl not a URL', job({ callbackUrl: 'not a url' }), 'callbackUrl'],
      ['unknown field', job({ colour: 'blue' }), 'colour'],
      ['schedule (set by claimq only)', job({ schedule: { name: 'nightly', fireAt: 1 } }), 'schedule'],
      ['http job without payload', { type: 'http' }, 'payload'],
      ['http job with a string payload', http('https://example.com'), 'payload'],
      ['http job without url', http({}), 'payload.url'],
      ['http job with a relative url', http({ url: '/x' }), 'payload.url'],
      ['http job with an ftp url', http({ url: 'ftp://example.com' }), 'payload.url'],
      ['http job with an unknown method', http({ url: 'https://example.com', method: 'TRACE' }), 'payload.method'],
      ['http job with a lower-case method', http({ url: 'https://example.com', method: 'post' }), 'payload.method'],
      ['http job with non-string headers', http({ url: 'https://example.com', headers: { 'x-n': 1 } }), 'payload.headers'],
      ['http job with headers as a list', http({ url: 'https://example.com', headers: ['a'] }), 'payload.headers'],
      ['http job with an unknown payload field', http({ url: 'https://example.com', retries: 3 }), 'payload.retries'],
    ])('%s -> 400 naming %s', async (_case, body, field) => {
      const res = await e2e
        .http()
        .post('/jobs')
        .send(typeof body === 'function' ? body() : body)
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.errors).toEqual([{ field, reason: expect.any(String) }]);
      expect(res.body.message).toContain(field);
    });

    it('lists every bad field at once, with nested paths', async () => {
      const res = await e2e
        .http()
        .post('/jobs')
        .send({ type: 'a b', priority: 5000, backoff: { strategy: 'fixed', delayMs: -5 }, extra: 1 })
        .expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['backoff.delayMs', 'extra', 'priority', 'type']);
    });

    it('refuses a schedule (claimq alone sets it) in /jobs/bulk and /executions too, naming jobs.N.schedule', async () => {
      const jobs = [{ type: 'ok' }, { type: 'ok', schedule: { name: 'nightly', fireAt: 1 } }];
      for (const route of ['/jobs/bulk', '/executions']) {
        const res = await e2e.http().post(route).send({ jobs }).expect(400);
        expect(res.body.errors).toEqual([{ field: 'jobs.1.schedule', reason: 'is not a known field' }]);
      }
    });

    it('accepts any JSON payload for other types', async () => {
      for (const payload of [null, 0, 'text', [1, 2], { deep: { er: [true] } }]) {
        const res = await e2e.http().post('/jobs').send({ type: 'any', payload }).expect(201);
        expect(res.body.payload).toEqual(payload);
      }
    });
  });

  describe('the request body', () => {
    it('answers 400 to malformed JSON', async () => {
      const res = await e2e.http().post('/jobs').set('Content-Type', 'application/json').send('{"type": "a",').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('answers 400 to a body that is not an object', async () => {
      const res = await e2e.http().post('/jobs').send([{ type: 'a' }]).expect(400);
      expect(res.body.errors).toEqual([{ field: 'body', reason: 'must be a JSON object' }]);
    });
  });

  describe('GET /jobs query', () => {
    it.each<[string, Record<string, string>, string]>([
      ['unknown status', { status: 'done' }, 'status'],
      ['limit 0', { limit: '0' }, 'limit'],
      ['limit 501', { limit: '501' }, 'limit'],
      ['limit not a number', { limit: 'ten' }, 'limit'],
      ['bad queue name', { queue: 'a b' }, 'queue'],
      ['bad type name', { type: 'a/b' }, 'type'],
      ['unknown parameter', { sort: 'asc' }, 'sort'],
    ])('%s -> 400 naming %s', async (_case, query, field) => {
      const res = await e2e.http().get('/jobs').query(query).expect(400);
      expect(res.body.errors).toEqual([{ field, reason: expect.any(String) }]);
    });
  });

  describe('queues outside QUEUES', () => {
    const reason = `must be one of the queues this service accepts (QUEUES): ${E2E_QUEUES.split(',').join(', ')}`;

    it('POST /jobs -> 400 naming queue and the accepted queues', async () => {
      const res = await e2e.http().post('/jobs').send({ type: 't', queue: 'not-served' }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'queue', reason }]);
    });

    it('POST /jobs/bulk -> 400 naming jobs.N.queue', async () => {
      const jobs = [{ type: 't' }, { type: 't' }, { type: 't' }, { type: 't', queue: 'not-served' }];
      const res = await e2e.http().post('/jobs/bulk').send({ jobs }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'jobs.3.queue', reason }]);
    });

    it('POST /executions -> 400 naming jobs.N.queue', async () => {
      const res = await e2e.http().post('/executions').send({ jobs: [{ type: 't', queue: 'not-served' }] }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'jobs.0.queue', reason }]);
    });

    it('GET /jobs?queue= -> 400 naming queue', async () => {
      const res = await e2e.http().get('/jobs').query({ queue: 'not-served' }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'queue', reason }]);
    });
  });

  describe('deeply nested JSON', () => {
    /** `depth` levels of containers, objects and arrays in turn. */
    const nested = (depth: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
      return value;
    };
    const reason = 'must not be nested more than 64 levels deep';

    it.each([65, 100, 2000])('POST /jobs with a payload %i deep -> 400 naming payload', async (depth) => {
      const res = await e2e.http().post('/jobs').send({ type: 't', payload: nested(depth) }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'payload', reason }]);
    });

    it('POST /jobs with a payload 100,000 deep -> 400 naming payload', async () => {
      // Sent as text: the test's own client would overflow its stack serializing it.
      const body = `{"type":"t","payload":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const res = await e2e.http().post('/jobs').set('content-type', 'application/json').send(body).expect(400);
      expect(res.body.errors).toEqual([{ field: 'payload', reason }]);
    });

    it('POST /jobs takes a payload 64 deep, and returns it as sent', async () => {
      const payload = nested(64);
      const res = await e2e.http().post('/jobs').send({ type: 't', payload }).expect(201);
      expect(res.body.payload).toEqual(payload);
    });

    it.each([65, 2000])('POST /jobs/bulk and /executions with a payload %i deep -> 400 naming jobs.N.payload', async (depth) => {
      const jobs = [{ type: 't' }, { type: 't', payload: nested(depth) }];
      for (const route of ['/jobs/bulk', '/executions']) {
        const res = await e2e.http().post(route).send({ jobs }).expect(400);
        expect(res.body.errors).toEqual([{ field: 'jobs.1.payload', reason }]);
      }
    });

    it('an http job with a body 2000 deep -> 400 naming payload; its url is still checked', async () => {
      const deep = await e2e.http().post('/jobs').send(http({ url: 'https://example.com', body: nested(2000) })).expect(400);
      expect(deep.body.errors).toEqual([{ field: 'payload', reason }]);
      const noUrl = await e2e.http().post('/jobs').send(http({ body: nested(10) })).expect(400);
      expect(noUrl.body.errors).toEqual([{ field: 'payload.url', reason: expect.any(String) }]);
    });

    it('a deep value outside any payload -> 400, not 500', async () => {
      const res = await e2e.http().post('/jobs').send({ type: 't', colour: nested(2000) }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'body', reason: expect.stringContaining('nested more than') }]);
    });
  });
});
