import { Injectable, Optional } from '@nestjs/common';
import { Counter, Histogram, Registry } from 'prom-client';
import { ClaimqMetrics, METRIC_PREFIX } from '../metrics';
import { ReaperStats } from '../recovery';

/**
 * The refresh's Prometheus metrics, on the app's metrics registry (ClaimqMetrics, global). The
 * stale-recovery count is the reaper's (ReaperStats), read at scrape time.
 */
@Injectable()
export class ExecutionRefreshMetrics {
  private readonly claimed: Counter<'queue'>;
  private readonly batches: Counter<'queue'>;
  private readonly duration: Histogram<'queue'>;
  private readonly rejectedCount: Counter<'queue'>;

  constructor(@Optional() metrics?: ClaimqMetrics, @Optional() reaperStats?: ReaperStats) {
    const registers = [metrics?.registry ?? new Registry()];
    this.claimed = new Counter({ name: `${METRIC_PREFIX}refresh_claimed_total`, help: 'Dirty executions this instance claimed and refreshed', labelNames: ['queue'], registers });
    this.batches = new Counter({ name: `${METRIC_PREFIX}refresh_batches_total`, help: 'Refresh batches this instance ran (one claim, one statement)', labelNames: ['queue'], registers });
    this.rejectedCount = new Counter({
      name: `${METRIC_PREFIX}refresh_rejected_total`,
      help: 'Executions whose status PostgreSQL refused as data: set aside (logged), the rest of their batch written',
      labelNames: ['queue'],
      registers,
    });
    this.duration = new Histogram({
      name: `${METRIC_PREFIX}refresh_duration_seconds`,
      help: 'One refresh batch: claim, status write, callbacks, ack',
      labelNames: ['queue'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    let seen = 0;
    new Counter({
      name: `${METRIC_PREFIX}refresh_stale_recovered_total`,
      help: 'Refreshes in flight past REFRESH_STALE_MS that the reaper returned to the refresh set',
      registers,
      collect() {
        const total = reaperStats?.totals.refreshRequeued ?? 0;
        if (total > seen) this.inc(total - seen);
        seen = total;
      },
    });
  }

  rejected(queue: string, count: number): void {
    this.rejectedCount.labels(queue).inc(count);
  }

  batch(queue: string, claimed: number, seconds: number): void {
    this.claimed.labels(queue).inc(claimed);
    this.batches.labels(queue).inc();
    this.duration.labels(queue).observe(seconds);
  }
}
