import { Job, JobSpec } from './job';
/** Callbacks get more tries than the default job: the receiver may be down for a while. */
export declare const CALLBACK_MAX_ATTEMPTS = 10;
export declare const CALLBACK_BACKOFF: {
    readonly strategy: "exponential";
    readonly delayMs: 2000;
    readonly maxDelayMs: number;
};
export interface CallbackSpecOptions {
    /** Leaves payload and result out of the body (when the whole job is too large to send). */
    omitPayloadAndResult?: boolean;
}
/**
 * The job that tells a job's callbackUrl how the job ended: a built-in `http` job on the job's own
 * queue that POSTs the job JSON (as `GET /jobs/:id` returns it). The idempotency key names the
 * job and the moment it ended, so a callback is enqueued once per ending even when the enqueue is
 * retried, and again when the job is retried by the API and ends anew.
 */
export declare function callbackJobSpec(job: Job, options?: CallbackSpecOptions): JobSpec;
