import { ClaimedJob, Job, NewJob } from '../../domain/job';
import { ClaimSpan, EnqueueSpan, HttpCallSpan, JobTracer, RunSpan, TraceCarrier } from './job-tracer';

const NOOP_ENQUEUE: EnqueueSpan = { activate: (fn) => fn(), end: () => undefined };
const NOOP_RUN: RunSpan = { activate: (fn) => fn(), end: () => undefined, carrier: (): TraceCarrier => ({}) };
const NOOP_HTTP_CALL: HttpCallSpan = { end: () => undefined };

/** Tracing off (no OTEL_* variable asks for it, or OTEL_SDK_DISABLED=true): nothing is recorded, stored or sent. */
export class NoopJobTracer extends JobTracer {
  readonly enabled = false;

  startEnqueue(_jobs: readonly NewJob[]): EnqueueSpan {
    return NOOP_ENQUEUE;
  }

  recordClaim(_queue: string, _workerId: string, _startedAt: number, _jobs: readonly ClaimedJob[] | undefined): ClaimSpan | undefined {
    return undefined;
  }

  startRun(_job: Job): RunSpan {
    return NOOP_RUN;
  }

  startHttpCall(): HttpCallSpan {
    return NOOP_HTTP_CALL;
  }

  withIncomingRequest<T>(_headers: Record<string, string | string[] | undefined>, fn: () => T): T {
    return fn();
  }
}

/** The tracer of code built without TracingModule (tests, tools): off. */
export const NOOP_JOB_TRACER: JobTracer = new NoopJobTracer();
