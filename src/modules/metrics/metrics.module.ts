import { Global, Module } from '@nestjs/common';
import { WORKER_OBSERVER } from '../claim';
import { RecoveryModule } from '../recovery';
import { ClaimqMetrics } from './claimq-metrics';
import { MetricsController } from './metrics.controller';
import { QueueDepthCollector } from './queue-depth.collector';
import { ReaperCollector } from './reaper.collector';
import { HistoryGapCollector } from './history-gap.collector';
import { WorkerMetricsObserver } from './worker-metrics.observer';

/**
 * /metrics in Prometheus format. Global so that the worker runtime finds its observer
 * (WORKER_OBSERVER) and the API its counters (ClaimqMetrics) without importing this module.
 * Gauges and reaper counters are read at scrape time; job counters are bumped as jobs move.
 */
@Global()
@Module({
  imports: [RecoveryModule],
  controllers: [MetricsController],
  providers: [
    ClaimqMetrics,
    QueueDepthCollector,
    ReaperCollector,
    HistoryGapCollector,
    { provide: WORKER_OBSERVER, useClass: WorkerMetricsObserver },
  ],
  exports: [ClaimqMetrics, WORKER_OBSERVER],
})
export class MetricsModule {}
