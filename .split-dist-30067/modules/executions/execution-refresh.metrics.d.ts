import { ClaimqMetrics } from '../metrics';
import { ReaperStats } from '../recovery';
/**
 * The refresh's Prometheus metrics, on the app's metrics registry (ClaimqMetrics, global). The
 * stale-recovery count is the reaper's (ReaperStats), read at scrape time.
 */
export declare class ExecutionRefreshMetrics {
    private readonly claimed;
    private readonly batches;
    private readonly duration;
    private readonly rejectedCount;
    constructor(metrics?: ClaimqMetrics, reaperStats?: ReaperStats);
    rejected(queue: string, count: number): void;
    batch(queue: string, claimed: number, seconds: number): void;
}
