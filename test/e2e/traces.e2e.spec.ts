import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, ReadableSpan, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { queueOfJobId } from '../../src/domain/job-id';
import { eventually } from '../support/eventually';
import { Hit, RouteServer, startRouteServer } from '../support/loopback-http';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/**
 * Traces (README, Traces) from a real app that runs its workers, its spans read from an
 * InMemorySpanExporter on the TracerProvider the app is handed: a client's traceparent reaches the
 * `http` job's request and its callback's request, and every span of the way is in the client's
 * trace with the parent it should have. With tracing off, nothing is stored or sent.
 */

const REDIS_PREFIX = uniqueTestPrefix();

afterAll(async () => {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    await deletePrefixedKeys(redis, REDIS_PREFIX);
  } finally {
    redis.disconnect();
  }
});

interface StoreUnderTest {
  name: string;
  env: Record<string, string>;
  /** Partitions of the test's queue (QUEUES name:N); default 1. */
  partitions?: number;
  /** The job's stored trace context as the store holds it (Redis: the hash's tp and ts fields). */
  storedTrace(e2e: E2eApp, jobId: string): Promise<{ traceparent?: string; tracestate?: string }>;
}

const MEMORY: StoreUnderTest = {
  name: 'memory',
  env: { JOB_STORE: 'memory' },
  async storedTrace(e2e, jobId) {
    const job = await e2e.store.admin.get(jobId);
    return { traceparent: job?.traceparent, tracestate: job?.tracestate };
  },
};

const REDIS: StoreUnderTest = {
  name: 'redis',
  env: { JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX },
  async storedTrace(_e2e, jobId) {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // the id names the job's partition, its hash tag
      const hash = await redis.hgetall(`${REDIS_PREFIX}:{${queueOfJobId(jobId)}}:job:${jobId}`);
      expect(hash.st, `job ${jobId} in the store`).toBeDefined();
      return { traceparent: hash.tp, tracestate: hash.ts };
    } finally {
      redis.disconnect();
    }
  },
};

const PARTITIONED: StoreUnderTest = { ...REDIS, name: 'partitioned redis', partitions: 2 };

/** QUEUES for an app that runs `queue` on `store`. */
const queuesOf = (store: StoreUnderTest, queue: string): string => (store.partitions ? `${queue}:${store.partitions}` : queue);

/** A client's trace context: a trace id and the id of the span that made the request. */
function clientContext(): { traceId: string; spanId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

/** The span id a traceparent header names, after checking its trace id. */
function spanIdIn(header: string | string[] | undefined, traceId: string): string {
  expect(header).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  return (header as string).split('-')[2];
}

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan): string => span.spanContext().spanId;

interface Traced {
  e2e: E2eApp;
  server: RouteServer;
  exporter: InMemorySpanExporter;
  queue: string;
}

/** For the tests of one describe: a loopback server and an app running its workers on `queue`, tracing into an in-memory exporter. */
function tracedApp(store: StoreUnderTest, env: Record<string, string> = {}): Traced {
  const ctx = { exporter: new InMemorySpanExporter(), queue: uniqueQueue() } as Traced;
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: ctx.exporter })] });
  beforeAll(async () => {
    ctx.server = await startRouteServer();
    ctx.e2e = await startE2eApp({ ...store.env, MODE: 'all', QUEUES: queuesOf(store, ctx.queue), ...env }, { tracerProvider: provider });
  });
  afterAll(async () => {
    await ctx.e2e?.close();
    await ctx.server?.close();
    await provider.shutdown();
  });
  return ctx;
}

function hitAt(server: RouteServer, path: string, nth = 0, timeoutMs = 10_000): Promise<Hit> {
  return eventually(() => {
    const hit = server.hits.filter((h) => h.path === path)[nth];
    if (!hit) throw new Error(`no request ${nth + 1} at ${path} yet`);
    return hit;
  }, timeoutMs);
}

/** The finished spans of one trace, once `ready` holds for them. */
function spansOf(exporter: InMemorySpanExporter, traceId: string, ready: (spans: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
  return eventually(() => {
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    if (!ready(spans)) throw new Error(`trace ${traceId} not complete yet: ${spans.map((s) => s.name).join(', ')}`);
    return spans;
  });
}

function only(spans: ReadableSpan[], predicate: (s: ReadableSpan) => boolean, what: string): ReadableSpan {
  const found = spans.filter(predicate);
  expect(found, what).toHaveLength(1);
  return found[0];
}

function describeTraces(store: StoreUnderTest): void {
  describe(`traces on the ${store.name} store`, () => {
    const ctx = tracedApp(store);

    it("carries the client's trace from POST /jobs through the run to the http call and the callback's call", async () => {
      const client = clientContext();
      ctx.server.routes.set('/target', (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
      ctx.server.routes.set('/done', (_req, _body, res) => res.writeHead(204).end());
      const created = await ctx.e2e
        .http()
        .post('/jobs')
        .set('traceparent', client.traceparent)
        .set('tracestate', 'vendor=abc')
        .send({ type: 'http', queue: ctx.queue, payload: { url: `${ctx.server.base}/target?token=s3cret`, method: 'POST', body: { n: 1 } }, callbackUrl: `${ctx.server.base}/done` })
        .expect(201);
      const jobId = created.body.id as string;
      expect(created.body).not.toHaveProperty('traceparent');

      const target = await hitAt(ctx.server, '/target?token=s3cret');
      const callback = await hitAt(ctx.server, '/done');
      const targetSpanId = spanIdIn(target.headers.traceparent, client.traceId);
      const callbackSpanId = spanIdIn(callback.headers.traceparent, client.traceId);
      expect(target.headers.tracestate).toBe('vendor=abc');
      expect(callback.headers.tracestate).toBe('vendor=abc');
      expect(JSON.parse(callback.body)).not.toHaveProperty('traceparent');

      // enqueue, run, http call; then the callback's enqueue, run, http call: all in the client's trace
      const spans = await spansOf(ctx.exporter, client.traceId, (s) => s.length >= 6 && s.filter((x) => x.name === 'run').length >= 2);
      expect(spans.map((s) => s.name).sort()).toEqual(['POST', 'POST', 'enqueue', 'enqueue', 'run', 'run']);
      const enqueue = only(spans, (s) => s.name === 'enqueue' && parentOf(s) === client.spanId, 'the enqueue span under the client');
      expect(enqueue.kind).toBe(SpanKind.PRODUCER);
      expect(enqueue.attributes).toMatchObject({
        'messaging.system.name': 'claimq',
        'messaging.destination.name': ctx.queue,
        'messaging.message.id': jobId,
        'claimq.job.type': 'http',
      });
      const run = only(spans, (s) => s.name === 'run' && parentOf(s) === idOf(enqueue), 'the run under the enqueue span');
      expect(run.kind).toBe(SpanKind.CONSUMER);
      expect(run.status.code).toBe(SpanStatusCode.UNSET);
      expect(run.attributes).toMatchObject({
        'messaging.destination.name': ctx.queue,
        'messaging.message.id': jobId,
        'claimq.job.type': 'http',
        'claimq.job.attempt': 1,
        'claimq.job.outcome': 'succeeded',
      });
      const call = only(spans, (s) => s.name === 'POST' && parentOf(s) === idOf(run), 'the http call under the run');
      expect(call.kind).toBe(SpanKind.CLIENT);
      expect(idOf(call)).toBe(targetSpanId);
      expect(call.attributes).toMatchObject({
        'http.request.method': 'POST',
        'url.full': `${ctx.server.base}/target?token=REDACTED`,
        'server.address': '127.0.0.1',
        'server.port': ctx.server.port,
        'http.response.status_code': 200,
      });

      const callbackEnqueue = only(spans, (s) => s.name === 'enqueue' && parentOf(s) === idOf(run), "the callback's enqueue under the run");
      const callbackRun = only(spans, (s) => s.name === 'run' && parentOf(s) === idOf(callbackEnqueue), "the callback's run");
      expect(callbackRun.attributes['messaging.message.id']).toBe(callbackEnqueue.attributes['messaging.message.id']);
      const callbackCall = only(spans, (s) => s.name === 'POST' && parentOf(s) === idOf(callbackRun), "the callback's http call");
      expect(idOf(callbackCall)).toBe(callbackSpanId);
      expect(callbackCall.attributes['http.response.status_code']).toBe(204);

      // the claim: a trace of its own per claim batch, linked to the job's enqueue context; the run links back to it
      const claims = ctx.exporter.getFinishedSpans().filter((s) => s.name === 'claim' && s.links.some((l) => l.context.spanId === idOf(enqueue)));
      expect(claims).toHaveLength(1);
      const claim = claims[0];
      expect(claim.kind).toBe(SpanKind.CLIENT);
      expect(claim.spanContext().traceId).not.toBe(client.traceId);
      expect(claim.parentSpanContext).toBeUndefined();
      expect(claim.attributes).toMatchObject({ 'messaging.destination.name': ctx.queue, 'messaging.batch.message_count': 1 });
      expect(run.links.map((l) => l.context.spanId)).toEqual([idOf(claim)]);

      // the job keeps the context of its enqueue span, which each attempt's run is a child of
      await expect(store.storedTrace(ctx.e2e, jobId)).resolves.toEqual({
        traceparent: `00-${client.traceId}-${idOf(enqueue)}-01`,
        tracestate: 'vendor=abc',
      });
    });

    it('records a failed attempt and its retry as two runs of the same trace, the first in error', async () => {
      const client = clientContext();
      let calls = 0;
      ctx.server.routes.set('/flaky', (_req, _body, res) => {
        calls++;
        if (calls === 1) res.writeHead(500).end('not yet');
        else res.writeHead(200).end('ok');
      });
      const created = await ctx.e2e
        .http()
        .post('/jobs')
        .set('traceparent', client.traceparent)
        .send({ type: 'http', queue: ctx.queue, maxAttempts: 2, backoff: { strategy: 'fixed', delayMs: 0 }, payload: { url: `${ctx.server.base}/flaky`, method: 'GET' } })
        .expect(201);
      // on a partitioned queue a retry due at once in a partition other than 0 wakes no worker: it waits for the claim's sweep (idle waits of 5 s)
      await hitAt(ctx.server, '/flaky', 1, 30_000);

      const spans = await spansOf(ctx.exporter, client.traceId, (s) => s.filter((x) => x.name === 'run').length >= 2 && s.filter((x) => x.name === 'GET').length >= 2);
      const enqueue = only(spans, (s) => s.name === 'enqueue', 'one enqueue span');
      expect(parentOf(enqueue)).toBe(client.spanId);
      const runs = spans.filter((s) => s.name === 'run').sort((a, b) => Number(a.attributes['claimq.job.attempt']) - Number(b.attributes['claimq.job.attempt']));
      expect(runs.map(parentOf)).toEqual([idOf(enqueue), idOf(enqueue)]);
      expect(runs.map((r) => r.attributes['messaging.message.id'])).toEqual([created.body.id, created.body.id]);
      expect(runs.map((r) => r.attributes['claimq.job.attempt'])).toEqual([1, 2]);
      expect(runs.map((r) => r.attributes['claimq.job.outcome'])).toEqual(['failed', 'succeeded']);
      expect(runs[0].status.code).toBe(SpanStatusCode.ERROR);
      expect(runs[0].status.message).toMatch(/answered 500/);
      expect(runs[0].attributes).toMatchObject({ 'claimq.job.retryable': true, 'error.type': 'RetryableJobError' });
      expect(runs[1].status.code).toBe(SpanStatusCode.UNSET);
      const calls500 = spans.filter((s) => s.name === 'GET' && parentOf(s) === idOf(runs[0]));
      expect(calls500.map((s) => [s.attributes['http.response.status_code'], s.attributes['error.type'], s.status.code])).toEqual([[500, '500', SpanStatusCode.ERROR]]);
      const calls200 = spans.filter((s) => s.name === 'GET' && parentOf(s) === idOf(runs[1]));
      expect(calls200.map((s) => s.attributes['http.response.status_code'])).toEqual([200]);
    });

    it('puts the jobs of POST /jobs/bulk under one enqueue span in the client\'s trace', async () => {
      const client = clientContext();
      const created = await ctx.e2e
        .http()
        .post('/jobs/bulk')
        .set('traceparent', client.traceparent)
        .send({ jobs: [{ type: 'noop', queue: ctx.queue }, { type: 'noop', queue: ctx.queue }] })
        .expect(201);
      const spans = await spansOf(ctx.exporter, client.traceId, (s) => s.filter((x) => x.name === 'run').length >= 2);
      const enqueue = only(spans, (s) => s.name === 'enqueue', 'one enqueue span');
      expect(parentOf(enqueue)).toBe(client.spanId);
      expect(enqueue.attributes).toMatchObject({ 'messaging.batch.message_count': 2, 'claimq.job.type': 'noop' });
      const runs = spans.filter((s) => s.name === 'run');
      expect(runs.map(parentOf)).toEqual([idOf(enqueue), idOf(enqueue)]);
      expect(runs.map((r) => r.attributes['messaging.message.id']).sort()).toEqual([...(created.body.ids as string[])].sort());
    });

    it("links a graph job's run to the runs of the parents whose success let it run, also for a job added at run time", async () => {
      const client = clientContext();
      // an http job held open keeps the execution running until the job added at run time is in
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      ctx.server.routes.set('/hold-graph', (_req, _body, res) => void held.then(() => res.writeHead(204).end()));
      const jobs = [
        { key: 'a', type: 'noop', queue: ctx.queue },
        { key: 'b', type: 'noop', queue: ctx.queue },
        { key: 'c', type: 'noop', queue: ctx.queue, dependsOn: ['a', 'b'] },
        { key: 'd', type: 'noop', queue: ctx.queue, dependsOn: ['c'] },
        { key: 'hold', type: 'http', queue: ctx.queue, payload: { url: `${ctx.server.base}/hold-graph` } },
      ];
      try {
        const created = await ctx.e2e.http().post('/executions').set('traceparent', client.traceparent).send({ jobs }).expect(201);
        const executionId = created.body.id as string;
        const graph = await ctx.e2e.http().get(`/executions/${executionId}/graph`).expect(200);
        const idsByKey: Record<string, string> = {};
        for (const node of graph.body.nodes as { id: string; key: string }[]) idsByKey[node.key] = node.id;
        const runOf = (spans: ReadableSpan[], key: string): ReadableSpan =>
          only(spans, (s) => s.name === 'run' && s.attributes['messaging.message.id'] === idsByKey[key], `the run of ${key}`);
        const linksOf = (run: ReadableSpan): [string, unknown][] =>
          run.links.filter((l) => l.attributes?.['claimq.parent.key'] !== undefined).map((l) => [l.context.spanId, l.attributes?.['claimq.parent.key']]);
        const spans = await spansOf(ctx.exporter, client.traceId, (s) => s.some((x) => x.name === 'run' && x.attributes['messaging.message.id'] === idsByKey.d));
        const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((k) => runOf(spans, k));
        expect(linksOf(a)).toEqual([]);
        expect(linksOf(b)).toEqual([]);
        expect(linksOf(c).sort()).toEqual([[idOf(a), 'a'], [idOf(b), 'b']].sort());
        expect(linksOf(d)).toEqual([[idOf(c), 'c']]);

        // added once its parent had succeeded: the edge settles at once, and keeps the parent's run
        const added = await ctx.e2e
          .http()
          .post(`/executions/${executionId}/jobs`)
          .set('traceparent', client.traceparent)
          .send({ jobs: [{ key: 'e', type: 'noop', queue: ctx.queue, dependsOn: ['d'] }] })
          .expect(201);
        idsByKey.e = (added.body.jobIds as string[])[0];
        const more = await spansOf(ctx.exporter, client.traceId, (s) => s.some((x) => x.name === 'run' && x.attributes['messaging.message.id'] === idsByKey.e));
        expect(linksOf(runOf(more, 'e'))).toEqual([[idOf(d), 'd']]);
      } finally {
        release();
      }
    });

    it('starts a trace of its own for a job enqueued without a traceparent, and stores its enqueue span', async () => {
      const created = await ctx.e2e.http().post('/jobs').send({ type: 'noop', queue: ctx.queue }).expect(201);
      const jobId = created.body.id as string;
      const enqueue = await eventually(() => {
        const found = ctx.exporter.getFinishedSpans().find((s) => s.name === 'enqueue' && s.attributes['messaging.message.id'] === jobId);
        if (!found) throw new Error('no enqueue span yet');
        return found;
      });
      expect(enqueue.parentSpanContext).toBeUndefined();
      const { traceId } = enqueue.spanContext();
      await spansOf(ctx.exporter, traceId, (s) => s.some((x) => x.name === 'run' && parentOf(x) === idOf(enqueue)));
      await expect(store.storedTrace(ctx.e2e, jobId)).resolves.toEqual({ traceparent: `00-${traceId}-${idOf(enqueue)}-01`, tracestate: undefined });
    });
  });

  describe(`tracing off on the ${store.name} store`, () => {
    let e2e: E2eApp;
    let server: RouteServer;
    const queue = uniqueQueue();

    beforeAll(async () => {
      server = await startRouteServer();
      e2e = await startE2eApp({ ...store.env, MODE: 'all', QUEUES: queuesOf(store, queue) });
    });
    afterAll(async () => {
      await e2e?.close();
      await server?.close();
    });

    it("stores no trace context and sends no traceparent, whatever the client's request carried", async () => {
      const client = clientContext();
      server.routes.set('/plain', (_req, _body, res) => res.writeHead(200).end());
      const created = await e2e
        .http()
        .post('/jobs')
        .set('traceparent', client.traceparent)
        .set('tracestate', 'vendor=abc')
        .send({ type: 'http', queue, payload: { url: `${server.base}/plain` } })
        .expect(201);
      const hit = await hitAt(server, '/plain');
      expect(hit.headers).not.toHaveProperty('traceparent');
      expect(hit.headers).not.toHaveProperty('tracestate');
      await expect(store.storedTrace(e2e, created.body.id as string)).resolves.toEqual({ traceparent: undefined, tracestate: undefined });
    });
  });
}

describeTraces(MEMORY);
describeTraces(REDIS);
describeTraces(PARTITIONED);

describe('traces of executions and schedules', () => {
  const ctx = tracedApp(MEMORY);

  it("puts an execution's jobs under one enqueue span in the client's trace, naming the execution", async () => {
    const client = clientContext();
    const created = await ctx.e2e
      .http()
      .post('/executions')
      .set('traceparent', client.traceparent)
      .send({ jobs: [{ type: 'noop', queue: ctx.queue }, { type: 'noop', queue: ctx.queue }] })
      .expect(201);
    const spans = await spansOf(ctx.exporter, client.traceId, (s) => s.filter((x) => x.name === 'run').length >= 2);
    const enqueue = only(spans, (s) => s.name === 'enqueue', 'one enqueue span');
    expect(parentOf(enqueue)).toBe(client.spanId);
    expect(enqueue.attributes).toMatchObject({ 'claimq.execution.id': created.body.id, 'messaging.batch.message_count': 2 });
    expect(spans.filter((s) => s.name === 'run').map(parentOf)).toEqual([idOf(enqueue), idOf(enqueue)]);
  });

  it("traces a schedule's trigger in the client's trace, and each timed fire as a trace of its own", async () => {
    const client = clientContext();
    const name = `traced-${randomBytes(4).toString('hex')}`;
    await ctx.e2e.http().put(`/schedules/${name}`).send({ queue: ctx.queue, everyMs: 1000, job: { type: 'noop' } }).expect(201);
    const triggered = await ctx.e2e.http().post(`/schedules/${name}/trigger`).set('traceparent', client.traceparent).expect(201);
    const spans = await spansOf(ctx.exporter, client.traceId, (s) => s.some((x) => x.name === 'run'));
    const trigger = only(spans, (s) => s.name === 'enqueue', 'the trigger enqueue span');
    expect(parentOf(trigger)).toBe(client.spanId);
    expect(trigger.attributes).toMatchObject({ 'claimq.schedule.name': name, 'messaging.message.id': triggered.body.jobId });

    // the scheduler's own fires: no request behind them, a root each, its run a child
    const fires = await eventually(() => {
      const found = ctx.exporter
        .getFinishedSpans()
        .filter((s) => s.name === 'enqueue' && s.attributes['claimq.schedule.name'] === name && s.spanContext().traceId !== client.traceId);
      if (found.length < 2) throw new Error(`${found.length} fires traced yet`);
      return found;
    });
    expect(fires.map((f) => f.parentSpanContext)).toEqual([undefined, undefined]);
    expect(new Set(fires.map((f) => f.spanContext().traceId)).size).toBe(2);
    await spansOf(ctx.exporter, fires[0].spanContext().traceId, (s) => s.some((x) => x.name === 'run' && parentOf(x) === idOf(fires[0])));
    await ctx.e2e.http().delete(`/schedules/${name}`).expect(204);
  });
});

describe('OTEL_SDK_DISABLED=true', () => {
  const ctx = tracedApp(MEMORY, { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_SAMPLER: 'no-such-sampler' });

  it('wins over an endpoint, a provider handed in and invalid OTEL_* values: no span, nothing stored, no traceparent sent', async () => {
    const client = clientContext();
    ctx.server.routes.set('/quiet', (_req, _body, res) => res.writeHead(200).end());
    const created = await ctx.e2e
      .http()
      .post('/jobs')
      .set('traceparent', client.traceparent)
      .send({ type: 'http', queue: ctx.queue, payload: { url: `${ctx.server.base}/quiet` } })
      .expect(201);
    const hit = await hitAt(ctx.server, '/quiet');
    expect(hit.headers).not.toHaveProperty('traceparent');
    await eventually(async () => expect((await ctx.e2e.store.admin.get(created.body.id as string))?.status).toBe('succeeded'));
    await expect(MEMORY.storedTrace(ctx.e2e, created.body.id as string)).resolves.toEqual({ traceparent: undefined, tracestate: undefined });
    expect(ctx.exporter.getFinishedSpans()).toEqual([]);
  });
});
