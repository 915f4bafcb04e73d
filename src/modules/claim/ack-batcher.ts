import { Job } from '../../domain/job';
import { CompleteRequest, FailRequest, JobQueue, SettleOutcome, errorText, isTransientStoreError } from '../queue';
import { RetryBackoff } from '../../common/retry-backoff';
import { WorkerLogger } from './worker-logger';
import { RunSpan } from '../tracing';

type AckKind = 'complete' | 'fail';

interface PendingAck {
  kind: AckKind;
  job: Job;
  request: CompleteRequest | FailRequest;
  /** The attempt's run span (tracing on): its context is the parent of the job's callback. */
  run: RunSpan | undefined;
}

interface QueueAcks {
  complete: PendingAck[];
  fail: PendingAck[];
}

export type SettledListener = (job: Job, outcome: SettleOutcome, request: CompleteRequest | FailRequest, run: RunSpan | undefined) => void;

/**
 * Collects the results of one tick and sends them as ONE jobs.complete and ONE jobs.fail call
 * per queue (flushed on setImmediate; while a flush is in flight the next batch grows, which
 * batches harder under load). When the store is unreachable the results stay here and are
 * retried with capped backoff; the fencing token decides on arrival whether they still count.
 *
 * A batch the store refuses for another reason is retried one item at a time, so one bad item
 * (a result too large to store) cannot hold back the others; an item refused on its own is
 * turned into a failure (complete) or dropped and logged (fail), and its lease runs out.
 */
export class AckBatcher {
  private queues = new Map<string, QueueAcks>();
  private unsettled = 0;
  private flushScheduled = false;
  private flushing = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly backoff = new RetryBackoff(100, 5_000);
  private idleWaiters: (() => void)[] = [];
  /** Batches being sent now, with their queue (their leases are still this worker's meanwhile). */
  private readonly inFlight = new Map<PendingAck[], string>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly logger: WorkerLogger,
    private readonly onSettled: SettledListener,
    /**
     * Sends what must be stored before the results (handlers' reports: ReportBatcher.flushIfBusy);
     * undefined when there is nothing, so an idle report path costs the results' flush nothing.
     */
    private readonly before?: () => Promise<void> | undefined,
  ) {}

  /** Results not yet recorded (queued or in flight). */
  get pending(): number {
    return this.unsettled;
  }

  /**
   * Jobs of `queue` whose result waits here (queued or in flight): their leases are still this
   * worker's. Gathered when asked (once per heartbeat), so recording results costs nothing more.
   */
  heldIds(queue: string): string[] {
    const ids: string[] = [];
    const queued = this.queues.get(queue);
    for (const item of queued?.complete ?? []) ids.push(item.job.id);
    for (const item of queued?.fail ?? []) ids.push(item.job.id);
    for (const [items, q] of this.inFlight) if (q === queue) for (const item of items) ids.push(item.job.id);
    return ids;
  }

  complete(job: Job, request: CompleteRequest, run?: RunSpan): void {
    this.add({ kind: 'complete', job, request, run });
  }

  fail(job: Job, request: FailRequest, run?: RunSpan): void {
    this.add({ kind: 'fail', job, request, run });
  }

  /** Flushes now (skipping any backoff wait) and resolves true when all is recorded, false on timeout. */
  async drain(timeoutMs: number): Promise<boolean> {
    if (this.unsettled === 0) return true;
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.scheduleFlush();
    }
    return new Promise<boolean>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      this.idleWaiters.push(done);
    });
  }

  /** Stops retrying (after a drain that timed out); what is left is lost and its leases run out. */
  abandon(): number {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    return this.unsettled;
  }

  private add(ack: PendingAck): void {
    let acks = this.queues.get(ack.job.queue);
    if (!acks) this.queues.set(ack.job.queue, (acks = { complete: [], fail: [] }));
    acks[ack.kind].push(ack);
    this.unsettled++;
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing || this.retryTimer) return;
    this.flushScheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = async (): Promise<void> => {
    this.flushScheduled = false;
    this.flushing = true;
    // a job's last progress and lines are stored before its end
    const first = this.before?.();
    if (first) await first;
    const batches = this.queues;
    this.queues = new Map();
    const sends: Promise<boolean>[] = [];
    for (const [queue, acks] of batches) {
      if (acks.complete.length > 0) sends.push(this.send(queue, 'complete', acks.complete));
      if (acks.fail.length > 0) sends.push(this.send(queue, 'fail', acks.fail));
    }
    const delivered = (await Promise.all(sends)).every(Boolean);
    this.flushing = false;
    if (!delivered) {
      const delay = this.backoff.next();
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.scheduleFlush();
      }, delay);
      this.logger.warn(`${this.unsettled} job results wait for the store; retrying in ${delay}ms`);
      return;
    }
    if (this.backoff.failures > 0) this.logger.log(`store reachable again; job results recorded`);
    this.backoff.reset();
    if (this.unsettled > 0) this.scheduleFlush();
    else this.wakeIdleWaiters();
  };

  /** true when every item got an outcome or was given up; false when some wait for a retry. */
  private async send(queue: string, kind: AckKind, items: PendingAck[]): Promise<boolean> {
    let outcomes: SettleOutcome[];
    this.inFlight.set(items, queue);
    try {
      const requests = items.map((item) => item.request);
      outcomes = kind === 'complete' ? await this.jobs.complete(queue, requests) : await this.jobs.fail(queue, requests as FailRequest[]);
    } catch (err) {
      this.inFlight.delete(items);
      if (isTransientStoreError(err)) {
        this.requeue(queue, kind, items);
        return false;
      }
      if (items.length > 1) {
        const alone = await Promise.all(items.map((item) => this.send(queue, kind, [item])));
        return alone.every(Boolean);
      }
      this.refused(items[0], err);
      return true;
    }
    this.inFlight.delete(items);
    this.unsettled -= items.length;
    for (let i = 0; i < items.length; i++) this.onSettled(items[i].job, outcomes[i], items[i].request, items[i].run);
    return true;
  }

  private refused(item: PendingAck, err: unknown): void {
    this.unsettled--;
    const { job } = item;
    if (item.kind === 'complete') {
      this.logger.warn({ msg: 'job result refused by the store; failing the attempt', jobId: job.id, queue: job.queue, error: errorText(err) });
      this.fail(job, { id: job.id, token: item.request.token, retryable: false, error: `result could not be recorded: ${errorText(err)}` }, item.run);
      return;
    }
    this.logger.error({ msg: 'job failure refused by the store; its lease will expire', jobId: job.id, queue: job.queue, error: errorText(err) });
  }

  private requeue(queue: string, kind: AckKind, items: PendingAck[]): void {
    let acks = this.queues.get(queue);
    if (!acks) this.queues.set(queue, (acks = { complete: [], fail: [] }));
    acks[kind] = items.concat(acks[kind]);
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
