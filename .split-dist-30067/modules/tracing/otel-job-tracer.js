"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OtelJobTracer = void 0;
const common_1 = require("@nestjs/common");
const api_1 = require("@opentelemetry/api");
const core_1 = require("@opentelemetry/core");
const semantic_conventions_1 = require("@opentelemetry/semantic-conventions");
const claimq_version_1 = require("../../common/claimq-version");
const job_tracer_1 = require("./job-tracer");
const redacted_url_1 = require("./redacted-url");
const span_attributes_1 = require("./span-attributes");
/** Reads and writes a job's (or a run's) trace context: the carrier is the Job or NewJob itself, no copy. */
const CARRIER_GETTER = {
    keys: () => ['traceparent', 'tracestate'],
    get: (carrier, key) => (key === 'traceparent' ? carrier.traceparent : key === 'tracestate' ? carrier.tracestate : undefined),
};
const CARRIER_SETTER = {
    set: (carrier, key, value) => {
        if (key === 'traceparent')
            carrier.traceparent = value;
        else if (key === 'tracestate')
            carrier.tracestate = value;
    },
};
const HEADER_SETTER = { set: (headers, key, value) => headers.set(key, value) };
/** Outcomes that are an attempt's failure: its run span's status is ERROR. A cancel or a release at shutdown is not. */
const FAILED_OUTCOMES = new Set(['failed', 'timed_out', 'lost_lease', 'no_handler']);
/** The least the flush at shutdown gets, even when the workers' drain used up SHUTDOWN_GRACE_MS. */
const MIN_FLUSH_MS = 250;
/**
 * Tracing on: claimq's spans on an OpenTelemetry TracerProvider, W3C trace context in and out.
 * The spans (README, Traces): `enqueue` (PRODUCER) per store write of new jobs, its context
 * stored with each job; `claim` (CLIENT, a trace of its own) per claim that took jobs, linked to
 * each job's context; `run` (CONSUMER) per attempt, the child of the job's stored context and
 * linked to its claim; one CLIENT span per HTTP request an `http` job sends, whose traceparent it
 * carries. A callback is enqueued under its job's last run, so its request joins the same trace.
 */
class OtelJobTracer extends job_tracer_1.JobTracer {
    options;
    enabled = true;
    tracer;
    propagator = new core_1.W3CTraceContextPropagator();
    closingSince;
    constructor(provider, options) {
        super();
        this.options = options;
        this.tracer = provider.getTracer(span_attributes_1.CLAIMQ, (0, claimq_version_1.claimqVersion)());
    }
    startEnqueue(jobs, options = {}) {
        const parent = options.root ? api_1.ROOT_CONTEXT : options.parent ? this.extract(options.parent) : api_1.context.active();
        const attributes = { [span_attributes_1.MESSAGING_SYSTEM_NAME]: span_attributes_1.CLAIMQ, [span_attributes_1.MESSAGING_OPERATION_TYPE]: 'send', [span_attributes_1.MESSAGING_OPERATION_NAME]: 'enqueue' };
        const first = jobs[0];
        if (first !== undefined) {
            attributes[span_attributes_1.MESSAGING_DESTINATION_NAME] = first.queue;
            if (jobs.every((job) => job.type === first.type))
                attributes[span_attributes_1.CLAIMQ_JOB_TYPE] = first.type;
            if (jobs.length > 1)
                attributes[span_attributes_1.MESSAGING_BATCH_MESSAGE_COUNT] = jobs.length;
            if (first.schedule !== undefined)
                attributes[span_attributes_1.CLAIMQ_SCHEDULE_NAME] = first.schedule.name;
        }
        const span = this.tracer.startSpan('enqueue', { kind: api_1.SpanKind.PRODUCER, attributes }, parent);
        const active = api_1.trace.setSpan(parent, span);
        const carrier = {};
        this.propagator.inject(active, carrier, CARRIER_SETTER);
        for (const job of jobs) {
            job.traceparent = carrier.traceparent;
            job.tracestate = carrier.tracestate;
        }
        let ended = false;
        return {
            activate: (fn) => api_1.context.with(active, fn),
            end: (error, enqueued) => {
                if (ended)
                    return;
                ended = true;
                if (enqueued?.jobIds.length === 1)
                    span.setAttribute(span_attributes_1.MESSAGING_MESSAGE_ID, enqueued.jobIds[0]);
                if (enqueued?.executionId !== undefined)
                    span.setAttribute(span_attributes_1.CLAIMQ_EXECUTION_ID, enqueued.executionId);
                if (error !== undefined)
                    recordError(span, error);
                span.end();
            },
        };
    }
    recordClaim(queue, workerId, startedAt, jobs, error) {
        const links = [];
        for (const { job } of jobs ?? []) {
            const stored = this.storedSpanContext(job);
            if (stored)
                links.push({ context: stored, attributes: { [span_attributes_1.MESSAGING_MESSAGE_ID]: job.id } });
        }
        const attributes = {
            [span_attributes_1.MESSAGING_SYSTEM_NAME]: span_attributes_1.CLAIMQ,
            [span_attributes_1.MESSAGING_OPERATION_TYPE]: 'receive',
            [span_attributes_1.MESSAGING_OPERATION_NAME]: 'claim',
            [span_attributes_1.MESSAGING_DESTINATION_NAME]: queue,
            [span_attributes_1.MESSAGING_CLIENT_ID]: workerId,
            [span_attributes_1.MESSAGING_BATCH_MESSAGE_COUNT]: jobs?.length ?? 0,
        };
        // a claim serves many traces: a root of its own, linked to each job's
        const span = this.tracer.startSpan('claim', { kind: api_1.SpanKind.CLIENT, root: true, startTime: startedAt, links, attributes }, api_1.ROOT_CONTEXT);
        if (error !== undefined)
            recordError(span, error);
        span.end();
        return jobs === undefined ? undefined : new OtelClaimSpan(span.spanContext());
    }
    startRun(job, workerId, claim) {
        const parent = job.traceparent === undefined ? api_1.ROOT_CONTEXT : this.extract(job);
        const attributes = {
            [span_attributes_1.MESSAGING_SYSTEM_NAME]: span_attributes_1.CLAIMQ,
            [span_attributes_1.MESSAGING_OPERATION_TYPE]: 'process',
            [span_attributes_1.MESSAGING_OPERATION_NAME]: 'run',
            [span_attributes_1.MESSAGING_DESTINATION_NAME]: job.queue,
            [span_attributes_1.MESSAGING_MESSAGE_ID]: job.id,
            [span_attributes_1.MESSAGING_CLIENT_ID]: workerId,
            [span_attributes_1.CLAIMQ_JOB_TYPE]: job.type,
            [span_attributes_1.CLAIMQ_JOB_ATTEMPT]: job.attempts,
        };
        const links = claim instanceof OtelClaimSpan ? [{ context: claim.context }] : undefined;
        const span = this.tracer.startSpan('run', { kind: api_1.SpanKind.CONSUMER, links, attributes }, parent);
        return new OtelRunSpan(span, api_1.trace.setSpan(parent, span), this.propagator);
    }
    startHttpCall(method, url, headers, hop) {
        const attributes = {
            [semantic_conventions_1.ATTR_HTTP_REQUEST_METHOD]: method,
            [semantic_conventions_1.ATTR_URL_FULL]: (0, redacted_url_1.redactedUrl)(url),
            [semantic_conventions_1.ATTR_SERVER_ADDRESS]: url.hostname,
            [semantic_conventions_1.ATTR_SERVER_PORT]: url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
        };
        if (hop > 0)
            attributes[semantic_conventions_1.ATTR_HTTP_REQUEST_RESEND_COUNT] = hop;
        const active = api_1.context.active();
        const span = this.tracer.startSpan(method, { kind: api_1.SpanKind.CLIENT, attributes }, active);
        this.propagator.inject(api_1.trace.setSpan(active, span), headers, HEADER_SETTER);
        let ended = false;
        return {
            end: (status, error) => {
                if (ended)
                    return;
                ended = true;
                if (status !== undefined) {
                    span.setAttribute(semantic_conventions_1.ATTR_HTTP_RESPONSE_STATUS_CODE, status);
                    // a client span's error: no response, or a 4xx or 5xx one (the HTTP conventions)
                    if (status >= 400) {
                        span.setAttribute(semantic_conventions_1.ATTR_ERROR_TYPE, String(status));
                        span.setStatus({ code: api_1.SpanStatusCode.ERROR });
                    }
                }
                if (error !== undefined)
                    recordError(span, error);
                span.end();
            },
        };
    }
    withIncomingRequest(headers, fn) {
        const active = api_1.context.active();
        // an embedding app's own HTTP instrumentation made a span already: the enqueue is its child
        if (api_1.trace.getSpan(active) !== undefined)
            return fn();
        return api_1.context.with(this.propagator.extract(active, headers, api_1.defaultTextMapGetter), fn);
    }
    /** The first of Nest's shutdown hooks: the shutdown's time budget starts here. */
    onModuleDestroy() {
        this.closingSince = performance.now();
    }
    /** The last: the workers have drained (their run spans ended), the HTTP server is closed. */
    async onApplicationShutdown() {
        const since = this.closingSince ?? performance.now();
        const left = Math.round(Math.max(MIN_FLUSH_MS, since + this.options.shutdownGraceMs - performance.now()));
        try {
            await this.options.flush(left);
        }
        catch (err) {
            new common_1.Logger('Tracing').warn(`spans not exported within ${left} ms of the shutdown's grace were dropped (${err.message})`);
        }
    }
    extract(carrier) {
        return this.propagator.extract(api_1.ROOT_CONTEXT, carrier, CARRIER_GETTER);
    }
    storedSpanContext(job) {
        return job.traceparent === undefined ? undefined : api_1.trace.getSpanContext(this.extract(job));
    }
}
exports.OtelJobTracer = OtelJobTracer;
class OtelClaimSpan {
    context;
    kind = 'claim';
    constructor(context) {
        this.context = context;
    }
}
class OtelRunSpan {
    span;
    active;
    propagator;
    ended = false;
    constructor(span, active, propagator) {
        this.span = span;
        this.active = active;
        this.propagator = propagator;
    }
    activate(fn) {
        return api_1.context.with(this.active, fn);
    }
    end(outcome, error, retryable) {
        if (this.ended)
            return;
        this.ended = true;
        this.span.setAttribute(span_attributes_1.CLAIMQ_JOB_OUTCOME, outcome);
        if (FAILED_OUTCOMES.has(outcome)) {
            if (retryable !== undefined)
                this.span.setAttribute(span_attributes_1.CLAIMQ_JOB_RETRYABLE, retryable);
            recordError(this.span, error ?? outcome, outcome);
        }
        this.span.end();
    }
    carrier() {
        const carrier = {};
        this.propagator.inject(this.active, carrier, CARRIER_SETTER);
        return carrier;
    }
}
/** ERROR status with the error's message, error.type (its class, or `fallbackType`), and an exception event for a thrown Error. */
function recordError(span, error, fallbackType) {
    const isError = error instanceof Error;
    const type = isError ? errorType(error) : (fallbackType ?? 'error');
    span.setAttribute(semantic_conventions_1.ATTR_ERROR_TYPE, type);
    if (isError)
        span.recordException(error);
    span.setStatus({ code: api_1.SpanStatusCode.ERROR, message: isError ? error.message : String(error) });
}
/** A network error's code (ECONNREFUSED) says more than its class (TypeError: fetch failed). */
function errorType(error) {
    const cause = error.cause;
    if (typeof cause?.code === 'string')
        return cause.code;
    const code = error.code;
    if (typeof code === 'string')
        return code;
    return error.constructor.name || error.name;
}
//# sourceMappingURL=otel-job-tracer.js.map