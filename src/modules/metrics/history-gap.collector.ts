import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { HistoryGapStats } from '../recovery';
import { ClaimqMetrics, METRIC_PREFIX } from './claimq-metrics';

/**
 * claimq_history_dropped_events_total{queue}: job events this instance dropped before the history
 * writer read them (HISTORY_BACKLOG_MAX_MB), read from HistoryGapStats at scrape time. Each such
 * event is counted in a row of history_gaps too; a value above zero means history has a gap.
 */
@Injectable()
export class HistoryGapCollector {
  private readonly seen = new Map<string, number>();

  constructor(metrics: ClaimqMetrics, stats: HistoryGapStats) {
    const seen = this.seen;
    new Counter({
      name: `${METRIC_PREFIX}history_dropped_events_total`,
      help: 'Job events dropped before the history writer read them (its backlog passed HISTORY_BACKLOG_MAX_MB); each is counted in a history_gaps row',
      labelNames: ['queue'],
      registers: [metrics.registry],
      collect() {
        for (const [queue, total] of stats.droppedByQueue) {
          const delta = total - (seen.get(queue) ?? 0);
          if (delta > 0) this.labels(queue).inc(delta);
          seen.set(queue, total);
        }
      },
    });
  }
}
