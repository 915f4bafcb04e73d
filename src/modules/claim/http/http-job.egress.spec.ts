import { Hit, loopbackOnlyConnector, RouteServer, startRouteServer } from '../../../../test/support/loopback-http';
import { workerHarness, WorkerHarness } from '../../../../test/support/worker-harness';
import { EgressPolicy } from '../../../domain/egress-policy';
import { JobContext } from '../job-context';
import { NonRetryableJobError } from '../non-retryable-job.error';
import { RetryableJobError } from '../retryable-job.error';
import { ResolveHost } from './egress-connector';
import { HttpJobHandler, HttpJobHandlerOptions } from './http-job.handler';

/**
 * No packet of these tests leaves the machine: every connection goes through a recording
 * connector that opens real sockets to loopback only and refuses (without dialing) any other
 * address (loopbackOnlyConnector). Were the egress policy broken, a refused address would show up
 * in `dialed` and fail the test, not reach the network. Host names resolve through a fake
 * resolver, except `localhost`.
 */

/** The metadata address in the spellings a URL can carry (the URL parser turns several into dotted decimal). */
const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://2852039166/latest/meta-data/',
  'http://0xA9FEA9FE/latest/meta-data/',
  'http://0251.0376.0251.0376/latest/meta-data/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://169.254.43518/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
  'http://[::a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::1]/',
  'https://169.254.169.254/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::a9fe:a9fe]/',
];

describe('HttpJobHandler egress', () => {
  let server: RouteServer;
  let port: number;
  let base: string;
  let hits: Hit[];
  const { connect: recordingConnect, dialed } = loopbackOnlyConnector();
  const denied: string[] = [];
  const names: Record<string, string[]> = {
    'metadata.test': ['169.254.169.254'],
    'mapped-metadata.test': ['::ffff:169.254.169.254'],
    'mixed.test': ['169.254.169.254', '198.51.100.7'],
    'public.test': ['198.51.100.7'],
    // ::1 first, where nothing listens: the connector goes on to the next address
    localhost: ['::1', '127.0.0.1'],
  };
  const handlers: HttpJobHandler[] = [];

  const fakeResolve: ResolveHost = async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

  /** `resolve`: 'system' for the real resolver (dns.lookup). */
  function handler(options: HttpJobHandlerOptions = {}, resolve: ResolveHost | 'system' = fakeResolve): HttpJobHandler {
    const connector = { connect: recordingConnect, resolve: resolve === 'system' ? undefined : resolve };
    const made = new HttpJobHandler({ connector, onEgressDenied: (rule) => denied.push(rule), ...options });
    handlers.push(made);
    return made;
  }

  function ctx(payload: unknown): JobContext {
    return { job: { id: 'q-0000000000AAAAAAAAAA', queue: 'q', type: 'http' } as JobContext['job'], payload, signal: new AbortController().signal, attempt: 1, workerId: 'w', parents: {}, progress: () => undefined, log: () => undefined };
  }

  beforeAll(async () => {
    server = await startRouteServer();
    ({ port, base, hits } = server);
    const { routes } = server;
    routes.set('/ok', (req, body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body })));
    routes.set('/to', (req, _b, res) => {
      const query = new URL(req.url ?? '/', base).searchParams;
      res.writeHead(Number(query.get('status') ?? 302), { location: query.get('url') ?? '/' }).end('moving');
    });
    // /chain/n redirects n times, then answers 200
    routes.set('/chain', (req, _b, res) => {
      const left = Number(new URL(req.url ?? '/', base).searchParams.get('n'));
      if (left <= 0) res.writeHead(200).end('end of chain');
      else res.writeHead(302, { location: `/chain?n=${left - 1}` }).end();
    });
  });

  afterAll(async () => {
    await Promise.all(handlers.map((h) => h.onApplicationShutdown()));
    await server?.close();
  });

  beforeEach(() => {
    hits.length = 0;
    dialed.length = 0;
    denied.length = 0;
  });

  const redirectTo = (url: string, status = 302): string => `${base}/to?status=${status}&url=${encodeURIComponent(url)}`;

  it.each(METADATA_URLS)('refuses %s without dialing anything, without retry, naming the address and the rule', async (url) => {
    const refused = handler().handle(ctx({ url }));
    await expect(refused).rejects.toThrow(NonRetryableJobError);
    await expect(refused).rejects.toThrow(/is refused by the egress policy \((link-local|cloud-metadata)\)/);
    expect(dialed).toEqual([]);
    expect(denied).toHaveLength(1);
  });

  it('dials an allowed address through the same connector (the recorder sees it), so the refusals above are the policy', async () => {
    await expect(handler().handle(ctx({ url: 'http://198.51.100.7/' }))).rejects.toThrow(RetryableJobError);
    expect(dialed).toEqual(['198.51.100.7']);
    await expect(handler().handle(ctx({ url: `${base}/ok` }))).resolves.toMatchObject({ status: 200 });
    expect(dialed).toEqual(['198.51.100.7', '127.0.0.1']);
    expect(denied).toEqual([]);
  });

  it('refuses a host name that resolves to a denied address, and dials only the allowed addresses of a mixed answer', async () => {
    await expect(handler().handle(ctx({ url: 'http://metadata.test/latest/' }))).rejects.toThrow(
      new NonRetryableJobError('POST http://metadata.test/latest/: metadata.test (169.254.169.254) is refused by the egress policy (link-local)'),
    );
    await expect(handler().handle(ctx({ url: 'http://mapped-metadata.test/' }))).rejects.toThrow(/\(::ffff:169\.254\.169\.254\) is refused by the egress policy \(link-local\)/);
    expect(dialed).toEqual([]);
    await expect(handler().handle(ctx({ url: 'http://mixed.test/' }))).rejects.toThrow(/recording connector: 198\.51\.100\.7 was not dialed/);
    expect(dialed).toEqual(['198.51.100.7']);
    expect(denied).toEqual(['link-local', 'link-local']);
  });

  it('refuses localhost under public-only, resolved by the system resolver, and reaches it on the default policy', async () => {
    const url = `http://localhost:${port}/ok`;
    await expect(handler({ egress: new EgressPolicy({ mode: 'public-only' }) }, 'system').handle(ctx({ url }))).rejects.toThrow(/localhost \((127\.0\.0\.1|::1)\) is refused by the egress policy \(loopback\)/);
    expect(dialed).toEqual([]);
    expect(hits).toEqual([]);
    // localhost may resolve to ::1 first, where nothing listens: the next address is tried
    await expect(handler({}, 'system').handle(ctx({ url }))).resolves.toMatchObject({ status: 200 });
    expect(hits).toHaveLength(1);
  });

  it('lets HTTP_EGRESS_ALLOW open an address public-only refuses, and HTTP_EGRESS_DENY close one the default allows', async () => {
    const allowLoopback = handler({ egress: new EgressPolicy({ mode: 'public-only', allow: ['127.0.0.1/32'] }) });
    await expect(allowLoopback.handle(ctx({ url: `${base}/ok` }))).resolves.toMatchObject({ status: 200 });
    const denyLoopback = handler({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) });
    await expect(denyLoopback.handle(ctx({ url: `${base}/ok` }))).rejects.toThrow(/127\.0\.0\.1 is refused by the egress policy \(HTTP_EGRESS_DENY 127\.0\.0\.0\/8\)/);
    expect(hits).toHaveLength(1);
    expect(denied).toEqual(['HTTP_EGRESS_DENY 127.0.0.0/8']);
  });

  it('refuses a redirect from an allowed local server to the metadata address at the hop, in any spelling or by name', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/', 'http://2852039166/', 'http://metadata.test/']) {
      dialed.length = 0;
      const chain = redirectTo(redirectTo(target));
      await expect(handler().handle(ctx({ url: chain }))).rejects.toThrow(/is refused by the egress policy \(link-local\)/);
      expect(dialed.every((address) => address === '127.0.0.1')).toBe(true);
      expect(dialed.length).toBeGreaterThanOrEqual(1);
    }
    expect(hits.filter((h) => h.path.startsWith('/to'))).toHaveLength(8);
  });

  it('follows at most HTTP_MAX_REDIRECTS redirects: 5 by default, and the maximum of 20', async () => {
    await expect(handler().handle(ctx({ url: `${base}/chain?n=5`, method: 'GET' }))).resolves.toEqual({ status: 200, body: 'end of chain' });
    await expect(handler().handle(ctx({ url: `${base}/chain?n=6`, method: 'GET' }))).rejects.toThrow(
      new NonRetryableJobError(`GET ${base}/chain: more than 5 redirects (HTTP_MAX_REDIRECTS); the last to /chain?n=0`),
    );
    await expect(handler({ maxRedirects: 20 }).handle(ctx({ url: `${base}/chain?n=20`, method: 'GET' }))).resolves.toMatchObject({ status: 200 });
    await expect(handler({ maxRedirects: 20 }).handle(ctx({ url: `${base}/chain?n=21`, method: 'GET' }))).rejects.toThrow(/more than 20 redirects/);
    await expect(handler({ maxRedirects: 0 }).handle(ctx({ url: `${base}/chain?n=1`, method: 'GET' }))).rejects.toThrow(/more than 0 redirects/);
  });

  it('checks HTTP_JOB_ALLOWED_HOSTS on every hop, so an allow-list no longer has to switch redirects off', async () => {
    const limited = handler({ allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`] });
    await expect(limited.handle(ctx({ url: redirectTo(`http://localhost:${port}/ok`) }))).resolves.toMatchObject({ status: 200 });
    await expect(limited.handle(ctx({ url: redirectTo('http://public.test/') }))).rejects.toThrow(/redirect to http:\/\/public\.test\/ refused: host public\.test is not in HTTP_JOB_ALLOWED_HOSTS/);
    expect(dialed.filter((a) => a !== '127.0.0.1' && a !== '::1')).toEqual([]);
  });

  it('sends the credentials on a same-origin redirect and drops them on a redirect to another origin', async () => {
    const headers = { Authorization: 'Bearer t0ken', 'X-Api-Key': 'k', Cookie: 'c=1', 'X-Trace': 'kept' };
    await handler().handle(ctx({ url: redirectTo('/ok', 307), headers }));
    expect(hits[1].headers).toMatchObject({ authorization: 'Bearer t0ken', cookie: 'c=1', 'x-trace': 'kept' });
    hits.length = 0;
    await handler().handle(ctx({ url: redirectTo(`http://localhost:${port}/ok`, 307), headers }));
    expect(hits[1].headers['x-trace']).toBe('kept');
    expect(hits[1].headers).not.toHaveProperty('authorization');
    expect(hits[1].headers).not.toHaveProperty('cookie');
  });

  it('redirects as fetch does: 303 (and 301/302 of a POST) become a GET without body, 307 and 308 keep method and body', async () => {
    expect(await handler().handle(ctx({ url: redirectTo('/ok', 303), body: { a: 1 } }))).toEqual({ status: 200, body: { method: 'GET', body: '' } });
    expect(await handler().handle(ctx({ url: redirectTo('/ok', 302), body: { a: 1 } }))).toEqual({ status: 200, body: { method: 'GET', body: '' } });
    expect(await handler().handle(ctx({ url: redirectTo('/ok', 307), body: { a: 1 } }))).toEqual({ status: 200, body: { method: 'POST', body: '{"a":1}' } });
    expect(await handler().handle(ctx({ url: redirectTo('/ok', 308), method: 'PUT', body: { a: 1 } }))).toEqual({ status: 200, body: { method: 'PUT', body: '{"a":1}' } });
    expect(hits.filter((h) => h.path === '/ok').map((h) => h.headers['content-type'])).toEqual([undefined, undefined, 'application/json', 'application/json']);
    await expect(handler().handle(ctx({ url: redirectTo('file:///etc/passwd') }))).rejects.toThrow(/redirect to file: refused \(http and https only\)/);
  });

  describe('as a job', () => {
    let h: WorkerHarness;
    beforeEach(() => {
      h = workerHarness();
      const egressChecked = handler();
      h.registry.register('http', (c) => egressChecked.handle(c));
    });
    afterEach(() => h.stop());

    it('fails a refused call on its first attempt, whatever maxAttempts allows', async () => {
      const [job] = await h.enqueue({ type: 'http', payload: { url: 'http://metadata.test/' }, maxAttempts: 5, backoff: { strategy: 'fixed', delayMs: 10 } });
      h.runtime.start();
      const failed = await h.waitForStatus(job.id, 'failed');
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toBe('POST http://metadata.test/: metadata.test (169.254.169.254) is refused by the egress policy (link-local)');
      expect(dialed).toEqual([]);
    });

    it('judges the address again on every retry', async () => {
      names['flip.test'] = ['198.51.100.7'];
      const [job] = await h.enqueue({ type: 'http', payload: { url: 'http://flip.test/' }, maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 1_000 } });
      h.runtime.start();
      await h.waitForStatus(job.id, 'scheduled');
      names['flip.test'] = ['169.254.169.254']; // the name is rebound between attempts
      const failed = await h.waitForStatus(job.id, 'failed');
      expect(failed.lastError).toMatch(/flip\.test \(169\.254\.169\.254\) is refused/);
      expect(dialed.every((address) => address === '198.51.100.7')).toBe(true);
    });
  });
});
