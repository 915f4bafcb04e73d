import { Clock } from '../../domain/clock';
import { PayloadTooLargeError } from '../../domain/errors';
import { callbackJobSpec } from '../../domain/job-callback';
import { isFinal } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { JobStore } from '../queue/job-store';
import { abortableSleep } from './abortable-sleep';
import { RetryBackoff } from './retry-backoff';
import { errorText, isTransientStoreError } from './store-errors';
import { WorkerLogger } from './worker-logger';

const ENQUEUE_TRIES = 5;

/**
 * When a job with a callbackUrl ends (succeeded, failed, cancelled) on this worker, enqueues the
 * `http` job that POSTs its final state. Off the hot path: runs after the ack is recorded, reads
 * the job back from the store (the ack outcome carries no job), and retries a few times when the
 * store blinks. The callback job's idempotency key makes a repeated enqueue harmless.
 */
export class CallbackEnqueuer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: JobStore,
    private readonly clock: Clock,
    private readonly maxPayloadBytes: number,
    private readonly logger: WorkerLogger,
  ) {}

  jobEnded(jobId: string): void {
    const sending = this.enqueue(jobId).finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Waits for the callbacks being enqueued (shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async enqueue(jobId: string): Promise<void> {
    const backoff = new RetryBackoff(200, 2_000);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.enqueueOnce(jobId);
        return;
      } catch (err) {
        if (!isTransientStoreError(err) || attempt >= ENQUEUE_TRIES) {
          this.logger.error(`job ${jobId}: its callback could not be enqueued (${errorText(err)})`);
          return;
        }
        await abortableSleep(backoff.next());
      }
    }
  }

  private async enqueueOnce(jobId: string): Promise<void> {
    const job = await this.store.get(jobId);
    if (!job?.callbackUrl || !isFinal(job.status)) return;
    const opts = { now: this.clock.now(), maxPayloadBytes: this.maxPayloadBytes };
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
  }
}
