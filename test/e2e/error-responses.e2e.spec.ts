import { StoreUnavailableError } from '../../src/domain/errors';
import { E2eApp, startE2eApp } from './e2e-app';

describe('error responses (e2e)', () => {
  describe('size limits', () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({ MAX_PAYLOAD_BYTES: '1024', MAX_BODY_BYTES: '4096' });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    it('answers 413 naming the payload when it is over MAX_PAYLOAD_BYTES', async () => {
      const res = await e2e.http().post('/jobs').send({ type: 't', payload: 'x'.repeat(2000) }).expect(413);
      expect(res.body).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
        code: 'payload_too_large',
        errors: [{ field: 'payload', reason: 'is 2002 bytes, more than the limit of 1024 bytes' }],
      });
    });

    it('answers 413 in JSON when the body is over MAX_BODY_BYTES', async () => {
      const res = await e2e.http().post('/jobs').send({ type: 't', payload: 'x'.repeat(5000) }).expect(413);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.body).toMatchObject({ statusCode: 413, errors: [{ field: 'body', reason: 'is larger than the limit of 4096 bytes' }] });
    });

    it('accepts a body larger than express’s default 100 KB when the limit allows it', async () => {
      const big = await startE2eApp({ MAX_BODY_BYTES: String(1024 * 1024) });
      try {
        const jobs = Array.from({ length: 300 }, () => ({ type: 't', payload: 'x'.repeat(500) }));
        await big.http().post('/jobs/bulk').send({ jobs }).expect(201);
      } finally {
        await big.close();
      }
    });
  });

  describe('store failures', () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp();
    });

    afterAll(async () => {
      await e2e?.close();
    });

    afterEach(() => vi.restoreAllMocks());

    it('answers 503 with Retry-After when the store is unavailable', async () => {
      vi.spyOn(e2e.store.admin, 'get').mockRejectedValueOnce(new StoreUnavailableError('redis connection lost', 5));
      const res = await e2e.http().get('/jobs/default-0000000000ZZZZZZZZZZ').expect(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'store_unavailable' });
    });

    it('answers 500 without internals to anything unexpected', async () => {
      vi.spyOn(e2e.store.jobs, 'enqueue').mockRejectedValueOnce(new TypeError('cannot read secretInternalThing of undefined'));
      const res = await e2e.http().post('/jobs').send({ type: 't' }).expect(500);
      expect(res.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'internal error', code: 'internal_error' });
      expect(JSON.stringify(res.body)).not.toContain('secret');
    });

    it('answers unknown routes with 404 in the same shape', async () => {
      const res = await e2e.http().get('/nope').expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    });
  });
});
