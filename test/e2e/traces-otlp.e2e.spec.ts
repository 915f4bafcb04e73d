import { randomBytes } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ClaimqProcess, ensureBuilt, ProcessExit } from '../support/processes';

const GRACE_MS = 2_000;

/** One POST the collector stub received: its headers and raw bytes (protobuf is binary). */
interface Export {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An OTLP/HTTP collector on loopback that records every request and answers 200, or never answers when `silent`. */
async function startCollector(options: { silent?: boolean } = {}): Promise<{ server: Server; base: string; exports: Export[] }> {
  const exports: Export[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exports.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      if (options.silent) return;
      const json = req.headers['content-type'] === 'application/json';
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports };
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

interface OtlpJsonExport {
  resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

/**
 * The real exporter path: `node dist/main.js` with the OTEL_* variables, a collector stub on
 * loopback. The spans of a job arrive over OTLP/HTTP (JSON and protobuf) at the latest when
 * SIGTERM flushes them; a collector that never answers does not hold the exit; a bad value stops
 * the start with its name.
 */
describe('traces exported over OTLP/HTTP by the service process', () => {
  let processes: ClaimqProcess[] = [];
  let servers: Server[] = [];

  beforeAll(() => ensureBuilt(), 180_000);

  afterEach(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    processes = [];
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    servers = [];
  });

  async function collector(options: { silent?: boolean } = {}): Promise<{ base: string; exports: Export[] }> {
    const stub = await startCollector(options);
    servers.push(stub.server);
    return stub;
  }

  async function start(env: Record<string, string>): Promise<ClaimqProcess> {
    const proc = await ClaimqProcess.start({ JOB_STORE: 'memory', SHUTDOWN_GRACE_MS: String(GRACE_MS), ...env });
    processes.push(proc);
    await proc.waitForOutput(/listening on/);
    return proc;
  }

  /** POSTs a noop job under a client's traceparent and waits for it to succeed; returns the client's trace id. */
  async function runJob(proc: ClaimqProcess): Promise<string> {
    const traceId = randomBytes(16).toString('hex');
    const base = `http://127.0.0.1:${proc.port}`;
    const res = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: JSON.stringify({ type: 'noop' }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    for (let i = 0; i < 400; i++) {
      const job = (await (await fetch(`${base}/jobs/${id}`)).json()) as { status: string };
      if (job.status === 'succeeded') return traceId;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} never succeeded:\n${proc.log}`);
  }

  it('sends the spans of a job as OTLP JSON, flushed by SIGTERM, with the resource the variables name', async () => {
    const stub = await collector();
    const proc = await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: stub.base,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'claimq-under-test',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test',
    });
    const traceId = await runJob(proc);
    await expect(proc.stop('SIGTERM')).resolves.toEqual<ProcessExit>({ code: 0, signal: null });

    const posts = stub.exports.filter((e) => e.path === '/v1/traces');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.headers['content-type'] === 'application/json')).toBe(true);
    const batches = posts.map((p) => JSON.parse(p.body.toString('utf8')) as OtlpJsonExport);
    const resources = batches.flatMap((b) => b.resourceSpans.map((r) => Object.fromEntries(r.resource.attributes.map((a) => [a.key, a.value.stringValue]))));
    expect(resources[0]).toMatchObject({ 'service.name': 'claimq-under-test', 'deployment.environment': 'test' });
    const spans = batches.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const inTrace = spans.filter((s) => s.traceId === traceId);
    expect(inTrace.map((s) => s.name).sort()).toEqual(['enqueue', 'run']);
    const enqueue = inTrace.find((s) => s.name === 'enqueue')!;
    expect(inTrace.find((s) => s.name === 'run')!.parentSpanId).toBe(enqueue.spanId);
    expect(spans.some((s) => s.name === 'claim')).toBe(true);
  }, 60_000);

  it('sends OTLP protobuf by default', async () => {
    const stub = await collector();
    const proc = await start({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${stub.base}/custom/traces` });
    const traceId = await runJob(proc);
    await expect(proc.stop('SIGTERM')).resolves.toEqual<ProcessExit>({ code: 0, signal: null });
    const posts = stub.exports.filter((e) => e.path === '/custom/traces');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.headers['content-type'] === 'application/x-protobuf')).toBe(true);
    // the trace id travels as its 16 bytes
    expect(posts.some((p) => p.body.includes(Buffer.from(traceId, 'hex')))).toBe(true);
  }, 60_000);

  it('exits within SHUTDOWN_GRACE_MS + 2 s when the collector never answers', async () => {
    const stub = await collector({ silent: true });
    const proc = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: stub.base });
    await runJob(proc);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), GRACE_MS + 2_000)));
    try {
      await expect(Promise.race([proc.stop('SIGTERM'), bound])).resolves.toEqual<ProcessExit>({ code: 0, signal: null });
    } finally {
      clearTimeout(timer);
    }
    expect(stub.exports.some((e) => e.path === '/v1/traces')).toBe(true);
    expect(proc.log).toMatch(/spans not exported within \d+ ms of the shutdown's grace were dropped/);
  }, 60_000);

  it('stops the start naming a bad OTEL_* variable', async () => {
    const proc = await ClaimqProcess.start({ OTEL_TRACES_EXPORTER: 'zipkin' });
    processes.push(proc);
    await expect(proc.exited).resolves.toEqual<ProcessExit>({ code: 1, signal: null });
    expect(proc.log).toMatch(/claimq: invalid configuration:\n {2}OTEL_TRACES_EXPORTER="zipkin": OTEL_TRACES_EXPORTER must be a comma-separated list of otlp, console and none/);
  }, 30_000);
});
