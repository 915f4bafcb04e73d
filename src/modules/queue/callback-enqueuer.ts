import { Logger } from '@nestjs/common';
import { backoffDelay } from '../../domain/backoff';
import { Clock } from '../../domain/clock';
import { PayloadTooLargeError } from '../../domain/errors';
import { callbackJobSpec } from '../../domain/job-callback';
import { isFinal, NewJob } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { JobAdmin } from './job-admin';
import { JobQueue } from './job-queue';
import { errorText, isTransientStoreError } from './store-errors';
import { enqueuedJobs, JobTracer, NOOP_JOB_TRACER, TraceCarrier } from '../tracing';

const ENQUEUE_TRIES = 5;
const RETRY_BACKOFF = { strategy: 'exponential', delayMs: 200, maxDelayMs: 2_000 } as const;

export type CallbackLogger = Pick<Logger, 'debug' | 'warn' | 'error'>;

/**
 * When a job with a callbackUrl has ended (succeeded, failed, cancelled), enqueues the `http` job
 * that POSTs its final state. One per process (QueueModule provides it): used by the workers (after
 * their ack is recorded), the reaper (jobs it fails) and the API (jobs it cancels). Off the hot path: it reads the job back from the store (the callers know only
 * its id) and retries a few times when the store blinks. The callback job's idempotency key
 * makes a repeated enqueue harmless, so two instances reporting the same ending send one callback.
 * With tracing on, the callback is enqueued in the trace of the job's last run (the worker passes
 * it), or else of the job itself, so its request joins the job's trace.
 */
export class CallbackEnqueuer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly admin: JobAdmin,
    private readonly clock: Clock,
    private readonly maxPayloadBytes: number,
    private readonly logger: CallbackLogger = new Logger('Callbacks'),
    /** HTTP_HOST_CONCURRENCY > 0: a callback (an `http` job) gets its receiver's host group. */
    private readonly hostGroups = false,
    private readonly tracer: JobTracer = NOOP_JOB_TRACER,
  ) {}

  /** `run`: the trace context of the attempt that ended the job (tracing on), the callback's parent. */
  jobEnded(jobId: string, run?: TraceCarrier): void {
    void this.send(jobId, run);
  }

  /** Resolves true when a callback was enqueued (false: no callbackUrl, not ended, or given up). */
  send(jobId: string, run?: TraceCarrier): Promise<boolean> {
    const sending = this.enqueue(jobId, run);
    const tracked = sending.then(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return sending;
  }

  /** Waits for the callbacks being enqueued (shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async enqueue(jobId: string, run: TraceCarrier | undefined): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.enqueueOnce(jobId, run);
      } catch (err) {
        if (!isTransientStoreError(err) || attempt >= ENQUEUE_TRIES) {
          this.logger.error(`job ${jobId}: its callback could not be enqueued (${errorText(err)})`);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(RETRY_BACKOFF, attempt)));
      }
    }
  }

  private async enqueueOnce(jobId: string, run: TraceCarrier | undefined): Promise<boolean> {
    const job = await this.admin.get(jobId);
    if (!job?.callbackUrl || !isFinal(job.status)) return false;
    const opts = { now: this.clock.now(), maxPayloadBytes: this.maxPayloadBytes, hostGroups: this.hostGroups };
    let callback: NewJob;
    try {
      callback = normalizeJobSpec(callbackJobSpec(job), opts);
    } catch (err) {
      if (!(err instanceof PayloadTooLargeError)) throw err;
      this.logger.warn(`job ${jobId}: callback body too large (${err.size} bytes); sending it without payload and result`);
      callback = normalizeJobSpec(callbackJobSpec(job, { omitPayloadAndResult: true }), opts);
    }
    // an explicit parent always: what is active here is whichever run's acks happen to be flushing
    await this.tracer.traceEnqueue([callback], () => this.jobs.enqueue([callback]), enqueuedJobs, { parent: run ?? job });
    this.logger.debug(`job ${jobId}: callback ${callback.id} enqueued for ${job.callbackUrl}`);
    return true;
  }
}
