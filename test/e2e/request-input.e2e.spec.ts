import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/** Hostile and unusual requests: what a browser, a fuzzer or a careless client sends. */
describe('request input (e2e)', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp();
  });

  afterAll(async () => {
    await e2e?.close();
  });

  /** A POST with a body sent as these exact bytes, under this content type. */
  const postRaw = (path: string, raw: string, type = 'application/json') => e2e.http().post(path).set('content-type', type).send(raw);

  describe('bodies that are not JSON: 415, nothing stored', () => {
    it('refuses the cross-site form that would make the server call an internal address', async () => {
      const queue = uniqueQueue();
      // the form named the cloud metadata address; a loopback port nothing listens on stands in
      // (MODE=api: no worker runs here, so even a job wrongly created would dial nothing)
      const form = `type=http&queue=${queue}&payload[url]=http://127.0.0.1:9/latest/meta-data&payload[method]=GET`;
      const res = await postRaw('/jobs', form, 'application/x-www-form-urlencoded').expect(415);
      expect(res.body).toMatchObject({
        statusCode: 415,
        code: 'unsupported_media_type',
        errors: [{ field: 'content-type', reason: 'must be application/json, not application/x-www-form-urlencoded' }],
      });
      const list = await e2e.http().get('/jobs').query({ queue }).expect(200);
      expect(list.body.items).toEqual([]);
    });

    it.each([
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nnoop\r\n--x--\r\n'],
      ['text/plain', '{"type":"noop"}'],
      ['application/xml', '<job type="noop"/>'],
    ])('refuses %s on every POST route', async (type, body) => {
      for (const path of ['/jobs', '/jobs/bulk', '/executions']) {
        const res = await postRaw(path, body, type).expect(415);
        expect(res.body.errors[0].field).toBe('content-type');
      }
    });

    it('takes JSON with a charset, and a POST without a body', async () => {
      const queue = uniqueQueue();
      const res = await postRaw('/jobs', JSON.stringify({ type: 'noop', queue }), 'application/json; charset=utf-8').expect(201);
      await e2e.http().post(`/jobs/${res.body.id}/cancel`).expect(200);
    });
  });

  describe('strings PostgreSQL cannot store: 400 naming the field', () => {
    it('refuses the execution callbackUrl with a NUL that used to stall every refresh of its queue', async () => {
      const res = await postRaw('/executions', '{"jobs":[{"type":"noop"}],"callbackUrl":"http://127.0.0.1:9/cb\\u0000x"}').expect(400);
      expect(res.body.errors).toEqual([{ field: 'callbackUrl', reason: 'must not contain a NUL character (\\u0000)' }]);
    });

    it.each([
      ['/jobs', '{"type":"t","idempotencyKey":"a\\u0000b"}', 'idempotencyKey', 'NUL'],
      ['/jobs', '{"type":"t","idempotencyKey":"a\\ud800b"}', 'idempotencyKey', 'surrogate'],
      ['/jobs', '{"type":"t","callbackUrl":"http://127.0.0.1:9/\\udc00"}', 'callbackUrl', 'surrogate'],
      ['/jobs', '{"type":"http","payload":{"url":"http://127.0.0.1:9/","headers":{"x-a":"v\\u0000"}}}', 'payload.headers.x-a', 'NUL'],
      ['/jobs/bulk', '{"jobs":[{"type":"t"},{"type":"t","idempotencyKey":"\\ud800"}]}', 'jobs.1.idempotencyKey', 'surrogate'],
      ['/executions', '{"jobs":[{"type":"t"}],"idempotencyKey":"k\\u0000"}', 'idempotencyKey', 'NUL'],
    ])('POST %s %s -> 400 naming %s', async (path, raw, field, kind) => {
      const res = await postRaw(path, raw).expect(400);
      expect(res.body.errors).toEqual([{ field, reason: expect.stringContaining(kind === 'NUL' ? 'NUL' : 'lone surrogate') }]);
    });

    it('keeps NUL characters and lone surrogates inside a payload, which is stored as JSON', async () => {
      const queue = uniqueQueue();
      const res = await postRaw('/jobs', `{"type":"t","queue":"${queue}","payload":{"a":"x\\u0000y","b":"\\ud800"}}`).expect(201);
      const got = await e2e.http().get(`/jobs/${res.body.id}`).expect(200);
      expect(got.body.payload).toEqual({ a: 'x\u0000y', b: '\ud800' });
    });
  });
});
