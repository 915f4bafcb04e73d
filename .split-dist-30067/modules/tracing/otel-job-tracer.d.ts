import { OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { TracerProvider } from '@opentelemetry/api';
import { ClaimedJob, Job, NewJob } from '../../domain/job';
import { ClaimSpan, EnqueueSpan, EnqueueSpanOptions, HeaderSetter, HttpCallSpan, JobTracer, RunSpan } from './job-tracer';
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
export declare class OtelJobTracer extends JobTracer implements OnModuleDestroy, OnApplicationShutdown {
    private readonly options;
    readonly enabled = true;
    private readonly tracer;
    private readonly propagator;
    private closingSince;
    constructor(provider: TracerProvider, options: OtelJobTracerOptions);
    startEnqueue(jobs: readonly NewJob[], options?: EnqueueSpanOptions): EnqueueSpan;
    recordClaim(queue: string, workerId: string, startedAt: number, jobs: readonly ClaimedJob[] | undefined, error?: unknown): ClaimSpan | undefined;
    startRun(job: Job, workerId: string, claim?: ClaimSpan): RunSpan;
    startHttpCall(method: string, url: URL, headers: HeaderSetter, hop: number): HttpCallSpan;
    withIncomingRequest<T>(headers: Record<string, string | string[] | undefined>, fn: () => T): T;
    /** The first of Nest's shutdown hooks: the shutdown's time budget starts here. */
    onModuleDestroy(): void;
    /** The last: the workers have drained (their run spans ended), the HTTP server is closed. */
    onApplicationShutdown(): Promise<void>;
    private extract;
    private storedSpanContext;
}
