"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobExecutor = void 0;
const job_aborted_error_1 = require("./job-aborted.error");
const non_retryable_job_error_1 = require("./non-retryable-job.error");
const retryable_job_error_1 = require("./retryable-job.error");
const running_job_1 = require("./running-job");
const store_errors_1 = require("./store-errors");
/** Error texts are kept short: they travel in every fail call and event. */
const MAX_ERROR_CHARS = 2_000;
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
    constructor(deps) {
        this.deps = deps;
    }
    /** Starts a claimed job; onSettled is called once its slot is free. */
    start(claimed, onSettled) {
        const { job } = claimed;
        const handler = this.deps.registry.get(job.type);
        if (!handler) {
            this.handBack(claimed);
            onSettled();
            return;
        }
        const rj = new running_job_1.RunningJob(claimed, onSettled);
        this.deps.running.add(rj);
        rj.deadline = this.deps.timer.add(this.deps.clock.now() + job.timeoutMs, () => this.timedOut(rj));
        let outcome;
        try {
            outcome = handler(rj.context(this.deps.workerId));
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
        if (cause === 'cancelled') {
            this.deps.acks.fail(rj.job, { id: rj.id, token: rj.token, error: message, retryable: false });
            logger.debug(`job ${rj.id} (queue ${rj.queue}) cancelled while running on worker ${workerId}`);
        }
        else if (cause === 'lost lease') {
            logger.warn(`job ${rj.id} (queue ${rj.queue}) lost its lease on worker ${workerId}; aborted, its result will not be recorded`);
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
            this.failed(rj, new non_retryable_job_error_1.NonRetryableJobError(`result is not JSON-serialisable: ${(0, store_errors_1.errorText)(err)}`));
            return;
        }
        this.settle(rj);
        this.deps.acks.complete(rj.job, { id: rj.id, token: rj.token, resultJson });
    }
    failed(rj, err) {
        if (rj.settled)
            return;
        this.settle(rj);
        const retryable = !(err instanceof non_retryable_job_error_1.NonRetryableJobError);
        const retryDelayMs = err instanceof retryable_job_error_1.RetryableJobError ? err.retryDelayMs : undefined;
        const error = (0, store_errors_1.errorText)(err).slice(0, MAX_ERROR_CHARS);
        this.deps.acks.fail(rj.job, retryDelayMs === undefined ? { id: rj.id, token: rj.token, error, retryable } : { id: rj.id, token: rj.token, error, retryable, retryDelayMs });
    }
    timedOut(rj) {
        rj.deadline = undefined;
        if (rj.settled)
            return;
        const error = `timed out after ${rj.job.timeoutMs}ms`;
        this.settle(rj, new job_aborted_error_1.JobAbortedError('timeout', error));
        this.deps.acks.fail(rj.job, { id: rj.id, token: rj.token, error, retryable: true });
        this.deps.logger.warn(`job ${rj.id} (queue ${rj.queue}) ${error} on worker ${this.deps.workerId}`);
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
    /** A type this process cannot run goes back at once for a process that can (an attempt is spent). */
    handBack(claimed) {
        const { job, token } = claimed;
        const error = `no handler for type ${job.type} in worker ${this.deps.workerId}`;
        this.deps.acks.fail(job, { id: job.id, token, error, retryable: true, retryDelayMs: 0 });
        this.deps.logger.warn(`job ${job.id} (queue ${job.queue}): ${error}; handed back`);
    }
}
exports.JobExecutor = JobExecutor;
function isThenable(value) {
    return typeof value?.then === 'function';
}
//# sourceMappingURL=job-executor.js.map