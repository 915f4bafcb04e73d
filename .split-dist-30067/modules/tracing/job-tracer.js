"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobTracer = void 0;
exports.enqueuedJobs = enqueuedJobs;
/** The ids of the jobs an enqueue returned (the job an idempotency key matched, where it did). */
function enqueuedJobs(results) {
    return { jobIds: results.map((result) => result.job.id) };
}
/**
 * What the rest of claimq asks of tracing (README, Traces), and the injection token
 * (TracingModule). Tracing off is NoopJobTracer: `enabled` false and every method a no-op. Code
 * on the worker's hot path (claim, run, complete) reads `enabled` before it calls anything, so an
 * instance without tracing allocates nothing per job for it.
 */
class JobTracer {
    /** `write` inside an `enqueue` span over `jobs`, `enqueued` saying what it made; just `write()` while tracing is off. */
    async traceEnqueue(jobs, write, enqueued, options) {
        if (!this.enabled)
            return write();
        const span = this.startEnqueue(jobs, options);
        let result;
        try {
            result = await span.activate(write);
        }
        catch (err) {
            span.end(err);
            throw err;
        }
        span.end(undefined, enqueued(result));
        return result;
    }
    /**
     * `write` (one store call) under one `enqueue` span per job, each the root of a trace of its own:
     * jobs no request stands behind (a schedule's fires, executions' callbacks). Just `write()` while off.
     */
    async traceEnqueueEach(jobs, write) {
        if (!this.enabled)
            return write();
        const spans = jobs.map((job) => this.startEnqueue([job], { root: true }));
        let results;
        try {
            results = await write();
        }
        catch (err) {
            for (const span of spans)
                span.end(err);
            throw err;
        }
        spans.forEach((span, i) => span.end(undefined, { jobIds: [results[i].job.id] }));
        return results;
    }
}
exports.JobTracer = JobTracer;
//# sourceMappingURL=job-tracer.js.map