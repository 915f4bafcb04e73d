"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.MetricsModule = void 0;
const common_1 = require("@nestjs/common");
const claim_1 = require("../claim");
const recovery_1 = require("../recovery");
const claimq_metrics_1 = require("./claimq-metrics");
const metrics_controller_1 = require("./metrics.controller");
const queue_depth_collector_1 = require("./queue-depth.collector");
const reaper_collector_1 = require("./reaper.collector");
const history_gap_collector_1 = require("./history-gap.collector");
const worker_metrics_observer_1 = require("./worker-metrics.observer");
const queue_stats_observer_1 = require("./queue-stats.observer");
const queue_stats_flusher_1 = require("./queue-stats.flusher");
const worker_observers_1 = require("./worker-observers");
/**
 * /metrics in Prometheus format, and the dashboard's stats of the workers of this process
 * (QueueStatsObserver, written to the store by QueueStatsFlusher). Global so that the worker runtime finds its observer
 * (WORKER_OBSERVER) and the API its counters (ClaimqMetrics) without importing this module.
 * Gauges and reaper counters are read at scrape time; job counters are bumped as jobs move.
 */
let MetricsModule = class MetricsModule {
};
exports.MetricsModule = MetricsModule;
exports.MetricsModule = MetricsModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        imports: [recovery_1.RecoveryModule],
        controllers: [metrics_controller_1.MetricsController],
        providers: [
            claimq_metrics_1.ClaimqMetrics,
            queue_depth_collector_1.QueueDepthCollector,
            reaper_collector_1.ReaperCollector,
            history_gap_collector_1.HistoryGapCollector,
            worker_metrics_observer_1.WorkerMetricsObserver,
            queue_stats_observer_1.QueueStatsObserver,
            queue_stats_flusher_1.QueueStatsFlusher,
            {
                provide: claim_1.WORKER_OBSERVER,
                inject: [worker_metrics_observer_1.WorkerMetricsObserver, queue_stats_observer_1.QueueStatsObserver],
                useFactory: (metrics, stats) => new worker_observers_1.WorkerObservers(metrics, stats),
            },
        ],
        exports: [claimq_metrics_1.ClaimqMetrics, claim_1.WORKER_OBSERVER],
    })
], MetricsModule);
//# sourceMappingURL=metrics.module.js.map