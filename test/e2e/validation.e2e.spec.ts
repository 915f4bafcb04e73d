import { E2eApp, startE2eApp } from './e2e-app';

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
});
