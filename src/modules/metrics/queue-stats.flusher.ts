import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { errorText, QueueStatsStore } from '../queue';
import { QueueStatsObserver } from './queue-stats.observer';

export const QUEUE_STATS_FLUSH_INTERVAL = 'claimq.queue-stats-flush';
/** How often this process writes its stats deltas: one pipelined write per queue that had any. */
export const QUEUE_STATS_FLUSH_MS = 2_000;

/**
 * Writes what QueueStatsObserver gathered to the store every QUEUE_STATS_FLUSH_MS (one timer per
 * process, never per job), and once more when the workers have drained. A flush the store refuses
 * is given back and goes with the next one. A flush still running when the next is due is not
 * doubled.
 */
@Injectable()
export class QueueStatsFlusher implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('QueueStats');
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly schedulerRegistry: SchedulerRegistry,
    private readonly observer: QueueStatsObserver,
    @Inject(QueueStatsStore) private readonly stats: QueueStatsStore,
  ) {}

  onApplicationBootstrap(): void {
    const interval = setInterval(() => void this.flush(), QUEUE_STATS_FLUSH_MS);
    interval.unref();
    this.schedulerRegistry.addInterval(QUEUE_STATS_FLUSH_INTERVAL, interval);
  }

  /**
   * The last write. Nest calls ClaimModule's beforeApplicationShutdown (WorkerLifecycleService's
   * drain) before this module's in claimq's module tree, so it takes the drain's results too; the
   * store closes later, in onApplicationShutdown.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  onApplicationShutdown(): void {
    if (this.schedulerRegistry.doesExist('interval', QUEUE_STATS_FLUSH_INTERVAL)) this.schedulerRegistry.deleteInterval(QUEUE_STATS_FLUSH_INTERVAL);
  }

  /** Writes the deltas gathered so far. */
  flush(): Promise<void> {
    this.inFlight ??= this.write().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async write(): Promise<void> {
    const deltas = this.observer.take();
    await Promise.all(
      [...deltas].map(async ([queue, delta]) => {
        try {
          await this.stats.record(queue, delta);
        } catch (error) {
          this.observer.giveBack(queue, delta);
          this.logger.warn({ msg: 'dashboard stats not written, kept for the next flush', queue, error: errorText(error) });
        }
      }),
    );
  }
}
