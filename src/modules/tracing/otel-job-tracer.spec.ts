import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { DEFAULT_BACKOFF, Job, NewJob } from '../../domain/job';
import { OtelJobTracer } from './otel-job-tracer';
import { ensureContextManager } from './tracing-sdk';

function newJob(id: string, queue = 'q'): NewJob {
  return { id, queue, type: 'noop', payloadJson: 'null', priority: 0, runAt: 0, maxAttempts: 3, backoff: DEFAULT_BACKOFF, timeoutMs: 1000 };
}

function claimedJob(job: NewJob, attempts = 1): Job {
  const { payloadJson: _payload, ...rest } = job;
  return { ...rest, payload: null, status: 'running', attempts, createdAt: 0, updatedAt: 0 };
}

describe('OtelJobTracer', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracer = new OtelJobTracer(provider, { shutdownGraceMs: 1_000, flush: () => Promise.resolve() });

  beforeAll(() => ensureContextManager());
  afterEach(() => exporter.reset());
  afterAll(() => provider.shutdown());

  it("stores the enqueue span's context in every job of the call, and starts each run as its child", async () => {
    const jobs = [newJob('q-1'), newJob('q-2')];
    await tracer.traceEnqueue(jobs, async () => [], () => ({ jobIds: ['q-1', 'q-2'] }));
    const [enqueue] = exporter.getFinishedSpans();
    const { traceId, spanId } = enqueue.spanContext();
    expect(jobs.map((j) => j.traceparent)).toEqual([`00-${traceId}-${spanId}-01`, `00-${traceId}-${spanId}-01`]);
    expect(enqueue.attributes['messaging.batch.message_count']).toBe(2);

    const run = tracer.startRun(claimedJob(jobs[1], 2), 'w-1');
    run.end('succeeded');
    const runSpan = exporter.getFinishedSpans()[1];
    expect(runSpan.parentSpanContext?.spanId).toBe(spanId);
    expect(runSpan.spanContext().traceId).toBe(traceId);
    expect(runSpan.attributes).toMatchObject({ 'claimq.job.attempt': 2, 'messaging.client.id': 'w-1', 'claimq.job.outcome': 'succeeded' });
  });

  it('records a failed write as an enqueue span in error, and a run without stored context as a root', async () => {
    const job = newJob('q-3');
    await expect(tracer.traceEnqueue([job], () => Promise.reject(new Error('store away')), () => ({ jobIds: [] }))).rejects.toThrow('store away');
    const [enqueue] = exporter.getFinishedSpans();
    expect(enqueue.status).toEqual({ code: SpanStatusCode.ERROR, message: 'store away' });
    const run = tracer.startRun(claimedJob(newJob('q-4')), 'w-1');
    run.end('timed_out', new Error('timed out after 1000ms'), true);
    const runSpan = exporter.getFinishedSpans()[1];
    expect(runSpan.parentSpanContext).toBeUndefined();
    expect(runSpan.attributes).toMatchObject({ 'claimq.job.outcome': 'timed_out', 'claimq.job.retryable': true, 'error.type': 'Error' });
    expect(runSpan.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("enqueues under an explicit parent (a run's context), whatever is active", async () => {
    const run = tracer.startRun(claimedJob(newJob('q-5')), 'w-1');
    const parent = run.carrier();
    const other = trace.wrapSpanContext({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 });
    const callback = newJob('q-6');
    await context.with(trace.setSpan(ROOT_CONTEXT, other), () => tracer.traceEnqueue([callback], async () => [], () => ({ jobIds: ['q-6'] }), { parent }));
    run.end('succeeded');
    const enqueue = exporter.getFinishedSpans().find((s) => s.name === 'enqueue')!;
    expect(enqueue.kind).toBe(SpanKind.PRODUCER);
    expect(`00-${enqueue.spanContext().traceId}-${enqueue.parentSpanContext?.spanId}-01`).toBe(parent.traceparent);
  });

  it('gives the flush at shutdown what is left of SHUTDOWN_GRACE_MS since the shutdown began, and at least 250 ms', async () => {
    const budgets: number[] = [];
    const flushing = new OtelJobTracer(provider, { shutdownGraceMs: 60_000, flush: async (ms) => void budgets.push(ms) });
    flushing.onModuleDestroy();
    await flushing.onApplicationShutdown();
    const spent = new OtelJobTracer(provider, { shutdownGraceMs: 0, flush: async (ms) => void budgets.push(ms) });
    spent.onModuleDestroy();
    await spent.onApplicationShutdown();
    expect(budgets[0]).toBeGreaterThan(50_000);
    expect(budgets[0]).toBeLessThanOrEqual(60_000);
    expect(budgets[1]).toBe(250);
  });

  it('resolves the shutdown when the flush gives up (its spans are dropped, with a warning)', async () => {
    const giving = new OtelJobTracer(provider, { shutdownGraceMs: 1_000, flush: () => Promise.reject(new Error('timed out after 1000ms')) });
    await expect(giving.onApplicationShutdown()).resolves.toBeUndefined();
  });
});
