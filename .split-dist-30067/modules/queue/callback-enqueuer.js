"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CallbackEnqueuer = void 0;
const common_1 = require("@nestjs/common");
const backoff_1 = require("../../domain/backoff");
const errors_1 = require("../../domain/errors");
const job_callback_1 = require("../../domain/job-callback");
const job_1 = require("../../domain/job");
const job_spec_1 = require("../../domain/job-spec");
const store_errors_1 = require("./store-errors");
const tracing_1 = require("../tracing");
const ENQUEUE_TRIES = 5;
const RETRY_BACKOFF = { strategy: 'exponential', delayMs: 200, maxDelayMs: 2_000 };
/**
 * When a job with a callbackUrl has ended (succeeded, failed, cancelled), enqueues the `http` job
 * that POSTs its final state. One per process (QueueModule provides it): used by the workers (after
 * their ack is recorded), the reaper (jobs it fails) and the API (jobs it cancels). Off the hot path: it reads the job back from the store (the callers know only
 * its id) and retries a few times when the store blinks. The callback job's idempotency key
 * makes a repeated enqueue harmless, so two instances reporting the same ending send one callback.
 * With tracing on, the callback is enqueued in the trace of the job's last run (the worker passes
 * it), or else of the job itself, so its request joins the job's trace.
 */
class CallbackEnqueuer {
    store;
    clock;
    maxPayloadBytes;
    logger;
    hostGroups;
    tracer;
    inFlight = new Set();
    constructor(store, clock, maxPayloadBytes, logger = new common_1.Logger('Callbacks'), 
    /** HTTP_HOST_CONCURRENCY > 0: a callback (an `http` job) gets its receiver's host group. */
    hostGroups = false, tracer = tracing_1.NOOP_JOB_TRACER) {
        this.store = store;
        this.clock = clock;
        this.maxPayloadBytes = maxPayloadBytes;
        this.logger = logger;
        this.hostGroups = hostGroups;
        this.tracer = tracer;
    }
    /** `run`: the trace context of the attempt that ended the job (tracing on), the callback's parent. */
    jobEnded(jobId, run) {
        void this.send(jobId, run);
    }
    /** Resolves true when a callback was enqueued (false: no callbackUrl, not ended, or given up). */
    send(jobId, run) {
        const sending = this.enqueue(jobId, run);
        const tracked = sending.then(() => undefined).finally(() => this.inFlight.delete(tracked));
        this.inFlight.add(tracked);
        return sending;
    }
    /** Waits for the callbacks being enqueued (shutdown). */
    async drain() {
        while (this.inFlight.size > 0)
            await Promise.all([...this.inFlight]);
    }
    async enqueue(jobId, run) {
        for (let attempt = 1;; attempt++) {
            try {
                return await this.enqueueOnce(jobId, run);
            }
            catch (err) {
                if (!(0, store_errors_1.isTransientStoreError)(err) || attempt >= ENQUEUE_TRIES) {
                    this.logger.error(`job ${jobId}: its callback could not be enqueued (${(0, store_errors_1.errorText)(err)})`);
                    return false;
                }
                await new Promise((resolve) => setTimeout(resolve, (0, backoff_1.backoffDelay)(RETRY_BACKOFF, attempt)));
            }
        }
    }
    async enqueueOnce(jobId, run) {
        const job = await this.store.get(jobId);
        if (!job?.callbackUrl || !(0, job_1.isFinal)(job.status))
            return false;
        const opts = { now: this.clock.now(), maxPayloadBytes: this.maxPayloadBytes, hostGroups: this.hostGroups };
        let callback;
        try {
            callback = (0, job_spec_1.normalizeJobSpec)((0, job_callback_1.callbackJobSpec)(job), opts);
        }
        catch (err) {
            if (!(err instanceof errors_1.PayloadTooLargeError))
                throw err;
            this.logger.warn(`job ${jobId}: callback body too large (${err.size} bytes); sending it without payload and result`);
            callback = (0, job_spec_1.normalizeJobSpec)((0, job_callback_1.callbackJobSpec)(job, { omitPayloadAndResult: true }), opts);
        }
        // an explicit parent always: what is active here is whichever run's acks happen to be flushing
        await this.tracer.traceEnqueue([callback], () => this.store.enqueue([callback]), tracing_1.enqueuedJobs, { parent: run ?? job });
        this.logger.debug(`job ${jobId}: callback ${callback.id} enqueued for ${job.callbackUrl}`);
        return true;
    }
}
exports.CallbackEnqueuer = CallbackEnqueuer;
//# sourceMappingURL=callback-enqueuer.js.map