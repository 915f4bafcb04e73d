import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { HistoryGapStats } from '../recovery';
/**
 * What this instance dropped from history backlogs (HISTORY_BACKLOG_MAX_MB): a detail of
 * readiness, never a reason to be unready (the jobs are fine; their history has a gap, recorded
 * in history_gaps). Reads counters in memory: no I/O.
 */
export declare class HistoryGapsHealthIndicator {
    private readonly indicators;
    private readonly stats;
    constructor(indicators: HealthIndicatorService, stats: HistoryGapStats);
    check(): HealthIndicatorResult;
}
