import { ClaimedJob, Job, NewJob } from '../../domain/job';
import { ClaimSpan, EnqueueSpan, HttpCallSpan, JobTracer, RunSpan } from './job-tracer';
/** Tracing off (no OTEL_* variable asks for it, or OTEL_SDK_DISABLED=true): nothing is recorded, stored or sent. */
export declare class NoopJobTracer extends JobTracer {
    readonly enabled = false;
    startEnqueue(_jobs: readonly NewJob[]): EnqueueSpan;
    recordClaim(_queue: string, _workerId: string, _startedAt: number, _jobs: readonly ClaimedJob[] | undefined): ClaimSpan | undefined;
    startRun(_job: Job): RunSpan;
    startHttpCall(): HttpCallSpan;
    withIncomingRequest<T>(_headers: Record<string, string | string[] | undefined>, fn: () => T): T;
}
/** The tracer of code built without TracingModule (tests, tools): off. */
export declare const NOOP_JOB_TRACER: JobTracer;
