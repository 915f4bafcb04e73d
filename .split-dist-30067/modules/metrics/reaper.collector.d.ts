import { ReaperStats } from '../recovery';
import { ClaimqMetrics } from './claimq-metrics';
/**
 * The reaper's counters (ReaperStats, kept by RecoveryModule), turned into Prometheus counters
 * at scrape time: each scrape adds what happened since the previous one.
 */
export declare class ReaperCollector {
    private readonly stats;
    private seen;
    private readonly stepErrors;
    private readonly silent;
    private readonly lastDuration;
    private readonly reaped;
    constructor(metrics: ClaimqMetrics, stats: ReaperStats);
    private update;
}
