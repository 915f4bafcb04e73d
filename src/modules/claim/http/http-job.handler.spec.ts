import { createHmac, randomBytes } from 'node:crypto';
import { freePort } from '../../../../test/support/free-port';
import { Hit, loopbackOnlyConnector, RouteServer, startRouteServer } from '../../../../test/support/loopback-http';
import { workerHarness, WorkerHarness } from '../../../../test/support/worker-harness';
import { CallbackSigner } from '../../../domain/callback-signature';
import { ManualClock } from '../../../domain/clock';
import { HttpJobSecrets } from '../../../domain/http-job-secrets';
import { SecretBox } from '../../../domain/secret-box';
import { JobContext } from '../job-context';
import { NonRetryableJobError } from '../non-retryable-job.error';
import { RetryableJobError } from '../retryable-job.error';
import { createLongCallDispatcher } from './long-call-dispatcher';
import { HttpJobHandler } from './http-job.handler';

describe('HttpJobHandler', () => {
  let server: RouteServer;
  let base: string;
  let hits: Hit[];

  beforeAll(async () => {
    server = await startRouteServer();
    ({ base, hits } = server);
    const { routes } = server;
    routes.set('/ok', (_req, body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echoed: JSON.parse(body || 'null') })));
    routes.set('/text', (_req, _b, res) => res.writeHead(201, { 'content-type': 'text/plain' }).end('created'));
    routes.set('/big', (_req, _b, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(100_000)}"`));
    routes.set('/down', (_req, _b, res) => res.writeHead(500).end('database on fire'));
    routes.set('/busy', (_req, _b, res) => res.writeHead(429, { 'retry-after': '7' }).end());
    routes.set('/hang', () => undefined);
    routes.set('/echo', (req, _b, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));
    routes.set('/echo-token', (req, _b, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`token=${String(req.headers.authorization).split(' ')[1]}`));
    routes.set('/echo-error', (req, _b, res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));
    routes.set('/redirect', (_req, _b, res) => res.writeHead(302, { location: 'http://elsewhere.example/' }).end());
    routes.set('/see-other', (_req, _b, res) => res.writeHead(303, { location: '/text' }).end());
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => (hits.length = 0));

  function ctx(payload: unknown, signal = new AbortController().signal): JobContext {
    return { job: { id: 'q-0000000000AAAAAAAAAA', queue: 'q', type: 'http' } as JobContext['job'], payload, signal, attempt: 2, workerId: 'w', parents: {}, progress: () => undefined, log: () => undefined };
  }

  it('POSTs the JSON body with the job headers and returns status and parsed JSON body', async () => {
    const result = await new HttpJobHandler().handle(ctx({ url: `${base}/ok`, body: { a: 1 }, headers: { 'x-extra': 'yes' } }));
    expect(result).toEqual({ status: 200, body: { echoed: { a: 1 } } });
    expect(hits[0].method).toBe('POST');
    expect(hits[0].headers).toMatchObject({ 'x-claimq-job-id': 'q-0000000000AAAAAAAAAA', 'x-claimq-attempt': '2', 'content-type': 'application/json', 'x-extra': 'yes' });
  });

  it("sends a graph job's parents' results as the body field parentsField names, beside the body's own fields", async () => {
    const context = { ...ctx({ url: `${base}/ok`, body: { a: 1 }, parentsField: 'parents' }), parents: { split: { parts: 2 } } };
    const result = await new HttpJobHandler().handle(context);
    expect(result).toEqual({ status: 200, body: { echoed: { a: 1, parents: { split: { parts: 2 } } } } });
    await expect(new HttpJobHandler().handle({ ...context, payload: { url: `${base}/ok`, body: [1], parentsField: 'parents' } })).rejects.toThrow(/needs a body that is an object/);
    await expect(new HttpJobHandler().handle({ ...context, payload: { url: `${base}/ok`, parentsField: 'no good' } })).rejects.toThrow(/parentsField must match/);
  });

  it('keeps a non-JSON body as text, and cuts a large body to 64 KiB', async () => {
    expect(await new HttpJobHandler().handle(ctx({ url: `${base}/text`, method: 'GET' }))).toEqual({ status: 201, body: 'created' });
    const big = await new HttpJobHandler().handle(ctx({ url: `${base}/big` }));
    expect(big.truncated).toBe(true);
    expect((big.body as string).length).toBe(64 * 1024);
  });

  it('fails 5xx as retryable, 429 with its Retry-After, and other 4xx without retry', async () => {
    const handler = new HttpJobHandler();
    await expect(handler.handle(ctx({ url: `${base}/down` }))).rejects.toThrow(RetryableJobError);
    await expect(handler.handle(ctx({ url: `${base}/busy` }))).rejects.toMatchObject({ retryDelayMs: 7_000 });
    await expect(handler.handle(ctx({ url: `${base}/missing` }))).rejects.toThrow(NonRetryableJobError);
    await expect(handler.handle(ctx({ url: `http://127.0.0.1:${await freePort()}/` }))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses hosts outside HTTP_JOB_ALLOWED_HOSTS, also as the target of a redirect', async () => {
    const port = new URL(base).port;
    // the redirect names a host off this machine: a connector that dials loopback only makes sure it is never reached
    const { connect, dialed } = loopbackOnlyConnector();
    const limited = new HttpJobHandler({ allowedHosts: [`127.0.0.1:${port}`], connector: { connect } });
    await expect(limited.handle(ctx({ url: `${base}/ok` }))).resolves.toMatchObject({ status: 200 });
    await expect(limited.handle(ctx({ url: `${base}/redirect` }))).rejects.toThrow(
      new NonRetryableJobError(`POST ${base}/redirect: redirect to http://elsewhere.example/ refused: host elsewhere.example is not in HTTP_JOB_ALLOWED_HOSTS`),
    );
    expect(new Set(dialed)).toEqual(new Set(['127.0.0.1']));
    const other = new HttpJobHandler({ allowedHosts: ['api.example.com', '*.example.org'] });
    await expect(other.handle(ctx({ url: `${base}/ok` }))).rejects.toThrow(new NonRetryableJobError(`host 127.0.0.1:${port} is not in HTTP_JOB_ALLOWED_HOSTS`));
    expect(hits.filter((h) => h.path === '/ok')).toHaveLength(1);
  });

  it('opens sealed secret headers just before the call, and refuses one that cannot be sent without quoting it', async () => {
    const secrets = new HttpJobSecrets(undefined, new SecretBox([randomBytes(32).toString('base64')]));
    const handler = new HttpJobHandler({ secrets });
    const sealed = secrets.seal('http', { url: `${base}/ok`, headers: { Authorization: 'Bearer opened-here', 'X-Trace': '1' } });
    await handler.handle(ctx(sealed));
    expect(hits[0].headers).toMatchObject({ authorization: 'Bearer opened-here', 'x-trace': '1' });
    const broken = secrets.seal('http', { url: `${base}/ok`, headers: { Authorization: 'Bearer half\r\nX-Injected: 1' } });
    const refused = handler.handle(ctx(broken));
    await expect(refused).rejects.toThrow(new NonRetryableJobError(`POST ${base}/ok: header Authorization has a value with CR, LF or NUL`));
    const withoutKey = new HttpJobHandler({ secrets: new HttpJobSecrets() });
    await expect(withoutKey.handle(ctx(sealed))).rejects.toThrow(/header Authorization: sealed with key \w{8}, which SECRETS_KEYS does not hold/);
    expect(hits).toHaveLength(1);
  });

  it('scrubs the secrets it sent from a response that echoes them, in the result and in an error', async () => {
    const secrets = new HttpJobSecrets(undefined, new SecretBox([randomBytes(32).toString('base64')]));
    const handler = new HttpJobHandler({ secrets });
    const headers = { Authorization: 'Bearer tok_0123456789abcdef', 'X-Api-Key': 'apikey-0123456789', Cookie: 'short', 'X-Trace': 'trace-0123456789' };
    const echoed = await handler.handle(ctx(secrets.seal('http', { url: `${base}/echo`, headers })));
    expect(echoed.body).toMatchObject({ authorization: '[redacted]', 'x-api-key': '[redacted]', cookie: 'short', 'x-trace': 'trace-0123456789' });
    expect(JSON.stringify(echoed)).not.toMatch(/tok_0123456789abcdef|apikey-0123456789/);
    const failed = handler.handle(ctx(secrets.seal('http', { url: `${base}/echo-error`, headers })));
    await expect(failed).rejects.toThrow(NonRetryableJobError);
    await expect(failed).rejects.not.toThrow(/tok_0123456789abcdef|apikey-0123456789/);
    await expect(failed).rejects.toThrow(/"authorization":"\[redacted\]"/);
    // the credential alone, echoed without its scheme, is scrubbed too
    const tokenOnly = await handler.handle(ctx(secrets.seal('http', { url: `${base}/echo-token`, headers })));
    expect(tokenOnly.body).toBe('token=[redacted]');
  });

  describe('signing (CALLBACK_SIGNING_SECRET)', () => {
    const current = randomBytes(24).toString('hex');
    const previous = randomBytes(24).toString('hex');
    const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

    it('signs the exact body it sends with every secret, at the time of its clock', async () => {
      const clock = new ManualClock(1_767_225_600_500);
      const handler = new HttpJobHandler({ signer: new CallbackSigner([current, previous]), clock });
      await handler.handle(ctx({ url: `${base}/ok`, body: { amount: 5, note: 'Grüße' } }));
      const { body, headers } = hits[0];
      expect(body).toBe('{"amount":5,"note":"Grüße"}');
      expect(headers['claimq-signature']).toBe(`t=1767225600,v1=${hmac(current, `1767225600.${body}`)},v1=${hmac(previous, `1767225600.${body}`)}`);
    });

    it('signs each attempt afresh, and a request without a body as the empty string', async () => {
      const clock = new ManualClock(10_000);
      const handler = new HttpJobHandler({ signer: new CallbackSigner([current]), clock });
      await handler.handle(ctx({ url: `${base}/text`, method: 'GET' }));
      clock.advance(60_000);
      await handler.handle(ctx({ url: `${base}/text`, method: 'GET' }));
      expect(hits.map((h) => h.headers['claimq-signature'])).toEqual([`t=10,v1=${hmac(current, '10.')}`, `t=70,v1=${hmac(current, '70.')}`]);
    });

    it('signs each redirect hop over what that hop sends (a 303 drops the body)', async () => {
      const handler = new HttpJobHandler({ signer: new CallbackSigner([current]), clock: new ManualClock(3_000) });
      await handler.handle(ctx({ url: `${base}/see-other`, body: { a: 1 } }));
      expect(hits.map((h) => [h.method, h.path, h.headers['claimq-signature']])).toEqual([
        ['POST', '/see-other', `t=3,v1=${hmac(current, '3.{"a":1}')}`],
        ['GET', '/text', `t=3,v1=${hmac(current, '3.')}`],
      ]);
    });

    it('sends no signature without a signer, and refuses a job that sets the header itself, in any case', async () => {
      await new HttpJobHandler().handle(ctx({ url: `${base}/ok` }));
      expect(hits[0].headers).not.toHaveProperty('claimq-signature');
      for (const handler of [new HttpJobHandler(), new HttpJobHandler({ signer: new CallbackSigner([current]) })]) {
        await expect(handler.handle(ctx({ url: `${base}/ok`, headers: { 'CLAIMQ-Signature': 't=1,v1=forged' } }))).rejects.toThrow(
          new NonRetryableJobError('http job headers CLAIMQ-Signature is reserved: claimq signs its requests with it'),
        );
      }
      expect(hits).toHaveLength(1);
    });
  });

  it('refuses a payload that cannot work', async () => {
    const handler = new HttpJobHandler();
    await expect(handler.handle(ctx({ url: 'ftp://x/' }))).rejects.toThrow(NonRetryableJobError);
    await expect(handler.handle(ctx({ url: `${base}/ok`, method: 'GET', body: {} }))).rejects.toThrow(/cannot have a body/);
    await expect(handler.handle(ctx('not an object'))).rejects.toThrow(NonRetryableJobError);
  });

  it('passes its own dispatcher to fetch, so undici timeouts are the ones it sets', async () => {
    // production switches undici's 300 s header/body limits off (0); a short one proves the dispatcher is used
    const dispatcher = createLongCallDispatcher(150);
    try {
      await expect(new HttpJobHandler({ dispatcher }).handle(ctx({ url: `${base}/hang` }))).rejects.toThrow(/Headers Timeout|UND_ERR_HEADERS_TIMEOUT/);
    } finally {
      await dispatcher.destroy();
    }
  });

  it('closes the dispatcher it made at application shutdown, and leaves one it was given open', async () => {
    const given = createLongCallDispatcher();
    try {
      await new HttpJobHandler({ dispatcher: given }).onApplicationShutdown();
      expect(given.closed || given.destroyed).toBe(false);
      const handler = new HttpJobHandler();
      await handler.handle(ctx({ url: `${base}/ok` }));
      await handler.onApplicationShutdown();
      await expect(handler.handle(ctx({ url: `${base}/ok` }))).rejects.toThrow(RetryableJobError);
    } finally {
      await given.destroy();
    }
  });

  describe('as a job', () => {
    let h: WorkerHarness;
    beforeEach(() => {
      h = workerHarness();
      h.registry.register('http', (c) => new HttpJobHandler().handle(c));
    });
    afterEach(() => h.stop());

    it('succeeds with its result', async () => {
      const [job] = await h.enqueue({ type: 'http', payload: { url: `${base}/ok`, body: 5 } });
      h.runtime.start();
      expect((await h.waitForStatus(job.id, 'succeeded')).result).toEqual({ status: 200, body: { echoed: 5 } });
    });

    it('retries a 500 and then gives up', async () => {
      const [job] = await h.enqueue({ type: 'http', payload: { url: `${base}/down` }, maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 10 } });
      h.runtime.start();
      const failed = await h.waitForStatus(job.id, 'failed');
      expect(hits.filter((x) => x.path === '/down')).toHaveLength(3);
      expect(failed.lastError).toMatch(/answered 500: database on fire/);
    });

    it('fails a 404 on the first attempt', async () => {
      const [job] = await h.enqueue({ type: 'http', payload: { url: `${base}/nope` }, maxAttempts: 3 });
      h.runtime.start();
      expect((await h.waitForStatus(job.id, 'failed')).attempts).toBe(1);
    });

    it('schedules the retry of a 429 after its Retry-After', async () => {
      const [job] = await h.enqueue({ type: 'http', payload: { url: `${base}/busy` }, maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 10 } });
      const before = Date.now();
      h.runtime.start();
      const scheduled = await h.waitForStatus(job.id, 'scheduled');
      expect(scheduled.runAt - before).toBeGreaterThanOrEqual(7_000);
    });

    it('times out a call that takes longer than the job timeout', async () => {
      const [job] = await h.enqueue({ type: 'http', payload: { url: `${base}/hang` }, timeoutMs: 100, maxAttempts: 1 });
      h.runtime.start();
      expect((await h.waitForStatus(job.id, 'failed')).lastError).toBe('timed out after 100ms');
    });
  });
});
