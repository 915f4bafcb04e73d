import { Clock } from '../../domain/clock';
import { ClaimedJob } from '../../domain/job';
import { AckBatcher } from './ack-batcher';
import { DeadlineTimer } from './deadline-timer';
import { HandlerRegistry } from './handler-registry';
import { AbortCause } from './job-aborted.error';
import { RunningJob } from './running-job';
import { RunningJobs } from './running-jobs';
import { WorkerLogger } from './worker-logger';
import { ClaimSpan, JobTracer } from '../tracing';
export interface JobExecutorDeps {
    registry: HandlerRegistry;
    acks: AckBatcher;
    timer: DeadlineTimer;
    running: RunningJobs;
    workerId: string;
    clock: Clock;
    logger: WorkerLogger;
    /** A `run` span per attempt (default: off). */
    tracer?: JobTracer;
}
/**
 * Runs claimed jobs: finds the handler, arms the deadline, turns the handler's result or error
 * into an ack. The outcome of a job is decided exactly once (`RunningJob.settled`):
 * - result -> complete; error -> fail (retryable unless NonRetryableJobError);
 * - deadline -> signal aborted, fail retryable "timed out after Nms";
 * - cancel seen by the heartbeat -> signal aborted, fail (the store records it as cancelled);
 * - lost lease -> signal aborted, nothing recorded (another worker owns the job now);
 * - shutdown -> signal aborted, the caller releases the lease.
 * The slot is freed when the outcome is decided, not when a handler that ignores its signal
 * finally returns: a handler that never honours its signal must not hold a slot forever.
 */
export declare class JobExecutor {
    private readonly deps;
    private readonly tracer;
    constructor(deps: JobExecutorDeps);
    /** Starts a claimed job; onSettled is called once its slot is free. `claim`: the span of the claim that took it (tracing on). */
    start(claimed: ClaimedJob, onSettled: () => void, claim?: ClaimSpan): void;
    /** Aborts a running job from outside (heartbeat outcome, shutdown). No-op once settled. */
    abort(rj: RunningJob, cause: Exclude<AbortCause, 'timeout'>): void;
    private succeeded;
    private failed;
    private timedOut;
    private settle;
    /**
     * A type this process cannot run goes back for a process that can (an attempt is spent). It
     * waits for the job's own backoff, as any retry: handed back at once, this worker would claim
     * it again at once and burn every attempt in milliseconds before a worker with the handler
     * got a chance.
     */
    private handBack;
}
