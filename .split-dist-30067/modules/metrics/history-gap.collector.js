"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryGapCollector = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const recovery_1 = require("../recovery");
const claimq_metrics_1 = require("./claimq-metrics");
/**
 * claimq_history_dropped_events_total{queue}: job events this instance dropped before the history
 * writer read them (HISTORY_BACKLOG_MAX_MB), read from HistoryGapStats at scrape time. Each such
 * event is counted in a row of history_gaps too; a value above zero means history has a gap.
 */
let HistoryGapCollector = class HistoryGapCollector {
    seen = new Map();
    constructor(metrics, stats) {
        const seen = this.seen;
        new prom_client_1.Counter({
            name: `${claimq_metrics_1.METRIC_PREFIX}history_dropped_events_total`,
            help: 'Job events dropped before the history writer read them (its backlog passed HISTORY_BACKLOG_MAX_MB); each is counted in a history_gaps row',
            labelNames: ['queue'],
            registers: [metrics.registry],
            collect() {
                for (const [queue, total] of stats.droppedByQueue) {
                    const delta = total - (seen.get(queue) ?? 0);
                    if (delta > 0)
                        this.labels(queue).inc(delta);
                    seen.set(queue, total);
                }
            },
        });
    }
};
exports.HistoryGapCollector = HistoryGapCollector;
exports.HistoryGapCollector = HistoryGapCollector = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics, recovery_1.HistoryGapStats])
], HistoryGapCollector);
//# sourceMappingURL=history-gap.collector.js.map