"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RunningJob = void 0;
/**
 * One job this process holds a lease on, from claim until its outcome is decided. `settled` is
 * the fence inside the process: once set (result, error, timeout, abort or release), anything the
 * handler does later is ignored, so a late result is never recorded after a timeout or a release.
 *
 * The AbortController is made on first use: a handler that never reads its signal (most short
 * jobs) and a job that is never aborted cost no controller, signal or event target.
 */
class RunningJob {
    onSettled;
    job;
    token;
    deadline;
    settled = false;
    /** This attempt's `run` span; tracing off: never set. */
    trace;
    controller;
    abortReason;
    aborted = false;
    constructor(claimed, 
    /** Called once, when the job's slot is free again. */
    onSettled) {
        this.onSettled = onSettled;
        this.job = claimed.job;
        this.token = claimed.token;
    }
    get id() {
        return this.job.id;
    }
    get queue() {
        return this.job.queue;
    }
    /** The job's signal; aborted (with the reason given to abort) once the job is aborted. */
    get signal() {
        if (!this.controller) {
            this.controller = new AbortController();
            if (this.aborted)
                this.controller.abort(this.abortReason);
        }
        return this.controller.signal;
    }
    abort(reason) {
        if (this.aborted)
            return;
        this.aborted = true;
        this.abortReason = reason;
        this.controller?.abort(reason);
    }
    /** The handler's view. The payload and the signal are made only if the handler asks for them. */
    context(workerId) {
        const job = this.job;
        const signal = () => this.signal;
        return {
            job,
            get payload() {
                return job.payload;
            },
            get signal() {
                return signal();
            },
            attempt: job.attempts,
            workerId,
        };
    }
}
exports.RunningJob = RunningJob;
//# sourceMappingURL=running-job.js.map