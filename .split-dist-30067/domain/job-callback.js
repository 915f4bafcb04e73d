"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CALLBACK_BACKOFF = exports.CALLBACK_MAX_ATTEMPTS = void 0;
exports.callbackJobSpec = callbackJobSpec;
const http_job_1 = require("./http-job");
const job_json_1 = require("./job-json");
/** Callbacks get more tries than the default job: the receiver may be down for a while. */
exports.CALLBACK_MAX_ATTEMPTS = 10;
exports.CALLBACK_BACKOFF = { strategy: 'exponential', delayMs: 2_000, maxDelayMs: 10 * 60_000 };
/**
 * The job that tells a job's callbackUrl how the job ended: a built-in `http` job on the job's own
 * queue that POSTs the job JSON (as `GET /jobs/:id` returns it). The idempotency key names the
 * job and the moment it ended, so a callback is enqueued once per ending even when the enqueue is
 * retried, and again when the job is retried by the API and ends anew.
 */
function callbackJobSpec(job, options = {}) {
    if (!job.callbackUrl)
        throw new Error(`job ${job.id} has no callbackUrl`);
    const body = { ...(0, job_json_1.toJobJson)(job) };
    if (options.omitPayloadAndResult) {
        delete body.payload;
        delete body.result;
        body.truncated = true;
    }
    return {
        type: http_job_1.HTTP_JOB_TYPE,
        queue: job.queue,
        payload: { url: job.callbackUrl, method: 'POST', body },
        maxAttempts: exports.CALLBACK_MAX_ATTEMPTS,
        backoff: { ...exports.CALLBACK_BACKOFF },
        idempotencyKey: `claimq.callback:${job.id}:${job.finishedAt ?? job.updatedAt}`,
    };
}
//# sourceMappingURL=job-callback.js.map