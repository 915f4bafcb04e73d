/** OpenTelemetry traces: the tracer the other modules record through, its module and its HTTP interceptor. */
export { TracingModule } from './tracing.module';
export { enqueuedJobs, JobTracer } from './job-tracer';
export type { ClaimSpan, Enqueued, EnqueueSpan, EnqueueSpanOptions, HttpCallSpan, RunOutcome, RunSpan, TraceCarrier } from './job-tracer';
export { NOOP_JOB_TRACER } from './noop-job-tracer';
export { TraceContextInterceptor } from './trace-context.interceptor';
