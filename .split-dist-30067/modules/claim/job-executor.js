"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobExecutor = void 0;
const job_aborted_error_1 = require("./job-aborted.error");
const non_retryable_job_error_1 = require("./non-retryable-job.error");
const retryable_job_error_1 = require("./retryable-job.error");
const running_job_1 = require("./running-job");
const queue_1 = require("../queue");
const tracing_1 = require("../tracing");
/** How an abort from outside ends the attempt's run span. */
const ABORT_OUTCOMES = { cancelled: 'cancelled', 'lost lease': 'lost_lease', shutdown: 'shutdown' };
/** Error texts are kept short: they travel in every fail call and event. */
const MAX_ERROR_CHARS = 2_000;
/** A thrown error's stack is kept with the job (lastErrorStack), cut to this many characters. */
const MAX_ERROR_STACK_CHARS = 4_000;
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
class JobExecutor {
    deps;
    tracer;
    constructor(deps) {
        this.deps = deps;
        this.tracer = deps.tracer ?? tracing_1.NOOP_JOB_TRACER;
    }
    /** Starts a claimed job; onSettled is called once its slot is free. `claim`: the span of the claim that took it (tracing on). */
    start(claimed, onSettled, claim) {
        const { job } = claimed;
        const handler = this.deps.registry.get(job.type);
        if (!handler) {
            this.handBack(claimed, claim);
            onSettled();
            return;
        }
        const rj = new running_job_1.RunningJob(claimed, onSettled);
        if (this.tracer.enabled)
            rj.trace = this.tracer.startRun(job, this.deps.workerId, claim);
        const displaced = this.deps.running.add(rj);
        // an older attempt of the same job still running here lost its lease when this claim was made
        if (displaced)
            this.abort(displaced, 'lost lease');
        rj.deadline = this.deps.timer.add(this.deps.clock.now() + job.timeoutMs, () => this.timedOut(rj));
        let outcome;
        try {
            const context = rj.context(this.deps.workerId);
            // the run span active: the handler's own spans and its http calls are its children
            outcome = rj.trace ? rj.trace.activate(() => handler(context)) : handler(context);
        }
        catch (err) {
            this.failed(rj, err);
            return;
        }
        if (isThenable(outcome)) {
            outcome.then((result) => this.succeeded(rj, result), (err) => this.failed(rj, err));
        }
        else {
            this.succeeded(rj, outcome);
        }
    }
    /** Aborts a running job from outside (heartbeat outcome, shutdown). No-op once settled. */
    abort(rj, cause) {
        if (rj.settled)
            return;
        const message = cause === 'cancelled' ? 'cancelled while running' : cause === 'lost lease' ? 'lease lost' : 'worker shutting down';
        this.settle(rj, new job_aborted_error_1.JobAbortedError(cause, message));
        const { logger, workerId } = this.deps;
        rj.trace?.end(ABORT_OUTCOMES[cause], cause === 'lost lease' ? message : undefined);
        if (cause === 'cancelled') {
            this.deps.acks.fail(rj.job, { id: rj.id, token: rj.token, error: message, retryable: false }, rj.trace);
            logger.debug({ msg: 'job cancelled while running', jobId: rj.id, queue: rj.queue, workerId });
        }
        else if (cause === 'lost lease') {
            logger.warn({ msg: 'job lost its lease; aborted, its result will not be recorded', jobId: rj.id, queue: rj.queue, workerId });
        }
    }
    succeeded(rj, result) {
        if (rj.settled)
            return;
        let resultJson;
        try {
            // null is what an absent result reads back as: sending none saves a hash field and event field per job
            resultJson = result === undefined || result === null ? undefined : JSON.stringify(result);
        }
        catch (err) {
            this.failed(rj, new non_retryable_job_error_1.NonRetryableJobError(`result is not JSON-serialisable: ${(0, queue_1.errorText)(err)}`));
            return;
        }
        this.settle(rj);
        rj.trace?.end('succeeded');
        this.deps.acks.complete(rj.job, { id: rj.id, token: rj.token, resultJson }, rj.trace);
    }
    failed(rj, err) {
        if (rj.settled)
            return;
        this.settle(rj);
        const retryable = !(err instanceof non_retryable_job_error_1.NonRetryableJobError);
        const retryDelayMs = err instanceof retryable_job_error_1.RetryableJobError ? err.retryDelayMs : undefined;
        const error = (0, queue_1.errorText)(err).slice(0, MAX_ERROR_CHARS);
        const request = { id: rj.id, token: rj.token, error, retryable };
        if (retryDelayMs !== undefined)
            request.retryDelayMs = retryDelayMs;
        const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack.slice(0, MAX_ERROR_STACK_CHARS) : '';
        if (stack !== '')
            request.stack = stack;
        rj.trace?.end('failed', err, retryable);
        this.deps.acks.fail(rj.job, request, rj.trace);
    }
    timedOut(rj) {
        rj.deadline = undefined;
        if (rj.settled)
            return;
        const error = `timed out after ${rj.job.timeoutMs}ms`;
        const aborted = new job_aborted_error_1.JobAbortedError('timeout', error);
        this.settle(rj, aborted);
        rj.trace?.end('timed_out', aborted, true);
        this.deps.acks.fail(rj.job, { id: rj.id, token: rj.token, error, retryable: true }, rj.trace);
        this.deps.logger.warn({ msg: 'job timed out', jobId: rj.id, queue: rj.queue, workerId: this.deps.workerId, error });
    }
    settle(rj, abortReason) {
        rj.settled = true;
        if (rj.deadline)
            this.deps.timer.cancel(rj.deadline);
        rj.deadline = undefined;
        this.deps.running.remove(rj);
        if (abortReason)
            rj.abort(abortReason);
        rj.onSettled();
    }
    /**
     * A type this process cannot run goes back for a process that can (an attempt is spent). It
     * waits for the job's own backoff, as any retry: handed back at once, this worker would claim
     * it again at once and burn every attempt in milliseconds before a worker with the handler
     * got a chance.
     */
    handBack(claimed, claim) {
        const { job, token } = claimed;
        const error = `no handler for type ${job.type} in worker ${this.deps.workerId}`;
        let run;
        if (this.tracer.enabled) {
            run = this.tracer.startRun(job, this.deps.workerId, claim);
            run.end('no_handler', error, true);
        }
        this.deps.acks.fail(job, { id: job.id, token, error, retryable: true }, run);
        this.deps.logger.warn({ msg: 'no handler for the job type; handed back', jobId: job.id, queue: job.queue, workerId: this.deps.workerId, type: job.type });
    }
}
exports.JobExecutor = JobExecutor;
function isThenable(value) {
    return typeof value?.then === 'function';
}
//# sourceMappingURL=job-executor.js.map