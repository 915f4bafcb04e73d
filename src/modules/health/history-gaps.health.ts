import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { HistoryGapStats } from '../recovery';

const KEY = 'historyGaps';

/**
 * What this instance dropped from history backlogs (HISTORY_BACKLOG_MAX_MB): a detail of
 * readiness, never a reason to be unready (the jobs are fine; their history has a gap, recorded
 * in history_gaps). Reads counters in memory: no I/O.
 */
@Injectable()
export class HistoryGapsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly stats: HistoryGapStats,
  ) {}

  check(): HealthIndicatorResult {
    const indicator = this.indicators.check(KEY);
    const last = this.stats.last;
    if (!last) return indicator.up({ droppedEvents: 0 });
    return indicator.up({
      droppedEvents: this.stats.totalDropped,
      byQueue: Object.fromEntries(this.stats.droppedByQueue),
      last: {
        queue: last.queue,
        events: last.events,
        gap: { from: new Date(last.gap.fromMs).toISOString(), to: new Date(last.gap.toMs).toISOString(), events: last.gap.events },
        at: new Date(last.at).toISOString(),
      },
    });
  }
}
