/**
 * /metrics in Prometheus format, and the dashboard's stats of the workers of this process
 * (QueueStatsObserver, written to the store by QueueStatsFlusher). Global so that the worker runtime finds its observer
 * (WORKER_OBSERVER) and the API its counters (ClaimqMetrics) without importing this module.
 * Gauges and reaper counters are read at scrape time; job counters are bumped as jobs move.
 */
export declare class MetricsModule {
}
