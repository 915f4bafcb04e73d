import { ClaimqMetrics } from './claimq-metrics';
export declare class MetricsController {
    private readonly metrics;
    constructor(metrics: ClaimqMetrics);
    /** Prometheus text format. Open without an API key, like the health probes. */
    scrape(): Promise<string>;
}
