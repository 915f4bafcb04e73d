import { Clock } from '../../domain/clock';
import { ClaimedJob } from '../../domain/job';
import { MAX_ERROR_CHARS, MAX_ERROR_STACK_CHARS } from '../../domain/job-lifecycle';
import { AckBatcher } from './ack-batcher';
import { DeadlineTimer } from './deadline-timer';
import { HandlerRegistry } from './handler-registry';
import { AbortCause, JobAbortedError } from './job-aborted.error';
import { NonRetryableJobError } from './non-retryable-job.error';
import { RetryableJobError } from './retryable-job.error';
import { JobReporter, RunningJob } from './running-job';
import { RunningJobs } from './running-jobs';
import { CompleteRequest, FailRequest, errorText } from '../queue';
import { WorkerLogger } from './worker-logger';
import { ClaimSpan, JobTracer, NOOP_JOB_TRACER, RunOutcome, RunSpan } from '../tracing';

/** How an abort from outside ends the attempt's run span. */
const ABORT_OUTCOMES: Record<Exclude<AbortCause, 'timeout'>, RunOutcome> = { cancelled: 'cancelled', 'lost lease': 'lost_lease', shutdown: 'shutdown' };


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
  /** Where handlers' progress and log lines go (default: nowhere). */
  reports?: JobReporter;
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
export class JobExecutor {
  private readonly tracer: JobTracer;

  constructor(private readonly deps: JobExecutorDeps) {
    this.tracer = deps.tracer ?? NOOP_JOB_TRACER;
  }

  /** Starts a claimed job; onSettled is called once its slot is free. `claim`: the span of the claim that took it (tracing on). */
  start(claimed: ClaimedJob, onSettled: () => void, claim?: ClaimSpan): void {
    const { job } = claimed;
    const handler = this.deps.registry.get(job.type);
    if (!handler) {
      this.handBack(claimed, claim);
      onSettled();
      return;
    }
    const rj = new RunningJob(claimed, onSettled);
    if (this.tracer.enabled) rj.trace = this.tracer.startRun(job, this.deps.workerId, claim, claimed.parentRuns);
    const displaced = this.deps.running.add(rj);
    // an older attempt of the same job still running here lost its lease when this claim was made
    if (displaced) this.abort(displaced, 'lost lease');
    rj.deadline = this.deps.timer.add(this.deps.clock.now() + job.timeoutMs, () => this.timedOut(rj));
    let outcome: unknown;
    try {
      const context = rj.context(this.deps.workerId, this.deps.reports);
      // the run span active: the handler's own spans and its http calls are its children
      outcome = rj.trace ? rj.trace.activate(() => handler(context)) : handler(context);
    } catch (err) {
      this.failed(rj, err);
      return;
    }
    if (isThenable(outcome)) {
      outcome.then(
        (result) => this.succeeded(rj, result),
        (err) => this.failed(rj, err),
      );
    } else {
      this.succeeded(rj, outcome);
    }
  }

  /** Aborts a running job from outside (heartbeat outcome, shutdown). No-op once settled. */
  abort(rj: RunningJob, cause: Exclude<AbortCause, 'timeout'>): void {
    if (rj.settled) return;
    const message = cause === 'cancelled' ? 'cancelled while running' : cause === 'lost lease' ? 'lease lost' : 'worker shutting down';
    this.settle(rj, new JobAbortedError(cause, message));
    const { logger, workerId } = this.deps;
    rj.trace?.end(ABORT_OUTCOMES[cause], cause === 'lost lease' ? message : undefined);
    if (cause === 'cancelled') {
      this.deps.acks.fail(rj.job, { id: rj.id, token: rj.token, error: message, retryable: false }, rj.trace);
      logger.debug({ msg: 'job cancelled while running', jobId: rj.id, queue: rj.queue, workerId });
    } else if (cause === 'lost lease') {
      logger.warn({ msg: 'job lost its lease; aborted, its result will not be recorded', jobId: rj.id, queue: rj.queue, workerId });
    }
  }

  private succeeded(rj: RunningJob, result: unknown): void {
    if (rj.settled) return;
    let resultJson: string | undefined;
    try {
      // null is what an absent result reads back as: sending none saves a hash field and event field per job
      resultJson = result === undefined || result === null ? undefined : JSON.stringify(result);
    } catch (err) {
      this.failed(rj, new NonRetryableJobError(`result is not JSON-serialisable: ${errorText(err)}`));
      return;
    }
    this.settle(rj);
    const request: CompleteRequest = { id: rj.id, token: rj.token, resultJson };
    if (rj.trace) {
      rj.trace.end('succeeded');
      // a graph job's children link this run (ClaimedJob.parentRuns)
      if (rj.job.key !== undefined) request.runTraceparent = rj.trace.carrier().traceparent;
    }
    this.deps.acks.complete(rj.job, request, rj.trace);
  }

  private failed(rj: RunningJob, err: unknown): void {
    if (rj.settled) return;
    this.settle(rj);
    const retryable = !(err instanceof NonRetryableJobError);
    const retryDelayMs = err instanceof RetryableJobError ? err.retryDelayMs : undefined;
    const error = errorText(err).slice(0, MAX_ERROR_CHARS);
    const request: FailRequest = { id: rj.id, token: rj.token, error, retryable };
    if (retryDelayMs !== undefined) request.retryDelayMs = retryDelayMs;
    const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack.slice(0, MAX_ERROR_STACK_CHARS) : '';
    if (stack !== '') request.stack = stack;
    rj.trace?.end('failed', err, retryable);
    this.deps.acks.fail(rj.job, request, rj.trace);
  }

  private timedOut(rj: RunningJob): void {
    rj.deadline = undefined;
    if (rj.settled) return;
    const error = `timed out after ${rj.job.timeoutMs}ms`;
    const aborted = new JobAbortedError('timeout', error);
    this.settle(rj, aborted);
    rj.trace?.end('timed_out', aborted, true);
    this.deps.acks.fail(rj.job, { id: rj.id, token: rj.token, error, retryable: true }, rj.trace);
    this.deps.logger.warn({ msg: 'job timed out', jobId: rj.id, queue: rj.queue, workerId: this.deps.workerId, error });
  }

  private settle(rj: RunningJob, abortReason?: JobAbortedError): void {
    rj.settled = true;
    if (rj.deadline) this.deps.timer.cancel(rj.deadline);
    rj.deadline = undefined;
    this.deps.running.remove(rj);
    if (abortReason) rj.abort(abortReason);
    rj.onSettled();
  }

  /**
   * A type this process cannot run goes back for a process that can (an attempt is spent). It
   * waits for the job's own backoff, as any retry: handed back at once, this worker would claim
   * it again at once and burn every attempt in milliseconds before a worker with the handler
   * got a chance.
   */
  private handBack(claimed: ClaimedJob, claim: ClaimSpan | undefined): void {
    const { job, token } = claimed;
    const error = `no handler for type ${job.type} in worker ${this.deps.workerId}`;
    let run: RunSpan | undefined;
    if (this.tracer.enabled) {
      run = this.tracer.startRun(job, this.deps.workerId, claim);
      run.end('no_handler', error, true);
    }
    this.deps.acks.fail(job, { id: job.id, token, error, retryable: true }, run);
    this.deps.logger.warn({ msg: 'no handler for the job type; handed back', jobId: job.id, queue: job.queue, workerId: this.deps.workerId, type: job.type });
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
