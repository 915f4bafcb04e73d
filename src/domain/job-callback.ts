import { HTTP_JOB_TYPE } from './http-job';
import { Job, JobSpec } from './job';
import { toJobJson } from './job-json';

/** Callbacks get more tries than the default job: the receiver may be down for a while. */
export const CALLBACK_MAX_ATTEMPTS = 10;
export const CALLBACK_BACKOFF = { strategy: 'exponential', delayMs: 2_000, maxDelayMs: 10 * 60_000 } as const;

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
export function callbackJobSpec(job: Job, options: CallbackSpecOptions = {}): JobSpec {
  if (!job.callbackUrl) throw new Error(`job ${job.id} has no callbackUrl`);
  const body: Record<string, unknown> = { ...toJobJson(job) };
  if (options.omitPayloadAndResult) {
    delete body.payload;
    delete body.result;
    body.truncated = true;
  }
  return {
    type: HTTP_JOB_TYPE,
    queue: job.queue,
    payload: { url: job.callbackUrl, method: 'POST', body },
    maxAttempts: CALLBACK_MAX_ATTEMPTS,
    backoff: { ...CALLBACK_BACKOFF },
    idempotencyKey: `claimq.callback:${job.id}:${job.finishedAt ?? job.updatedAt}`,
  };
}
