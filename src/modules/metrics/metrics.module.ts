import { Global, Module } from '@nestjs/common';
import { WORKER_OBSERVER } from '../claim';
import { RecoveryModule } from '../recovery';
import { ClaimqMetrics } from './claimq-metrics';
import { MetricsController } from './metrics.controller';
import { QueueDepthCollector } from './queue-depth.collector';
import { ReaperCollector } from './reaper.collector';
import { HistoryGapCollector } from './history-gap.collector';
import { WorkerMetricsObserver } from './worker-metrics.observer';
import { QueueStatsObserver } from './queue-stats.observer';
import { QueueStatsFlusher } from './queue-stats.flusher';
import { WorkerObservers } from './worker-observers';

/**
 * /metrics in Prometheus format, and the dashboard's stats of the workers of this process
 * (QueueStatsObserver, written to the store by QueueStatsFlusher). Global so that the worker runtime finds its observer
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
    WorkerMetricsObserver,
    QueueStatsObserver,
    QueueStatsFlusher,
    {
      provide: WORKER_OBSERVER,
      inject: [WorkerMetricsObserver, QueueStatsObserver],
      useFactory: (metrics: WorkerMetricsObserver, stats: QueueStatsObserver) => new WorkerObservers(metrics, stats),
    },
  ],
  exports: [ClaimqMetrics, WORKER_OBSERVER],
})
export class MetricsModule {}
