/** Prometheus metrics: the module and the registry other modules add their metrics to. */
export { MetricsModule } from './metrics.module';
export * from './claimq-metrics';
