import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RouteServer, startRouteServer } from '../../../test/support/loopback-http';
import { ClaimqApiError, createClaimqClient } from '../src';
import { retryAfterMs } from '../src/retry-after';

const JOB = {
  id: 'default-01JABCDEFG0123456789ABCD',
  queue: 'default',
  type: 'email.send',
  payload: {},
  status: 'pending',
  priority: 0,
  attempts: 0,
  maxAttempts: 3,
  backoff: { strategy: 'exponential', delayMs: 1000 },
  timeoutMs: 90_000,
  runAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  source: 'store',
};

type Step = (req: IncomingMessage, res: ServerResponse) => void;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

const unavailable = (retryAfter: string): Step =>
  json(503, { statusCode: 503, error: 'Service Unavailable', message: 'the job store is unavailable, retry later', code: 'store_unavailable' }, { 'retry-after': retryAfter });

/** A full garbage collection, now (the flag exposes gc to contexts made after it). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

/** The connection closes with no answer: the request may or may not have been handled. */
const drop: Step = (req) => req.socket.destroy();

describe('the client against a scripted server', () => {
  let server: RouteServer;

  beforeEach(async () => {
    server = await startRouteServer();
  });
  afterEach(async () => {
    await server.close();
  });

  /** Answers the requests to `path` with `steps` in turn, the last one from then on. */
  function script(path: string, ...steps: Step[]): void {
    let next = 0;
    server.routes.set(path, (req, _body, res) => steps[Math.min(next++, steps.length - 1)](req, res));
  }

  const bodies = (): Array<Record<string, unknown>> => server.hits.map((hit) => JSON.parse(hit.body) as Record<string, unknown>);

  it('retries a 503 after its Retry-After seconds and sends the same idempotency key again', async () => {
    script('/jobs', unavailable('1'), json(201, JOB));
    const client = createClaimqClient({ baseUrl: server.base });

    await expect(client.createJob({ type: 'email.send' })).resolves.toEqual(JOB);

    expect(server.hits).toHaveLength(2);
    const [first, second] = bodies();
    expect(first.idempotencyKey).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(second).toEqual(first);
  });

  it('ends a request that may be retried as soon as its signal aborts, also after a garbage collection', async () => {
    // never answered, as a long poll waiting for work
    server.routes.set(`/jobs/${JOB.id}`, () => {});
    const client = createClaimqClient({ baseUrl: server.base });
    const abort = new AbortController();
    const pending = client.api.GET('/jobs/{id}', { params: { path: { id: JOB.id } }, signal: abort.signal });
    const outcome = pending.then(
      () => 'answered',
      (error: unknown) => (error as Error).name,
    );
    await vi.waitFor(() => expect(server.hits).toHaveLength(1));
    collectGarbage();
    abort.abort();
    await expect(outcome).resolves.toBe('AbortError');
    expect(server.hits).toHaveLength(1);
  });

  it("ends a job's event stream as soon as its signal aborts, also after a garbage collection", async () => {
    // one event, then nothing more: the stream stays open
    server.routes.set(`/jobs/${JOB.id}/events`, (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: state\ndata: ${JSON.stringify({ ...JOB, kind: 'state' })}\n\n`);
    });
    const client = createClaimqClient({ baseUrl: server.base });
    const abort = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const e of client.jobEvents(JOB.id, { signal: abort.signal })) seen.push(e.event);
      return 'ended';
    })();
    await vi.waitFor(() => expect(seen).toEqual(['state']));
    collectGarbage();
    abort.abort();
    await expect(reading).resolves.toBe('ended');
  });

  it('reads a Retry-After that is an HTTP-date', async () => {
    script('/jobs', unavailable(new Date(Date.now() + 1000).toUTCString()), json(201, JOB));
    const client = createClaimqClient({ baseUrl: server.base });

    await expect(client.createJob({ type: 'email.send' })).resolves.toEqual(JOB);
    expect(server.hits).toHaveLength(2);
  });

  it('parses delta-seconds and HTTP-dates, and ignores what is neither', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('1.5', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('caps a Retry-After longer than maxDelayMs', async () => {
    script('/jobs', unavailable('3600'), json(201, JOB));
    const client = createClaimqClient({ baseUrl: server.base, retry: { maxDelayMs: 50 } });

    await expect(client.createJob({ type: 'email.send' })).resolves.toEqual(JOB);
    expect(server.hits).toHaveLength(2);
  });

  it('gives up after maxAttempts with a ClaimqApiError carrying the 503, its code and Retry-After', async () => {
    script('/jobs', unavailable('0'));
    const client = createClaimqClient({ baseUrl: server.base, retry: { maxAttempts: 3 } });

    const error = await client.createJob({ type: 'email.send' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ClaimqApiError);
    expect(error).toMatchObject({ status: 503, code: 'store_unavailable', retryAfter: 0, errors: [] });
    expect(server.hits).toHaveLength(3);
  });

  it('does not repeat a POST without an idempotency key after a dropped connection', async () => {
    script('/jobs', drop, json(201, JOB));
    const client = createClaimqClient({ baseUrl: server.base });

    await expect(client.api.POST('/jobs', { body: { type: 'email.send' } })).rejects.toThrow();
    expect(server.hits).toHaveLength(1);
  });

  it('does not repeat a POST without an idempotency key after a 503 either: the write may have been stored', async () => {
    script('/jobs/{id}/cancel'.replace('{id}', JOB.id), unavailable('0'), json(200, JOB));
    const client = createClaimqClient({ baseUrl: server.base });

    const error = await client.cancelJob(JOB.id).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 503, retryAfter: 0 });
    expect(server.hits).toHaveLength(1);
  });

  it('repeats a POST that carries an idempotency key after a dropped connection', async () => {
    script('/jobs', drop, json(200, JOB));
    const client = createClaimqClient({ baseUrl: server.base });

    await expect(client.api.POST('/jobs', { body: { type: 'email.send', idempotencyKey: 'order-42' } })).resolves.toMatchObject({
      data: JOB,
    });
    expect(bodies().map((body) => body.idempotencyKey)).toEqual(['order-42', 'order-42']);
  });

  it('repeats a bulk only when every job has a key, and gives each job one', async () => {
    script('/jobs/bulk', drop, json(201, { ids: ['a', 'b'] }));
    const client = createClaimqClient({ baseUrl: server.base });

    await expect(client.createJobs([{ type: 'a', idempotencyKey: 'mine' }, { type: 'b' }])).resolves.toEqual({ ids: ['a', 'b'] });
    const [first, second] = bodies();
    expect(first).toEqual({ jobs: [expect.objectContaining({ idempotencyKey: 'mine' }), expect.objectContaining({ idempotencyKey: expect.any(String) })] });
    expect(second).toEqual(first);

    server.hits.length = 0;
    script('/jobs/bulk', drop, json(201, { ids: ['a', 'b'] }));
    await expect(client.api.POST('/jobs/bulk', { body: { jobs: [{ type: 'a', idempotencyKey: 'mine' }, { type: 'b' }] } })).rejects.toThrow();
    expect(server.hits).toHaveLength(1);
  });

  it('repeats a GET after a dropped connection', async () => {
    script(`/jobs/${JOB.id}`, drop, json(200, JOB));
    const client = createClaimqClient({ baseUrl: server.base });

    await expect(client.getJob(JOB.id)).resolves.toEqual(JOB);
    expect(server.hits.map((hit) => hit.method)).toEqual(['GET', 'GET']);
  });

  it('stops waiting for a retry at once when the signal aborts, rejecting with its reason', { timeout: 10_000 }, async () => {
    script('/jobs', unavailable('3600'), json(201, JOB));
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    // aborts once the 503 is in hand, so the abort lands in the hour-long wait, not the request
    const client = createClaimqClient({
      baseUrl: server.base,
      retry: { maxDelayMs: 3_600_000 },
      fetch: async (request) => {
        const response = await fetch(request);
        setImmediate(() => controller.abort(reason));
        return response;
      },
    });

    await expect(client.createJob({ type: 'email.send' }, { signal: controller.signal })).rejects.toBe(reason);
    expect(server.hits).toHaveLength(1);
  });

  it('maps a 400 to a ClaimqApiError listing the fields, without retrying it', async () => {
    const errors = [{ field: 'type', reason: 'must match [A-Za-z0-9_.:-]{1,100}' }];
    script('/jobs', json(400, { statusCode: 400, error: 'Bad Request', message: 'type must match [A-Za-z0-9_.:-]{1,100}', errors }));
    const client = createClaimqClient({ baseUrl: server.base });

    const error = await client.createJob({ type: 'not ok' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ClaimqApiError);
    expect(error).toMatchObject({ status: 400, errors, retryAfter: undefined, message: 'claimq answered 400 Bad Request: type must match [A-Za-z0-9_.:-]{1,100}' });
    expect(server.hits).toHaveLength(1);
  });

  it('sends the API key as a bearer token and the extra headers with every request', async () => {
    script(`/jobs/${JOB.id}`, json(200, JOB));
    const client = createClaimqClient({ baseUrl: server.base, apiKey: 'key-0123456789abcdef', headers: { 'x-request-id': 'r1' } });

    await client.getJob(JOB.id);
    await client.api.GET('/jobs/{id}', { params: { path: { id: JOB.id } } });

    for (const hit of server.hits) expect(hit.headers).toMatchObject({ authorization: 'Bearer key-0123456789abcdef', 'x-request-id': 'r1' });
  });
});
