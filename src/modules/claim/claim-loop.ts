import { Clock } from '../../domain/clock';
import { ClaimedJob } from '../../domain/job';
import { ClaimResult, JobQueue, errorText, isTransientStoreError } from '../queue';
import { abortableSleep } from '../../common/abortable-sleep';
import { RetryBackoff } from '../../common/retry-backoff';
import { WorkerLogger } from './worker-logger';
import { ClaimSpan, JobTracer, NOOP_JOB_TRACER } from '../tracing';

/** Longest idle wait before claiming again anyway (a lost wake-up costs at most this). */
export const MAX_IDLE_WAIT_MS = 5_000;
/**
 * Longest idle wait on the store's `work` signals (JobQueue.signalsWork) before claiming again
 * anyway. A signal reaches every instance, so none is lost to a waiter that stopped (as a wake-up
 * token taken from a list can be); one published while the signals' connection was down is
 * answered by a claim when it is back (nudgeAll). This bound is the net under all of that.
 */
export const SIGNALLED_IDLE_WAIT_MS = 300_000;
/** Floor of a wait for a scheduled job already due: never a tight loop on a clock disagreement. */
const MIN_WAIT_MS = 5;

export interface ClaimLoopDeps {
  jobs: JobQueue;
  workerId: string;
  /** Slots of this queue (WORKER_CONCURRENCY is per queue). */
  concurrency: number;
  leaseMs: number;
  clock: Clock;
  logger: WorkerLogger;
  maxIdleWaitMs?: number;
  /** How many jobs of this queue are running now. */
  active: () => number;
  /** Takes the jobs of one claim (and its span, tracing on); calls `loop.slotFreed()` as each job's slot frees. */
  run: (jobs: ClaimedJob[], claim: ClaimSpan | undefined) => void;
  /** Records a `claim` span per claim that took jobs or failed (default: off). */
  tracer?: JobTracer;
  /**
   * Whether this process hears the store's `work` signals now (Outbox.onSignal), which then nudge
   * the loop: where the store sends them for the queue (JobQueue.signalsWork) an idle loop waits on
   * those, up to SIGNALLED_IDLE_WAIT_MS, rather than on jobs.waitForWork. Default: never.
   */
  hearsWork?: () => boolean;
}

/**
 * The claim loop of one queue. Claims as many jobs as it has free slots in one call; when the
 * queue has nothing more it waits on jobs.waitForWork (woken by enqueues and promotions, or
 * after min(5 s, next scheduled job)), or, hearing the store's `work` signals, on those (a nudge;
 * or after min(5 min, next scheduled job)); when it is full it sleeps until a slot frees, then claims
 * on the next setImmediate so the completions of one tick lead to a single claim.
 * Store errors pause it with capped exponential backoff; it never throws.
 */
export class ClaimLoop {
  private stopped = false;
  private readonly stopSignal = new AbortController();
  private slotWaiter: (() => void) | undefined;
  /** Ends the current waitForWork early (nudge, stop). */
  private idleWait: AbortController | undefined;
  /** When the current waitForWork ends by itself (its timeout). */
  private idleUntil = 0;
  /**
   * Earliest due time of the nudges that came while a claim was in flight (its answer may predate
   * them); -Infinity: due now; undefined: none.
   */
  private nudgedDueAt: number | undefined;
  private slotWakeScheduled = false;
  private running: Promise<void> | undefined;
  private readonly backoff = new RetryBackoff(250, 10_000);
  private claiming: Promise<unknown> | undefined;
  private readonly tracer: JobTracer;
  private sent = 0;

  constructor(
    readonly queue: string,
    private readonly deps: ClaimLoopDeps,
  ) {
    this.tracer = deps.tracer ?? NOOP_JOB_TRACER;
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** Claims sent so far (answered or not): only a claim can leave a lease this worker does not know of. */
  get claimsSent(): number {
    return this.sent;
  }

  /**
   * Resolves once the claim in flight now (if any) has handed its jobs to `run` or failed: its
   * leases are then either known to the worker or stray (a reply lost on the wire).
   */
  async claimSettled(): Promise<void> {
    const claiming = this.claiming;
    if (!claiming) return;
    await claiming.catch(() => undefined);
    // `run` is called synchronously after the claim resolves; one more turn lets that happen
    await Promise.resolve();
  }

  /** Stops claiming; resolves when no claim is in flight any more. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopSignal.abort();
    this.idleWait?.abort();
    this.wakeSlotWaiter();
    await this.running;
  }

  /** A job of this queue settled. Several in the same tick wake the loop once. */
  readonly slotFreed = (): void => {
    if (!this.slotWaiter || this.slotWakeScheduled) return;
    this.slotWakeScheduled = true;
    setImmediate(() => {
      this.slotWakeScheduled = false;
      this.wakeSlotWaiter();
    });
  };

  /**
   * Something changed that the store does not wake waiters for (a job of ours went to scheduled
   * for a retry, due at `dueAt` at the earliest; unknown: maybe now). An idle loop claims again
   * now to learn the new next due time, unless its wait ends by then anyway: most retries of a
   * busy queue then cost nothing, not even a store call.
   */
  nudge(dueAt = Number.NEGATIVE_INFINITY): void {
    if (this.idleWait) {
      if (dueAt < this.idleUntil) this.idleWait.abort();
    } else {
      this.nudgedDueAt = Math.min(this.nudgedDueAt ?? Number.POSITIVE_INFINITY, dueAt);
    }
  }

  private async loop(): Promise<void> {
    const { jobs, workerId, concurrency, leaseMs } = this.deps;
    while (!this.stopped) {
      const free = concurrency - this.deps.active();
      if (free <= 0) {
        await new Promise<void>((resolve) => (this.slotWaiter = resolve));
        continue;
      }
      let result: ClaimResult;
      this.nudgedDueAt = undefined;
      const tracing = this.tracer.enabled;
      const claimStartedAt = tracing ? performance.now() : 0;
      this.sent++;
      const claiming = jobs.claim(this.queue, workerId, free, leaseMs);
      this.claiming = claiming;
      try {
        result = await claiming;
      } catch (err) {
        this.claiming = undefined;
        if (tracing) this.tracer.recordClaim(this.queue, workerId, claimStartedAt, undefined, err);
        await this.pauseAfter(err);
        continue;
      }
      this.claiming = undefined;
      this.recovered();
      if (result.jobs.length > 0) {
        // an empty claim (an idle wake-up) records no span: it would be most of them, and says nothing
        const claim = tracing ? this.tracer.recordClaim(this.queue, workerId, claimStartedAt, result.jobs) : undefined;
        this.deps.run(result.jobs, claim);
      }
      if (result.jobs.length >= free || this.stopped) continue;
      const nudgedDueAt = this.nudgedDueAt;
      if (nudgedDueAt !== undefined && nudgedDueAt <= this.deps.clock.now()) continue;
      await this.waitForWork(Math.min(result.nextDueAt ?? Number.POSITIVE_INFINITY, nudgedDueAt ?? Number.POSITIVE_INFINITY));
    }
  }

  private async waitForWork(nextDueAt: number): Promise<void> {
    const { jobs, clock } = this.deps;
    // a nudge from here on ends the wait, also one that comes while it is being set up
    const idleWait = (this.idleWait = new AbortController());
    this.idleUntil = Number.POSITIVE_INFINITY;
    try {
      const signalled = this.deps.hearsWork?.() === true && (await jobs.signalsWork(this.queue).catch(() => false));
      let timeout = signalled ? SIGNALLED_IDLE_WAIT_MS : (this.deps.maxIdleWaitMs ?? MAX_IDLE_WAIT_MS);
      const now = clock.now();
      if (nextDueAt !== Number.POSITIVE_INFINITY) timeout = Math.max(MIN_WAIT_MS, Math.min(timeout, nextDueAt - now));
      this.idleUntil = now + timeout;
      if (this.stopped || idleWait.signal.aborted) return;
      if (signalled) await abortableSleep(timeout, idleWait.signal);
      else await jobs.waitForWork(this.queue, timeout, idleWait.signal);
    } catch (err) {
      if (!this.stopped) await this.pauseAfter(err);
    } finally {
      this.idleWait = undefined;
    }
  }

  private async pauseAfter(err: unknown): Promise<void> {
    const delay = this.backoff.next();
    const what = `claiming from queue ${this.queue} failed (${errorText(err)}); retrying in ${delay}ms`;
    if (isTransientStoreError(err)) this.deps.logger.warn(what);
    else this.deps.logger.error(what, err instanceof Error ? err.stack : undefined);
    await abortableSleep(delay, this.stopSignal.signal);
  }

  private recovered(): void {
    if (this.backoff.failures === 0) return;
    this.deps.logger.log(`claiming from queue ${this.queue} works again after ${this.backoff.failures} failed tries`);
    this.backoff.reset();
  }

  private wakeSlotWaiter(): void {
    const resolve = this.slotWaiter;
    this.slotWaiter = undefined;
    resolve?.();
  }
}
