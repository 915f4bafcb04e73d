import { hostname } from 'node:os';
import { claimqVersion } from '../../common/claimq-version';
import { Clock, systemClock } from '../../domain/clock';
import { WorkerInfo } from '../../domain/worker-info';
import { ClaimedJob, isFinal, Lease } from '../../domain/job';
import { CallbackEnqueuer, JobQueue, StoreSignal, WorkerDirectory, errorText, isTransientStoreError } from '../queue';
import { abortableSleep } from '../../common/abortable-sleep';
import { KeptSubscription } from '../../common/kept-subscription';
import { AckBatcher } from './ack-batcher';
import { ClaimLoop } from './claim-loop';
import { DeadlineTimer } from './deadline-timer';
import { HandlerRegistry } from './handler-registry';
import { JobExecutor } from './job-executor';
import { LeaseHeartbeatService } from './lease-heartbeat.service';
import { ReportBatcher } from './report-batcher';
import { DEFAULT_JOB_LOG_LINES } from '../../domain/job-progress';
import { RetryBackoff } from '../../common/retry-backoff';
import { earliestRetryAt } from './retry-due-time';
import { RunningJobs } from './running-jobs';
import { WorkerLogger, workerLogger } from './worker-logger';
import { WorkerObserver } from './worker-observer';
import { ClaimSpan, JobTracer, NOOP_JOB_TRACER } from '../tracing';

export interface WorkerRuntimeOptions {
  queues: readonly string[];
  /** Slots per queue. */
  concurrency: number;
  leaseMs: number;
  shutdownGraceMs: number;
  /** Sends the callbacks of the jobs it ends (QueueModule's one CallbackEnqueuer). */
  callbacks: CallbackEnqueuer;
  /**
   * How long shutdown keeps trying, after the grace period, to record results and releases when
   * the store is down (default 1 s, so the process exits within SHUTDOWN_GRACE_MS + 2 s; what is
   * left is recorded by no one, and those leases expire: the jobs run again).
   */
  settleTimeoutMs?: number;
  maxIdleWaitMs?: number;
  clock?: Clock;
  logger?: WorkerLogger;
  /** Metrics hooks (WORKER_OBSERVER). */
  observer?: WorkerObserver;
  /**
   * Hears the cancels asked of running jobs as they happen (Outbox.onCancelRequested), so a job
   * running here is aborted at once rather than at its lease's next beat; without it, at the beat.
   */
  cancels?: (listener: (jobId: string) => void) => Promise<() => Promise<void>>;
  /**
   * Hears the store's signals (Outbox.onSignal): a queue's `work` ends its idle wait, so an idle
   * loop waits on those rather than on the store (ClaimLoop hearsWork); without it, on the store.
   */
  signals?: (listener: (signal: StoreSignal) => void) => Promise<() => Promise<void>>;
  /** Log lines a job keeps (JOB_LOG_LINES; default DEFAULT_JOB_LOG_LINES). */
  logLines?: number;
  /** What the worker says it runs on (published each heartbeat); default: this process. */
  process?: WorkerProcess;
  /** Claim and run spans (TracingModule's; default: off). */
  tracer?: JobTracer;
}

/** The process a worker runs in, as its published info names it. */
export interface WorkerProcess {
  host: string;
  pid: number;
  /** claimq's version. */
  version: string;
}

function thisProcess(): WorkerProcess {
  return { host: hostname(), pid: process.pid, version: claimqVersion() };
}

/** Shutdown's settle after the grace period (see settleTimeoutMs). */
const DEFAULT_SETTLE_TIMEOUT_MS = 1_000;

type RuntimeState = 'created' | 'running' | 'stopping' | 'stopped';

/**
 * The worker runtime of one process, outside Nest: a claim loop per queue, the executor, the ack
 * batcher, the heartbeat, and the shutdown sequence. ClaimModule builds one and drives it from
 * Nest's lifecycle hooks; tests drive it directly.
 */
export class WorkerRuntime {
  readonly running: RunningJobs;
  readonly heartbeat: LeaseHeartbeatService;
  private readonly acks: AckBatcher;
  private readonly reports: ReportBatcher;
  private readonly callbacks: CallbackEnqueuer;
  private readonly timer: DeadlineTimer;
  private readonly executor: JobExecutor;
  private readonly loops: ClaimLoop[];
  private readonly loopsByQueue: Map<string, ClaimLoop>;
  private readonly clock: Clock;
  private readonly logger: WorkerLogger;
  private readonly releases = new Set<Promise<void>>();
  /** Ids of the jobs whose release is in flight, by queue (still this worker's leases meanwhile). */
  private readonly releasing = new Map<string, Set<string>>();
  private state: RuntimeState = 'created';
  /** Hears cancels while running (options.cancels), tried again while it fails. */
  private readonly cancels: KeptSubscription | undefined;
  /** Hears the store's `work` signals while running (options.signals), tried again while it fails. */
  private readonly signals: KeptSubscription | undefined;
  private readonly process: WorkerProcess;
  private startedAt: number;

  constructor(
    private readonly jobs: JobQueue,
    private readonly workers: WorkerDirectory,
    readonly registry: HandlerRegistry,
    readonly workerId: string,
    private readonly options: WorkerRuntimeOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.running = new RunningJobs(this.clock);
    this.logger = options.logger ?? workerLogger('Worker');
    this.process = options.process ?? thisProcess();
    this.startedAt = this.clock.now();
    this.timer = new DeadlineTimer(this.clock);
    this.callbacks = options.callbacks;
    const tracer = options.tracer ?? NOOP_JOB_TRACER;
    this.reports = new ReportBatcher(jobs, () => options.logLines ?? DEFAULT_JOB_LOG_LINES, this.logger);
    const reports = this.reports;
    this.acks = new AckBatcher(jobs, this.logger, (job, outcome, request, run) => {
      options.observer?.onSettled(job, outcome, this.clock.now() - (job.startedAt ?? this.clock.now()));
      if (outcome === 'stale') {
        this.logger.warn({ msg: 'job result dropped, its lease was lost', jobId: job.id, queue: job.queue, workerId });
        return;
      }
      if (outcome === 'scheduled') this.loopOf(job.queue)?.nudge(earliestRetryAt(job, request));
      if (outcome === 'failed') {
        this.logger.warn({ msg: 'job failed', jobId: job.id, queue: job.queue, workerId, error: 'error' in request ? request.error : undefined });
      }
      if (job.callbackUrl && isFinal(outcome)) this.callbacks.jobEnded(job.id, run?.carrier());
    }, () => reports.flushIfBusy());
    this.executor = new JobExecutor({
      registry,
      acks: this.acks,
      timer: this.timer,
      running: this.running,
      workerId,
      clock: this.clock,
      logger: this.logger,
      tracer,
      reports,
    });
    this.loops = options.queues.map((queue) => {
      const loop: ClaimLoop = new ClaimLoop(queue, {
        jobs,
        workerId,
        concurrency: options.concurrency,
        leaseMs: options.leaseMs,
        clock: this.clock,
        logger: this.logger,
        maxIdleWaitMs: options.maxIdleWaitMs,
        active: () => this.running.count(queue),
        run: (jobs, claim) => this.run(queue, jobs, loop.slotFreed, claim),
        tracer,
        hearsWork: () => this.signals?.listening === true,
      });
      return loop;
    });
    this.loopsByQueue = new Map(this.loops.map((loop) => [loop.queue, loop]));
    this.heartbeat = new LeaseHeartbeatService({
      jobs,
      workers,
      workerId,
      queues: options.queues,
      leaseMs: options.leaseMs,
      running: this.running,
      executor: this.executor,
      logger: this.logger,
      settlingIds: (queue) => this.settlingIds(queue),
      claimSettled: (queue) => this.loopOf(queue)?.claimSettled() ?? Promise.resolve(),
      claimsSent: (queue) => this.loopOf(queue)?.claimsSent ?? 0,
      release: (queue, leases) => this.release(queue, leases),
      info: () => this.info(),
    });
    const signals = options.signals;
    if (signals) {
      this.signals = new KeptSubscription(
        async () => {
          const unsubscribe = await signals((signal) => this.heard(signal));
          // what was signalled before this listened is not heard: each loop claims once more
          this.nudgeAll();
          return unsubscribe;
        },
        {
          onError: (error, retryMs) =>
            this.logger.warn(
              `worker ${workerId}: listening for the store's work signals failed (${errorText(error)}); trying again in ${retryMs / 1000} s, idle loops wait on the store meanwhile`,
            ),
        },
      );
    }
    const cancels = options.cancels;
    if (cancels) {
      this.cancels = new KeptSubscription(() => cancels((id) => void this.heartbeat.cancelHeard(id)), {
        onError: (error, retryMs) =>
          this.logger.warn(
            `worker ${workerId}: listening for cancels failed (${errorText(error)}); trying again in ${retryMs / 1000} s, a cancel reaches a running job at its lease's next beat meanwhile`,
          ),
      });
    }
  }

  /** Registers the worker (best effort: the heartbeat repeats it) and starts claiming. */
  start(): void {
    if (this.state !== 'created') return;
    this.state = 'running';
    this.startedAt = this.clock.now();
    void this.heartbeat.beat();
    this.cancels?.start();
    this.signals?.start();
    for (const loop of this.loops) loop.start();
    const running = this.running;
    this.options.observer?.onStarted?.({
      queues: this.options.queues,
      perQueue: this.options.concurrency,
      busy: (queue) => running.count(queue),
      busySlotSeconds: (queue) => running.busySlotSeconds(queue),
    });
    this.logger.log(
      `worker ${this.workerId} claiming from ${this.options.queues.join(', ')} (${this.options.concurrency} slots per queue; handlers: ${this.registry.types().join(', ') || 'none'})`,
    );
  }

  /**
   * Stop claiming; give running jobs shutdownGraceMs to finish; abort and release the rest (no
   * attempt spent); record what finished; unregister. After it resolves this process holds no
   * lease (unless the store stayed unreachable, in which case the leases expire on their own).
   */
  async shutdown(): Promise<void> {
    if (this.state !== 'running') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    const graceEnds = this.clock.now() + this.options.shutdownGraceMs;
    const settleTimeoutMs = this.options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS;
    // the grace sleep is cut short once the loops stop: a timer left behind would hold the process open
    const loopsStopped = new AbortController();
    await Promise.race([
      Promise.all(this.loops.map((loop) => loop.stop())).finally(() => loopsStopped.abort()),
      abortableSleep(this.options.shutdownGraceMs, loopsStopped.signal),
    ]);
    loopsStopped.abort();
    const finished = await this.running.whenEmpty(graceEnds - this.clock.now());
    // what the handlers reported, before their leases are given back
    await this.reports.flush();
    if (!finished) this.releaseUnfinished();
    const [recorded] = await Promise.all([this.acks.drain(settleTimeoutMs), this.settleReleases()]);
    if (!recorded) this.logger.error(`worker ${this.workerId}: ${this.acks.abandon()} job results could not be recorded before exit; their leases will expire`);
    const callbacksDrained = new AbortController();
    await Promise.race([this.callbacks.drain().finally(() => callbacksDrained.abort()), abortableSleep(settleTimeoutMs, callbacksDrained.signal)]);
    callbacksDrained.abort();
    this.timer.stop();
    await this.heartbeat.stop();
    await this.cancels?.stop();
    await this.signals?.stop();
    await Promise.all([...this.options.queues.map((queue) => this.unregister(queue)), this.removeInfo()]);
    this.options.observer?.onStopped?.();
    this.state = 'stopped';
    this.logger.log(`worker ${this.workerId} stopped`);
  }

  /** This process as GET /workers shows it; read once per heartbeat, never per job. */
  info(): WorkerInfo {
    const { queues, concurrency } = this.options;
    let leasesHeld = 0;
    for (const queue of queues) {
      const held = new Set(this.settlingIds(queue));
      for (const job of this.running.inQueue(queue)) held.add(job.id);
      leasesHeld += held.size;
    }
    return {
      id: this.workerId,
      ...this.process,
      startedAt: this.startedAt,
      queues: [...queues],
      slots: { busy: this.running.size, total: concurrency * queues.length },
      leasesHeld,
    };
  }

  /** Jobs of `queue` whose lease this worker holds without running them: results not yet recorded, releases in flight. */
  private settlingIds(queue: string): string[] {
    return [...this.acks.heldIds(queue), ...(this.releasing.get(queue) ?? [])];
  }

  private loopOf(queue: string): ClaimLoop | undefined {
    return this.loopsByQueue.get(queue);
  }

  /** A store signal: `work` nudges its queue's loop; after `missed` every loop claims once more. */
  private heard(signal: StoreSignal): void {
    if (signal.kind === 'work') this.loopOf(signal.queue)?.nudge();
    else if (signal.kind === 'missed') this.nudgeAll();
  }

  private nudgeAll(): void {
    for (const loop of this.loops) loop.nudge();
  }

  private run(queue: string, jobs: ClaimedJob[], slotFreed: () => void, claim: ClaimSpan | undefined): void {
    if (this.state !== 'running') {
      // a claim that was in flight when shutdown began: give the jobs straight back
      this.release(queue, jobs.map(({ job, token }) => ({ id: job.id, token })));
      return;
    }
    this.options.observer?.onClaimed(jobs, this.clock.now());
    for (const claimed of jobs) this.executor.start(claimed, slotFreed, claim);
  }

  private releaseUnfinished(): void {
    const byQueue = new Map<string, Lease[]>();
    for (const rj of this.running.all()) {
      this.executor.abort(rj, 'shutdown');
      const leases = byQueue.get(rj.queue) ?? [];
      leases.push({ id: rj.id, token: rj.token });
      byQueue.set(rj.queue, leases);
    }
    for (const [queue, leases] of byQueue) {
      this.logger.warn({
        msg: 'releasing unfinished jobs after the shutdown grace period',
        workerId: this.workerId,
        queue,
        jobIds: leases.map((l) => l.id),
      });
      this.release(queue, leases);
    }
  }

  private release(queue: string, leases: Lease[]): void {
    let ids = this.releasing.get(queue);
    if (!ids) this.releasing.set(queue, (ids = new Set()));
    for (const lease of leases) ids.add(lease.id);
    const releasing = this.releaseWithRetry(queue, leases).finally(() => {
      this.releases.delete(releasing);
      for (const lease of leases) ids.delete(lease.id);
    });
    this.releases.add(releasing);
  }

  private async settleReleases(): Promise<void> {
    while (this.releases.size > 0) await Promise.all([...this.releases]);
  }

  private async releaseWithRetry(queue: string, leases: Lease[]): Promise<void> {
    const giveUpAt = this.clock.now() + (this.options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS);
    const backoff = new RetryBackoff(100, 2_000);
    for (;;) {
      try {
        await this.jobs.release(queue, leases);
        return;
      } catch (err) {
        if (!isTransientStoreError(err) || this.clock.now() >= giveUpAt) {
          this.logger.error({
            msg: 'releasing jobs failed; their leases will expire',
            workerId: this.workerId,
            queue,
            jobIds: leases.map((l) => l.id),
            error: errorText(err),
          });
          return;
        }
        await abortableSleep(backoff.next());
      }
    }
  }

  private async removeInfo(): Promise<void> {
    try {
      await this.workers.remove(this.workerId);
    } catch (err) {
      this.logger.warn(`worker ${this.workerId}: removing its info failed (${errorText(err)}); it expires after WORKER_DEAD_MS`);
    }
  }

  private async unregister(queue: string): Promise<void> {
    try {
      await this.workers.unregister(queue, this.workerId);
    } catch (err) {
      this.logger.warn(`worker ${this.workerId}: unregistering from queue ${queue} failed (${errorText(err)})`);
    }
  }
}
