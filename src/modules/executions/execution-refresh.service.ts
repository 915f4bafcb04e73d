import { Injectable, Logger } from '@nestjs/common';
import { KeptSubscription, Unsubscribe } from '../../common/kept-subscription';
import { errorText, JobAdmin, StoreSignal } from '../queue';
import { ExecutionRefreshMetrics } from './execution-refresh.metrics';
import { ExecutionRefresher } from './execution-refresher';

/**
 * Runs the refresh on this instance. Every instance runs it; the claim splits the work between
 * them, so no execution is refreshed twice for one change and nothing is scanned.
 *
 * Which queues a pass looks at: while this instance hears the store's signals (Outbox.onSignal),
 * only the queues whose refresh set got work since (`refresh`: the set was empty, see
 * includes/signals.lua), so an idle instance sends nothing, whatever its queue count. Every queue
 * (a sweep) on the first pass, after signals may have been missed, every SWEEP_MS as a safety net,
 * and on every pass while it does not hear them. A queue whose pass stopped with work left (a
 * failure, or MAX_ROUNDS full batches) stays marked.
 */
@Injectable()
export class ExecutionRefreshService {
  static readonly MAX_ROUNDS = 20;
  /** The queue list is re-read this often, not every pass: an idle instance stays cheap. */
  static readonly QUEUE_LIST_TTL_MS = 10_000;
  /** Between two sweeps of every queue while signals are heard (a signal lost on its way costs at most this). */
  static readonly SWEEP_MS = 300_000;
  private readonly logger = new Logger(ExecutionRefreshService.name);
  private knownQueues: string[] = [];
  private queuesReadAt = Number.NEGATIVE_INFINITY;
  /** Queues signalled since their last refresh. */
  private readonly marked = new Set<string>();
  private sweptAt = Number.NEGATIVE_INFINITY;
  private readonly signals: KeptSubscription | undefined;

  constructor(
    private readonly admin: JobAdmin,
    private readonly refresher: ExecutionRefresher,
    private readonly metrics: ExecutionRefreshMetrics,
    private readonly batch: number,
    onSignal?: (listener: (signal: StoreSignal) => void) => Promise<Unsubscribe>,
  ) {
    this.signals = onSignal
      ? new KeptSubscription(() => onSignal((signal) => this.heard(signal)), {
          onError: (err, retryMs) => this.logger.warn(`refresh cannot hear the store's signals (every queue is looked at each pass; trying again in ${retryMs}ms): ${errorText(err)}`),
        })
      : undefined;
  }

  /** Listens to the store's signals (until stop). Without them, every pass looks at every queue. */
  start(): void {
    this.signals?.start();
  }

  stop(): Promise<void> {
    return this.signals?.stop() ?? Promise.resolve();
  }

  heard(signal: StoreSignal): void {
    if (signal.kind === 'refresh') this.marked.add(signal.queue);
    else if (signal.kind === 'missed') this.sweptAt = Number.NEGATIVE_INFINITY;
  }

  /** Returns how many executions were refreshed. Errors are logged per queue; the queue stays marked. */
  async runPass(): Promise<number> {
    let refreshed = 0;
    const now = performance.now();
    let queues: Iterable<string>;
    const listening = this.signals?.listening === true;
    if (!listening || now - this.sweptAt >= ExecutionRefreshService.SWEEP_MS) {
      queues = new Set([...(await this.queues()), ...this.marked]);
      // swept only once the signals are heard: what is changed from then on is signalled
      if (listening) this.sweptAt = now;
    } else {
      queues = [...this.marked];
    }
    this.marked.clear();
    for (const queue of queues) {
      try {
        const { count, more } = await this.drain(queue);
        refreshed += count;
        if (more) this.marked.add(queue);
      } catch (err) {
        this.marked.add(queue);
        this.logger.warn(`refresh of queue ${queue} failed (tried again next pass): ${errorText(err)}`);
      }
    }
    return refreshed;
  }

  private async queues(): Promise<string[]> {
    if (performance.now() - this.queuesReadAt < ExecutionRefreshService.QUEUE_LIST_TTL_MS) return this.knownQueues;
    try {
      this.knownQueues = await this.admin.queues();
      this.queuesReadAt = performance.now();
    } catch (err) {
      this.logger.warn(`refresh could not list queues: ${(err as Error).message}`);
    }
    return this.knownQueues;
  }

  /** Refreshes `queue` now; returns how many executions were refreshed. */
  async refreshQueue(queue: string): Promise<number> {
    return (await this.drain(queue)).count;
  }

  /** Refreshes `queue` in batches until its refresh set is drained or MAX_ROUNDS were done (`more`: work may be left). */
  private async drain(queue: string): Promise<{ count: number; more: boolean }> {
    let count = 0;
    for (let round = 0; round < ExecutionRefreshService.MAX_ROUNDS; round++) {
      const started = performance.now();
      const executions = await this.refresher.refreshBatch(queue);
      if (executions.length === 0) return { count, more: false };
      this.metrics.batch(queue, executions.length, (performance.now() - started) / 1000);
      count += executions.length;
      if (executions.length < this.batch) return { count, more: false };
    }
    return { count, more: true };
  }
}
