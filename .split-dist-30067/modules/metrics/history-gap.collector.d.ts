import { HistoryGapStats } from '../recovery';
import { ClaimqMetrics } from './claimq-metrics';
/**
 * claimq_history_dropped_events_total{queue}: job events this instance dropped before the history
 * writer read them (HISTORY_BACKLOG_MAX_MB), read from HistoryGapStats at scrape time. Each such
 * event is counted in a row of history_gaps too; a value above zero means history has a gap.
 */
export declare class HistoryGapCollector {
    private readonly seen;
    constructor(metrics: ClaimqMetrics, stats: HistoryGapStats);
}
