/** Prometheus metrics: the module and the registry other modules add their metrics to. */
export { MetricsModule } from './metrics.module';
export * from './claimq-metrics';
export { ScrapeRead, SCRAPE_READ_TIMEOUT_MS } from './scrape-read';
