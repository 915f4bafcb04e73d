import { MAX_BODY_BYTES_LIMIT, MAX_PAYLOAD_BYTES_LIMIT } from '../../src/config/batch-limits';
import { MAX_BODY_DEPTH } from '../../src/http/body-depth';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/**
 * MAX_BODY_BYTES and MAX_PAYLOAD_BYTES at their maximum. Bodies are refused from one scan of their
 * bytes, before they are parsed: the figures (time to answer, peak memory, health probes meanwhile)
 * are in BENCHMARKS.md (npm run bench:body); here, the answers.
 */
describe('request bodies at their limits (e2e)', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ MAX_BODY_BYTES: String(MAX_BODY_BYTES_LIMIT), MAX_PAYLOAD_BYTES: String(MAX_PAYLOAD_BYTES_LIMIT) });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const post = (path: string, body: string) => e2e.http().post(path).set('content-type', 'application/json').send(body);

  it(`takes a payload of exactly MAX_PAYLOAD_BYTES at its maximum (${MAX_PAYLOAD_BYTES_LIMIT} bytes) and returns it whole`, { timeout: 60_000 }, async () => {
    const queue = uniqueQueue();
    const payload = 'p'.repeat(MAX_PAYLOAD_BYTES_LIMIT - 2);
    const res = await post('/jobs', `{"type":"t","queue":"${queue}","payload":"${payload}"}`).expect(201);
    const got = await e2e.http().get(`/jobs/${res.body.id}`).expect(200);
    expect(got.body.payload).toHaveLength(payload.length);
  });

  it('refuses a payload one byte over it with 413 naming the payload, whatever whitespace the body has', { timeout: 60_000 }, async () => {
    const payload = 'p'.repeat(MAX_PAYLOAD_BYTES_LIMIT - 1);
    const res = await post('/jobs/bulk', `{ "jobs" : [ {"type":"t"} , { "type" : "t" , "payload" : "${payload}" } ] }`).expect(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', errors: [{ field: 'jobs.1.payload', reason: expect.stringContaining(`${MAX_PAYLOAD_BYTES_LIMIT + 1} bytes`) }] });
  });

  it(`refuses a body of exactly MAX_BODY_BYTES at its maximum (${MAX_BODY_BYTES_LIMIT} bytes) by its payload, without reading it as objects`, { timeout: 60_000 }, async () => {
    const head = '{"type":"noop","payload":[';
    const tail = ']}';
    const items = (MAX_BODY_BYTES_LIMIT - head.length - tail.length + 1) / 2;
    const body = head + '1,'.repeat(Math.floor(items) - 1) + '1' + (Number.isInteger(items) ? '' : ' ') + tail;
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES_LIMIT);
    const res = await post('/jobs', body).expect(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', errors: [{ field: 'payload', reason: expect.any(String) }] });
    await e2e.http().get('/health/live').expect(200);
  });

  it('refuses a body one byte over MAX_BODY_BYTES with 413 naming the body', { timeout: 60_000 }, async () => {
    const body = `{"type":"t","payload":"${'p'.repeat(MAX_BODY_BYTES_LIMIT - 24)}"}`;
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES_LIMIT + 1);
    const res = await post('/jobs', body).expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, errors: [{ field: 'body', reason: `is larger than the limit of ${MAX_BODY_BYTES_LIMIT} bytes` }] });
  });

  it('refuses a body nested past its depth limit before parsing it, naming where', async () => {
    const deepPayload = `{"type":"t","payload":${'['.repeat(MAX_BODY_DEPTH + 5)}${']'.repeat(MAX_BODY_DEPTH + 5)}}`;
    const res = await post('/jobs', deepPayload).expect(400);
    expect(res.body.errors).toEqual([{ field: 'payload', reason: 'must not be nested more than 64 levels deep' }]);
    const deepBody = `{"type":"t","backoff":${'{"a":'.repeat(MAX_BODY_DEPTH + 1)}1${'}'.repeat(MAX_BODY_DEPTH + 1)}}`;
    const other = await post('/jobs', deepBody).expect(400);
    expect(other.body.errors).toEqual([{ field: 'body', reason: `must not be nested more than ${MAX_BODY_DEPTH} levels deep` }]);
  });
});
