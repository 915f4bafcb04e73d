import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../domain/clock';
import { KeptSubscription, Unsubscribe } from '../../common/kept-subscription';
import { errorText, StoreSignal } from '../queue';
import { ClaimqMetrics } from '../metrics';
import { FirePass, ScheduleFirer } from './schedule-firer';

/** After a failed pass (the store unreachable), the next one waits this long. */
const ERROR_BACKOFF_MS = 1_000;

/** The longest sleep while the store's signals are not heard (a change elsewhere is seen within it). */
export const UNSIGNALLED_POLL_MS = 1_000;

export interface SchedulerOptions {
  enabled: boolean;
  /**
   * The longest sleep between two passes (SCHEDULER_POLL_MS) while the store's signals are heard;
   * at most UNSIGNALLED_POLL_MS while they are not.
   */
  pollMs: number;
  /** The firer's aheadMs: a pass starts this long before the next due time. */
  aheadMs: number;
}

/**
 * The scheduler loop of this instance (every instance runs one; none is a leader). It sleeps
 * until the next due time the store reports, and runs a pass (ScheduleFirer); a pass that claimed
 * a full batch is followed by another at once. A schedule changed through any instance's API wakes
 * it: through this one, the API calls wake(); through another, the store's `schedules` signal
 * (Outbox.onSignal). So an idle instance sleeps up to SCHEDULER_POLL_MS, the safety net for a
 * signal lost on its way; while it does not hear the signals, at most UNSIGNALLED_POLL_MS. A timer,
 * not @nestjs/schedule's interval: the next pass is due at a time the store names, and a fixed
 * interval would add up to a whole interval of lag.
 */
export class SchedulerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private running?: Promise<void>;
  private stopped = false;
  private wakeUp?: () => void;
  private woken = false;
  private readonly signals: KeptSubscription | undefined;

  constructor(
    private readonly firer: ScheduleFirer,
    private readonly clock: Clock,
    private readonly options: SchedulerOptions,
    private readonly metrics?: ClaimqMetrics,
    onSignal?: (listener: (signal: StoreSignal) => void) => Promise<Unsubscribe>,
  ) {
    this.signals = onSignal
      ? new KeptSubscription(
          () =>
            onSignal((signal) => {
              if (signal.kind === 'schedules' || signal.kind === 'missed') this.wake();
            }),
          { onError: (err, retryMs) => this.logger.warn(`scheduler cannot hear the store's signals (it looks every ${UNSIGNALLED_POLL_MS}ms meanwhile; trying again in ${retryMs}ms): ${errorText(err)}`) },
        )
      : undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.options.enabled) return;
    this.signals?.start();
    this.running = this.loop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    await this.signals?.stop();
  }

  /** A schedule changed through this instance: look at the index again now. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let waitMs: number;
      try {
        this.woken = false;
        const pass: FirePass = await this.firer.pass();
        if (pass.full) continue;
        const untilDue = pass.nextDueAt === null ? Infinity : pass.nextDueAt - this.options.aheadMs - this.clock.now();
        const pollMs = this.signals?.listening ? this.options.pollMs : Math.min(this.options.pollMs, UNSIGNALLED_POLL_MS);
        waitMs = Math.min(Math.max(0, untilDue), pollMs);
      } catch (err) {
        this.metrics?.scheduleFireFailed();
        this.logger.warn(`scheduler pass failed (its schedules fire again after SCHEDULER_LEASE_MS): ${errorText(err)}`);
        waitMs = ERROR_BACKOFF_MS;
      }
      if (waitMs > 0 && !this.stopped && !this.woken) await this.sleep(waitMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}
