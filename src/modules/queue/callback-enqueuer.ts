import { Logger } from '@nestjs/common';
import { backoffDelay } from '../../domain/backoff';
import { Clock } from '../../domain/clock';
import { PayloadTooLargeError } from '../../domain/errors';
import { callbackJobSpec } from '../../domain/job-callback';
import { isFinal } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { JobOperations } from './job-store';
import { errorText, isTransientStoreError } from './store-errors';

const ENQUEUE_TRIES = 5;
const RETRY_BACKOFF = { strategy: 'exponential', delayMs: 200, maxDelayMs: 2_000 } as const;

export type CallbackLogger = Pick<Logger, 'debug' | 'warn' | 'error'>;

/**
 * When a job with a callbackUrl has ended (succeeded, failed, cancelled), enqueues the `http` job
 * that POSTs its final state. One per process (QueueModule provides it): used by the workers (after
 * their ack is recorded), the reaper (jobs it fails) and the API (jobs it cancels). Off the hot path: it reads the job back from the store (the callers know only
 * its id) and retries a few times when the store blinks. The callback job's idempotency key
 * makes a repeated enqueue harmless, so two instances reporting the same ending send one callback.
 */
export class CallbackEnqueuer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: Pick<JobOperations, 'get' | 'enqueue'>,
    private readonly clock: Clock,
    private readonly maxPayloadBytes: number,
    private readonly logger: CallbackLogger = new Logger('Callbacks'),
    /** HTTP_HOST_CONCURRENCY > 0: a callback (an `http` job) gets its receiver's host group. */
    private readonly hostGroups = false,
  ) {}

  jobEnded(jobId: string): void {
    void this.send(jobId);
  }

  /** Resolves true when a callback was enqueued (false: no callbackUrl, not ended, or given up). */
  send(jobId: string): Promise<boolean> {
    const sending = this.enqueue(jobId);
    const tracked = sending.then(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return sending;
  }

  /** Waits for the callbacks being enqueued (shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async enqueue(jobId: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.enqueueOnce(jobId);
      } catch (err) {
        if (!isTransientStoreError(err) || attempt >= ENQUEUE_TRIES) {
          this.logger.error(`job ${jobId}: its callback could not be enqueued (${errorText(err)})`);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(RETRY_BACKOFF, attempt)));
      }
    }
  }

  private async enqueueOnce(jobId: string): Promise<boolean> {
    const job = await this.store.get(jobId);
    if (!job?.callbackUrl || !isFinal(job.status)) return false;
    const opts = { now: this.clock.now(), maxPayloadBytes: this.maxPayloadBytes, hostGroups: this.hostGroups };
    let callback;
    try {
      callback = normalizeJobSpec(callbackJobSpec(job), opts);
    } catch (err) {
      if (!(err instanceof PayloadTooLargeError)) throw err;
      this.logger.warn(`job ${jobId}: callback body too large (${err.size} bytes); sending it without payload and result`);
      callback = normalizeJobSpec(callbackJobSpec(job, { omitPayloadAndResult: true }), opts);
    }
    await this.store.enqueue([callback]);
    this.logger.debug(`job ${jobId}: callback ${callback.id} enqueued for ${job.callbackUrl}`);
    return true;
  }
}
