import { Logger, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import {
  Attributes,
  Context,
  context,
  defaultTextMapGetter,
  Link,
  ROOT_CONTEXT,
  Span,
  SpanContext,
  SpanKind,
  SpanStatusCode,
  TextMapGetter,
  TextMapSetter,
  trace,
  Tracer,
  TracerProvider,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
} from '@opentelemetry/semantic-conventions';
import { claimqVersion } from '../../common/claimq-version';
import { ClaimedJob, Job, NewJob } from '../../domain/job';
import { ClaimSpan, EnqueueSpan, EnqueueSpanOptions, HeaderSetter, HttpCallSpan, JobTracer, RunOutcome, RunSpan, TraceCarrier } from './job-tracer';
import { redactedUrl } from './redacted-url';
import {
  CLAIMQ,
  CLAIMQ_EXECUTION_ID,
  CLAIMQ_SCHEDULE_NAME,
  CLAIMQ_JOB_ATTEMPT,
  CLAIMQ_JOB_OUTCOME,
  CLAIMQ_JOB_RETRYABLE,
  CLAIMQ_JOB_TYPE,
  CLAIMQ_PARENT_KEY,
  MESSAGING_BATCH_MESSAGE_COUNT,
  MESSAGING_CLIENT_ID,
  MESSAGING_DESTINATION_NAME,
  MESSAGING_MESSAGE_ID,
  MESSAGING_OPERATION_NAME,
  MESSAGING_OPERATION_TYPE,
  MESSAGING_SYSTEM_NAME,
} from './span-attributes';

/** Reads and writes a job's (or a run's) trace context: the carrier is the Job or NewJob itself, no copy. */
const CARRIER_GETTER: TextMapGetter<TraceCarrier> = {
  keys: () => ['traceparent', 'tracestate'],
  get: (carrier, key) => (key === 'traceparent' ? carrier.traceparent : key === 'tracestate' ? carrier.tracestate : undefined),
};
const CARRIER_SETTER: TextMapSetter<TraceCarrier> = {
  set: (carrier, key, value) => {
    if (key === 'traceparent') carrier.traceparent = value;
    else if (key === 'tracestate') carrier.tracestate = value;
  },
};
const HEADER_SETTER: TextMapSetter<HeaderSetter> = { set: (headers, key, value) => headers.set(key, value) };

/** Outcomes that are an attempt's failure: its run span's status is ERROR. A cancel or a release at shutdown is not. */
const FAILED_OUTCOMES: ReadonlySet<RunOutcome> = new Set(['failed', 'timed_out', 'lost_lease', 'no_handler']);

/** The least the flush at shutdown gets, even when the workers' drain used up SHUTDOWN_GRACE_MS. */
const MIN_FLUSH_MS = 250;

export interface OtelJobTracerOptions {
  /** Sends what is buffered (and stops, for the SDK this tracer owns; a provider handed in is only flushed); rejects after `timeoutMs`. */
  flush: (timeoutMs: number) => Promise<void>;
  /** SHUTDOWN_GRACE_MS: the flush finishes within it, counted from the start of the shutdown. */
  shutdownGraceMs: number;
}

/**
 * Tracing on: claimq's spans on an OpenTelemetry TracerProvider, W3C trace context in and out.
 * The spans (README, Traces): `enqueue` (PRODUCER) per store write of new jobs, its context
 * stored with each job; `claim` (CLIENT, a trace of its own) per claim that took jobs, linked to
 * each job's context; `run` (CONSUMER) per attempt, the child of the job's stored context and
 * linked to its claim; one CLIENT span per HTTP request an `http` job sends, whose traceparent it
 * carries. A callback is enqueued under its job's last run, so its request joins the same trace.
 */
export class OtelJobTracer extends JobTracer implements OnModuleDestroy, OnApplicationShutdown {
  readonly enabled = true;
  private readonly tracer: Tracer;
  private readonly propagator = new W3CTraceContextPropagator();
  private closingSince: number | undefined;

  constructor(
    provider: TracerProvider,
    private readonly options: OtelJobTracerOptions,
  ) {
    super();
    this.tracer = provider.getTracer(CLAIMQ, claimqVersion());
  }

  startEnqueue(jobs: readonly NewJob[], options: EnqueueSpanOptions = {}): EnqueueSpan {
    const parent = options.root ? ROOT_CONTEXT : options.parent ? this.extract(options.parent) : context.active();
    const attributes: Attributes = { [MESSAGING_SYSTEM_NAME]: CLAIMQ, [MESSAGING_OPERATION_TYPE]: 'send', [MESSAGING_OPERATION_NAME]: 'enqueue' };
    const first = jobs[0];
    if (first !== undefined) {
      attributes[MESSAGING_DESTINATION_NAME] = first.queue;
      if (jobs.every((job) => job.type === first.type)) attributes[CLAIMQ_JOB_TYPE] = first.type;
      if (jobs.length > 1) attributes[MESSAGING_BATCH_MESSAGE_COUNT] = jobs.length;
      if (first.schedule !== undefined) attributes[CLAIMQ_SCHEDULE_NAME] = first.schedule.name;
    }
    const span = this.tracer.startSpan('enqueue', { kind: SpanKind.PRODUCER, attributes }, parent);
    const active = trace.setSpan(parent, span);
    const carrier: TraceCarrier = {};
    this.propagator.inject(active, carrier, CARRIER_SETTER);
    for (const job of jobs) {
      job.traceparent = carrier.traceparent;
      job.tracestate = carrier.tracestate;
    }
    let ended = false;
    return {
      activate: (fn) => context.with(active, fn),
      end: (error, enqueued) => {
        if (ended) return;
        ended = true;
        if (enqueued?.jobIds.length === 1) span.setAttribute(MESSAGING_MESSAGE_ID, enqueued.jobIds[0]);
        if (enqueued?.executionId !== undefined) span.setAttribute(CLAIMQ_EXECUTION_ID, enqueued.executionId);
        if (error !== undefined) recordError(span, error);
        span.end();
      },
    };
  }

  recordClaim(queue: string, workerId: string, startedAt: number, jobs: readonly ClaimedJob[] | undefined, error?: unknown): ClaimSpan | undefined {
    const links: Link[] = [];
    for (const { job } of jobs ?? []) {
      const stored = this.storedSpanContext(job);
      if (stored) links.push({ context: stored, attributes: { [MESSAGING_MESSAGE_ID]: job.id } });
    }
    const attributes: Attributes = {
      [MESSAGING_SYSTEM_NAME]: CLAIMQ,
      [MESSAGING_OPERATION_TYPE]: 'receive',
      [MESSAGING_OPERATION_NAME]: 'claim',
      [MESSAGING_DESTINATION_NAME]: queue,
      [MESSAGING_CLIENT_ID]: workerId,
      [MESSAGING_BATCH_MESSAGE_COUNT]: jobs?.length ?? 0,
    };
    // a claim serves many traces: a root of its own, linked to each job's
    const span = this.tracer.startSpan('claim', { kind: SpanKind.CLIENT, root: true, startTime: startedAt, links, attributes }, ROOT_CONTEXT);
    if (error !== undefined) recordError(span, error);
    span.end();
    return jobs === undefined ? undefined : new OtelClaimSpan(span.spanContext());
  }

  startRun(job: Job, workerId: string, claim?: ClaimSpan, parentRuns?: Readonly<Record<string, string>>): RunSpan {
    const parent = job.traceparent === undefined ? ROOT_CONTEXT : this.extract(job);
    const attributes: Attributes = {
      [MESSAGING_SYSTEM_NAME]: CLAIMQ,
      [MESSAGING_OPERATION_TYPE]: 'process',
      [MESSAGING_OPERATION_NAME]: 'run',
      [MESSAGING_DESTINATION_NAME]: job.queue,
      [MESSAGING_MESSAGE_ID]: job.id,
      [MESSAGING_CLIENT_ID]: workerId,
      [CLAIMQ_JOB_TYPE]: job.type,
      [CLAIMQ_JOB_ATTEMPT]: job.attempts,
    };
    const links: Link[] = claim instanceof OtelClaimSpan ? [{ context: claim.context }] : [];
    // a graph job: the runs of the parents whose success let it run
    for (const key in parentRuns) {
      const run = trace.getSpanContext(this.extract({ traceparent: parentRuns[key] }));
      if (run) links.push({ context: run, attributes: { [CLAIMQ_PARENT_KEY]: key } });
    }
    const span = this.tracer.startSpan('run', { kind: SpanKind.CONSUMER, links: links.length > 0 ? links : undefined, attributes }, parent);
    return new OtelRunSpan(span, trace.setSpan(parent, span), this.propagator);
  }

  startHttpCall(method: string, url: URL, headers: HeaderSetter, hop: number): HttpCallSpan {
    const attributes: Attributes = {
      [ATTR_HTTP_REQUEST_METHOD]: method,
      [ATTR_URL_FULL]: redactedUrl(url),
      [ATTR_SERVER_ADDRESS]: url.hostname,
      [ATTR_SERVER_PORT]: url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    };
    if (hop > 0) attributes[ATTR_HTTP_REQUEST_RESEND_COUNT] = hop;
    const active = context.active();
    const span = this.tracer.startSpan(method, { kind: SpanKind.CLIENT, attributes }, active);
    this.propagator.inject(trace.setSpan(active, span), headers, HEADER_SETTER);
    let ended = false;
    return {
      end: (status, error) => {
        if (ended) return;
        ended = true;
        if (status !== undefined) {
          span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
          // a client span's error: no response, or a 4xx or 5xx one (the HTTP conventions)
          if (status >= 400) {
            span.setAttribute(ATTR_ERROR_TYPE, String(status));
            span.setStatus({ code: SpanStatusCode.ERROR });
          }
        }
        if (error !== undefined) recordError(span, error);
        span.end();
      },
    };
  }

  withIncomingRequest<T>(headers: Record<string, string | string[] | undefined>, fn: () => T): T {
    const active = context.active();
    // an embedding app's own HTTP instrumentation made a span already: the enqueue is its child
    if (trace.getSpan(active) !== undefined) return fn();
    return context.with(this.propagator.extract(active, headers, defaultTextMapGetter), fn);
  }

  /** The first of Nest's shutdown hooks: the shutdown's time budget starts here. */
  onModuleDestroy(): void {
    this.closingSince = performance.now();
  }

  /** The last: the workers have drained (their run spans ended), the HTTP server is closed. */
  async onApplicationShutdown(): Promise<void> {
    const since = this.closingSince ?? performance.now();
    const left = Math.round(Math.max(MIN_FLUSH_MS, since + this.options.shutdownGraceMs - performance.now()));
    try {
      await this.options.flush(left);
    } catch (err) {
      new Logger('Tracing').warn(`spans not exported within ${left} ms of the shutdown's grace were dropped (${(err as Error).message})`);
    }
  }

  private extract(carrier: TraceCarrier): Context {
    return this.propagator.extract(ROOT_CONTEXT, carrier, CARRIER_GETTER);
  }

  private storedSpanContext(job: Job): SpanContext | undefined {
    return job.traceparent === undefined ? undefined : trace.getSpanContext(this.extract(job));
  }
}

class OtelClaimSpan implements ClaimSpan {
  readonly kind = 'claim';

  constructor(readonly context: SpanContext) {}
}

class OtelRunSpan implements RunSpan {
  private ended = false;

  constructor(
    private readonly span: Span,
    private readonly active: Context,
    private readonly propagator: W3CTraceContextPropagator,
  ) {}

  activate<T>(fn: () => T): T {
    return context.with(this.active, fn);
  }

  end(outcome: RunOutcome, error?: unknown, retryable?: boolean): void {
    if (this.ended) return;
    this.ended = true;
    this.span.setAttribute(CLAIMQ_JOB_OUTCOME, outcome);
    if (FAILED_OUTCOMES.has(outcome)) {
      if (retryable !== undefined) this.span.setAttribute(CLAIMQ_JOB_RETRYABLE, retryable);
      recordError(this.span, error ?? outcome, outcome);
    }
    this.span.end();
  }

  carrier(): TraceCarrier {
    const carrier: TraceCarrier = {};
    this.propagator.inject(this.active, carrier, CARRIER_SETTER);
    return carrier;
  }
}

/** ERROR status with the error's message, error.type (its class, or `fallbackType`), and an exception event for a thrown Error. */
function recordError(span: Span, error: unknown, fallbackType?: string): void {
  const isError = error instanceof Error;
  const type = isError ? errorType(error) : (fallbackType ?? 'error');
  span.setAttribute(ATTR_ERROR_TYPE, type);
  if (isError) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: isError ? error.message : String(error) });
}

/** A network error's code (ECONNREFUSED) says more than its class (TypeError: fetch failed). */
function errorType(error: Error): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error.constructor.name || error.name;
}
