import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, systemClock } from '../../domain/clock';
import { KeptSubscription, Unsubscribe } from '../../common/kept-subscription';
import {
  CallbackEnqueuer,
  DroppedEvents,
  ExecutionStore,
  JobAdmin,
  ReapResult,
  StoreSignal,
  UpkeepStore,
  WorkerDirectory,
  errorText,
  isTransientStoreError,
} from '../queue';
import { HistoryGapStats } from './history-gap-stats';
import { emptyReport, hasWork, QueueReapReport } from './queue-reap-report';
import { ReaperStats } from './reaper-stats';
import { ReturnedLeases } from './returned-leases';

export type { QueueReapReport } from './queue-reap-report';

/**
 * Events one trimEvents call may look at per REAPER_BATCH item, and in all: reading an event costs
 * a script about a tenth of what moving a job record does. Dropping one-event stream entries
 * (the costliest kind) measured about 2 us each: 20,000 are some 40 ms of Redis.
 */
const EVENTS_PER_BATCH_ITEM = 10;
const MAX_EVENTS_PER_TRIM = 20_000;

/**
 * The reaper: returns the work of dead or stuck workers and keeps the indexes tidy. Runs on every
 * instance; every step is one atomic store call over a bounded batch, so concurrent passes on
 * several instances never hand out a job twice, and one pass never blocks Redis for long.
 * A pass does at most MAX_ROUNDS batches per concern and per queue (per silent worker for their
 * leases); the rest waits for the next.
 *
 * Concerns: expired leases (a lease also runs out at the job's hard time limit, timeoutMs + grace,
 * which the store enforces at claim and heartbeat, so hung jobs end here too), leases of silent
 * workers (each worker whose leases came back is recorded as dead, for GET /workers), due
 * scheduled jobs, finished jobs past retention, the event log (trimEvents), execution refreshes
 * whose instance died, finished executions past EXECUTION_RETENTION_MS; after every queue, the
 * published info of workers silent for WORKER_DEAD_MS. Each is tried on
 * its own: one that throws is logged and counted, and the others still run. Jobs the pass fails or
 * cancels get their callback.
 *
 * Quiet queues: while this instance hears the store's signals, a queue whose pass found nothing to
 * do and that holds no lease (UpkeepStore.quiet, atomic with marking it) is left alone for
 * QUIET_PASSES passes: an idle fleet sends its reapers' commands for each queue a few times an hour,
 * not every pass. Its first claim after that signals `reap`, and the queue is reaped from the next
 * pass on, long before any lease it holds can run out; so is every queue after signals were missed.
 * What waits meanwhile: due scheduled jobs (a claim promotes them itself), retention trims, and the
 * event log of a queue that only takes enqueues; each at most QUIET_PASSES passes late.
 */
@Injectable()
export class ReaperService {
  static readonly MAX_ROUNDS = 10;
  /** Passes a quiet queue is left alone for (5 minutes at the default REAPER_INTERVAL_MS). */
  static readonly QUIET_PASSES = 20;
  private readonly logger = new Logger(ReaperService.name);
  /**
   * Since when this instance has reached the store without interruption. After an outage every
   * worker looks silent (none could heartbeat), so silent workers are reaped only once the store
   * has been reachable for WORKER_DEAD_MS: live workers get a full window to check in again.
   */
  private reachableSince: number | undefined;
  /** Quiet queues, each until when it is left alone (clock ms). */
  private readonly quietUntil = new Map<string, number>();
  /** Bumped by every `reap` and `missed`: a quiet answer older than one is not trusted. */
  private interruptions = 0;
  private readonly signals: KeptSubscription | undefined;

  constructor(
    private readonly admin: JobAdmin,
    private readonly upkeep: UpkeepStore,
    private readonly workers: WorkerDirectory,
    private readonly executions: ExecutionStore,
    private readonly config: AppConfig,
    private readonly stats: ReaperStats,
    private readonly callbacks: CallbackEnqueuer,
    private readonly clock: Clock = systemClock,
    private readonly gaps: HistoryGapStats = new HistoryGapStats(),
    onSignal?: (listener: (signal: StoreSignal) => void) => Promise<Unsubscribe>,
  ) {
    this.signals = onSignal
      ? new KeptSubscription(() => onSignal((signal) => this.heard(signal)), {
          onError: (err, retryMs) => this.logger.warn(`reaper cannot hear the store's signals (it reaps every queue each pass meanwhile; trying again in ${retryMs}ms): ${errorText(err)}`),
        })
      : undefined;
  }

  /** Hears the store's signals until stop(): without them no queue is left alone. */
  start(): void {
    this.signals?.start();
  }

  stop(): Promise<void> {
    return this.signals?.stop() ?? Promise.resolve();
  }

  heard(signal: StoreSignal): void {
    if (signal.kind === 'reap') {
      this.interruptions++;
      this.quietUntil.delete(signal.queue);
    } else if (signal.kind === 'missed') {
      this.interruptions++;
      this.quietUntil.clear();
    }
  }

  /** Queues left alone now (for tests and the logs). */
  quietQueues(): string[] {
    const now = this.clock.now();
    return [...this.quietUntil].filter(([, until]) => until > now).map(([queue]) => queue);
  }

  async runPass(): Promise<QueueReapReport[]> {
    const startedAt = this.clock.now();
    const reports: QueueReapReport[] = [];
    let queues: string[];
    try {
      queues = await this.admin.queues();
      this.reachableSince ??= startedAt;
      this.noteStall(startedAt);
    } catch (err) {
      // Redis down: nothing to do until it returns; the next pass tries again.
      this.reachableSince = undefined;
      const report = emptyReport('*');
      report.errors.push(`queues: ${errorText(err)}`);
      reports.push(report);
      queues = [];
    }
    for (const queue of queues) {
      if ((this.quietUntil.get(queue) ?? 0) > startedAt) continue;
      this.quietUntil.delete(queue);
      const report = await this.reapQueue(queue);
      reports.push(report);
      if (!hasWork(report)) await this.keepQuiet(queue);
    }
    await this.forgetSilentWorkers(reports, startedAt);
    const durationMs = this.clock.now() - startedAt;
    this.stats.record({ startedAt, durationMs, reports });
    this.logPass(reports, durationMs);
    return reports;
  }

  async reapQueue(queue: string): Promise<QueueReapReport> {
    const batch = this.config.reaperBatch;
    const report = emptyReport(queue);

    await this.step(report, 'expired leases', () =>
      this.rounds(async () => {
        const result = await this.upkeep.reapExpired(queue, batch);
        return this.tally(report, EXPIRED_LEASES, result) >= batch;
      }),
    );

    const returned: ReturnedLeases[] = [];
    await this.step(report, 'silent workers', async () => {
      if (!this.workersHadTimeToCheckIn()) return;
      const asked = this.clock.now();
      const silent = await this.workers.silent(queue, this.config.workerDeadMs, batch);
      // an answer held up as long as a heartbeat interval names workers whose beats were held up too
      if (this.noteStall(asked)) return;
      report.silentWorkers = silent.length;
      if (silent.length === 0) return;
      this.logger.warn(`workers silent for more than ${this.config.workerDeadMs}ms in ${queue}: ${silent.join(', ')}`);
      // one worker at a time, so what comes back is known per worker (the dead workers' record)
      for (const workerId of silent) {
        const leases = new ReturnedLeases(workerId);
        returned.push(leases);
        await this.rounds(async () => {
          // the same silentMs: a worker that checked in since workers.silent listed it is skipped
          const result = await this.upkeep.reapWorkers(queue, [workerId], batch, this.config.workerDeadMs);
          leases.add(result);
          return this.tally(report, SILENT_WORKER_LEASES, result) >= batch;
        });
      }
    });
    await this.step(report, 'dead workers', () => this.recordDead(queue, returned));

    await this.step(report, 'promote', () =>
      this.rounds(async () => {
        const promoted = await this.upkeep.promoteDue(queue, batch);
        report.promoted += promoted;
        return promoted >= batch;
      }),
    );

    const retention = {
      succeededMs: this.config.succeededRetentionMs,
      failedMs: this.config.failedRetentionMs,
      cancelledMs: this.config.failedRetentionMs,
    };
    await this.step(report, 'trim', () =>
      this.rounds(async () => {
        const trimmed = await this.upkeep.trimFinished(queue, retention, batch);
        report.trimmed += trimmed;
        return trimmed >= batch;
      }),
    );

    // The event log: acknowledged events past EVENTS_MAXLEN go; unread ones only past
    // HISTORY_BACKLOG_MAX_MB, into a gap record (what that costs a store: UpkeepStore.trimEvents).
    await this.step(report, 'trim events', () =>
      this.rounds(async () => {
        const result = await this.upkeep.trimEvents(queue, Math.min(batch * EVENTS_PER_BATCH_ITEM, MAX_EVENTS_PER_TRIM));
        for (const dropped of result.dropped) this.noteDropped(report, dropped);
        return result.more;
      }),
    );

    // An instance that died mid-refresh left its claimed executions in flight: make them dirty again.
    await this.step(report, 'stale refreshes', () =>
      this.rounds(async () => {
        const requeued = await this.executions.requeueStaleRefresh(queue, this.config.refreshStaleMs, batch);
        report.refreshRequeued += requeued;
        return requeued >= batch;
      }),
    );

    // Executions acknowledged final long ago: their status lives on in history (the executions table).
    await this.step(report, 'trim executions', () =>
      this.rounds(async () => {
        const trimmed = await this.executions.trim(queue, this.config.executionRetentionMs, batch);
        report.executionsTrimmed += trimmed;
        return trimmed >= batch;
      }),
    );

    if (report.failedIds.length > 0) {
      const sent = await Promise.all(report.failedIds.map((id) => this.callbacks.send(id)));
      report.callbacksEnqueued = sent.filter(Boolean).length;
    }
    return report;
  }

  /** After a pass that found nothing to do: leaves the queue alone while it holds no lease (see the class). */
  private async keepQuiet(queue: string): Promise<void> {
    if (!this.signals?.listening) return;
    const before = this.interruptions;
    try {
      const answer = await this.upkeep.quiet(queue);
      if (!answer.quiet || before !== this.interruptions) return;
      const until = this.clock.now() + ReaperService.QUIET_PASSES * this.config.reaperIntervalMs;
      this.quietUntil.set(queue, Math.min(until, answer.nextDueAt ?? until));
    } catch {
      // reaped again next pass
    }
  }

  /**
   * Records each worker whose leases this pass returned (host and pid from its published info,
   * read before forgetSilentWorkers removes it, or from its id).
   */
  private async recordDead(queue: string, returned: ReturnedLeases[]): Promise<void> {
    const dead = returned.filter((leases) => leases.any);
    if (dead.length === 0) return;
    const infos = new Map((await this.workers.find(dead.map((leases) => leases.workerId))).map((info) => [info.id, info]));
    const now = this.clock.now();
    for (const leases of dead) await this.workers.recordDead(leases.record(queue, now, infos.get(leases.workerId)));
  }

  /**
   * After every queue: the info of workers silent for WORKER_DEAD_MS goes (those declared dead,
   * and processes that died holding no lease, which no queue's reap meets), a batch at a time.
   * Like the reap of silent workers, only once the store has been reachable that long. Silent
   * counts from when the pass started: a worker that went silent while the pass went through the
   * queues is met by the next pass's reap with its info still there (its record names its host).
   */
  private async forgetSilentWorkers(reports: QueueReapReport[], passStartedAt: number): Promise<void> {
    if (!this.workersHadTimeToCheckIn()) return;
    const report = emptyReport('*');
    const silentMs = this.config.workerDeadMs + Math.max(0, this.clock.now() - passStartedAt);
    await this.step(report, 'worker info', () =>
      this.rounds(async () => (await this.workers.forgetSilent(silentMs, this.config.reaperBatch)).length >= this.config.reaperBatch),
    );
    if (report.errors.length > 0) reports.push(report);
  }

  /** Waits for callbacks still being enqueued (shutdown). */
  drain(): Promise<void> {
    return this.callbacks.drain();
  }

  private workersHadTimeToCheckIn(): boolean {
    return this.reachableSince !== undefined && this.clock.now() - this.reachableSince >= this.config.workerDeadMs;
  }

  /** One concern; its failure is recorded and logged, and the pass goes on. */
  private async step(report: QueueReapReport, name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      if (isTransientStoreError(err)) this.reachableSince = undefined;
      report.errors.push(`${name}: ${errorText(err)}`);
    }
  }

  /** Adds a reap's outcome to the report, under `into`'s fields; returns how many entries it ended. */
  private tally(report: QueueReapReport, into: ReapTally, result: ReapResult): number {
    report[into.requeued] += result.requeued.length;
    report[into.failed] += result.failed.length;
    report[into.cancelled] += result.cancelled.length;
    this.noteMalformed(report, into.malformed, result);
    appendAll(report.failedIds, result.failed, result.cancelled);
    return size(result);
  }

  /** Events lost to history (a gap): counted for the metric and readiness, and logged as the error it is. */
  private noteDropped(report: QueueReapReport, dropped: DroppedEvents): void {
    report.historyEventsDropped += dropped.events;
    this.gaps.record(dropped, this.clock.now());
    const { gap } = dropped;
    this.logger.error(
      `queue ${dropped.queue}: dropped ${dropped.events} job events the history writer had not read: the backlog passed HISTORY_BACKLOG_MAX_MB. ` +
        `History lacks ${gap.events} events from ${new Date(gap.fromMs).toISOString()} to ${new Date(gap.toMs).toISOString()} (a row of history_gaps once written)`,
    );
  }

  private noteMalformed(report: QueueReapReport, what: string, result: ReapResult): void {
    const ids = result.malformed ?? [];
    if (ids.length === 0) return;
    report.malformed += ids.length;
    this.logger.warn(`queue ${report.queue}: ${ids.length} broken ${what} record(s) moved aside: ${ids.slice(0, 20).join(', ')}`);
  }

  /** Runs `step` until it says it is done, at most MAX_ROUNDS times. */
  private async rounds(step: () => Promise<boolean>): Promise<void> {
    for (let round = 0; round < ReaperService.MAX_ROUNDS; round++) {
      const started = this.clock.now();
      const more = await step();
      this.noteStall(started);
      if (!more) return;
    }
  }

  /**
   * A store call that took a heartbeat interval or more (a Redis Cluster failover, a paused
   * server: the client holds commands until the slot answers again) held up the workers'
   * heartbeats as well, whose beats were queued with the time they were sent. As after an
   * outage, workers get WORKER_DEAD_MS from now to check in before any is declared dead; without
   * this a failover longer than WORKER_DEAD_MS would declare every live worker dead at once.
   * Returns whether the call since `startedAt` stalled.
   */
  private noteStall(startedAt: number): boolean {
    const now = this.clock.now();
    if (now - startedAt < this.config.heartbeatMs) return false;
    if (this.workersHadTimeToCheckIn()) {
      this.logger.warn(`a store call took ${now - startedAt}ms (HEARTBEAT_MS ${this.config.heartbeatMs}): no worker is declared dead before ${this.config.workerDeadMs}ms from now`);
    }
    this.reachableSince = now;
    return true;
  }

  /** One line per pass: info when it did something, a warning when a step failed, debug otherwise. */
  private logPass(reports: QueueReapReport[], durationMs: number): void {
    const busy = reports.filter(hasWork).map(({ failedIds: _ids, ...counts }) => counts);
    const errors = reports.flatMap((r) => r.errors.map((e) => `${r.queue}: ${e}`));
    const line = { msg: 'reaper pass', durationMs, queues: reports.length, busy };
    if (errors.length > 0) this.logger.warn({ ...line, errors });
    else if (busy.length > 0) this.logger.log(line);
    else this.logger.debug(line);
  }
}

/** push(...ids) passes each id as a function argument: V8 throws past about 120,000 of them. */
/** Where a kind of reap counts in the report, and what its malformed entries are called in the log. */
interface ReapTally {
  requeued: 'expiredRequeued' | 'workerLeasesRequeued';
  failed: 'expiredFailed' | 'workerLeasesFailed';
  cancelled: 'expiredCancelled' | 'workerLeasesCancelled';
  malformed: string;
}

const EXPIRED_LEASES: ReapTally = { requeued: 'expiredRequeued', failed: 'expiredFailed', cancelled: 'expiredCancelled', malformed: 'lease' };
const SILENT_WORKER_LEASES: ReapTally = { requeued: 'workerLeasesRequeued', failed: 'workerLeasesFailed', cancelled: 'workerLeasesCancelled', malformed: 'worker entry' };

function appendAll(target: string[], ...lists: string[][]): void {
  for (const list of lists) for (const id of list) target.push(id);
}

function size(result: ReapResult): number {
  return result.requeued.length + result.failed.length + result.cancelled.length + (result.malformed?.length ?? 0);
}
