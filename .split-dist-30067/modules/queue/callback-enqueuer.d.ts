import { Logger } from '@nestjs/common';
import { Clock } from '../../domain/clock';
import { JobOperations } from './job-store';
import { JobTracer, TraceCarrier } from '../tracing';
export type CallbackLogger = Pick<Logger, 'debug' | 'warn' | 'error'>;
/**
 * When a job with a callbackUrl has ended (succeeded, failed, cancelled), enqueues the `http` job
 * that POSTs its final state. One per process (QueueModule provides it): used by the workers (after
 * their ack is recorded), the reaper (jobs it fails) and the API (jobs it cancels). Off the hot path: it reads the job back from the store (the callers know only
 * its id) and retries a few times when the store blinks. The callback job's idempotency key
 * makes a repeated enqueue harmless, so two instances reporting the same ending send one callback.
 * With tracing on, the callback is enqueued in the trace of the job's last run (the worker passes
 * it), or else of the job itself, so its request joins the job's trace.
 */
export declare class CallbackEnqueuer {
    private readonly store;
    private readonly clock;
    private readonly maxPayloadBytes;
    private readonly logger;
    /** HTTP_HOST_CONCURRENCY > 0: a callback (an `http` job) gets its receiver's host group. */
    private readonly hostGroups;
    private readonly tracer;
    private readonly inFlight;
    constructor(store: Pick<JobOperations, 'get' | 'enqueue'>, clock: Clock, maxPayloadBytes: number, logger?: CallbackLogger, 
    /** HTTP_HOST_CONCURRENCY > 0: a callback (an `http` job) gets its receiver's host group. */
    hostGroups?: boolean, tracer?: JobTracer);
    /** `run`: the trace context of the attempt that ended the job (tracing on), the callback's parent. */
    jobEnded(jobId: string, run?: TraceCarrier): void;
    /** Resolves true when a callback was enqueued (false: no callbackUrl, not ended, or given up). */
    send(jobId: string, run?: TraceCarrier): Promise<boolean>;
    /** Waits for the callbacks being enqueued (shutdown). */
    drain(): Promise<void>;
    private enqueue;
    private enqueueOnce;
}
