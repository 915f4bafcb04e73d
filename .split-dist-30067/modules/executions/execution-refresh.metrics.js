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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionRefreshMetrics = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const metrics_1 = require("../metrics");
const recovery_1 = require("../recovery");
/**
 * The refresh's Prometheus metrics, on the app's metrics registry (ClaimqMetrics, global). The
 * stale-recovery count is the reaper's (ReaperStats), read at scrape time.
 */
let ExecutionRefreshMetrics = class ExecutionRefreshMetrics {
    claimed;
    batches;
    duration;
    rejectedCount;
    constructor(metrics, reaperStats) {
        const registers = [metrics?.registry ?? new prom_client_1.Registry()];
        this.claimed = new prom_client_1.Counter({ name: `${metrics_1.METRIC_PREFIX}refresh_claimed_total`, help: 'Dirty executions this instance claimed and refreshed', labelNames: ['queue'], registers });
        this.batches = new prom_client_1.Counter({ name: `${metrics_1.METRIC_PREFIX}refresh_batches_total`, help: 'Refresh batches this instance ran (one claim, one statement)', labelNames: ['queue'], registers });
        this.rejectedCount = new prom_client_1.Counter({
            name: `${metrics_1.METRIC_PREFIX}refresh_rejected_total`,
            help: 'Executions whose status PostgreSQL refused as data: set aside (logged), the rest of their batch written',
            labelNames: ['queue'],
            registers,
        });
        this.duration = new prom_client_1.Histogram({
            name: `${metrics_1.METRIC_PREFIX}refresh_duration_seconds`,
            help: 'One refresh batch: claim, status write, callbacks, ack',
            labelNames: ['queue'],
            buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
            registers,
        });
        let seen = 0;
        new prom_client_1.Counter({
            name: `${metrics_1.METRIC_PREFIX}refresh_stale_recovered_total`,
            help: 'Refreshes in flight past REFRESH_STALE_MS that the reaper returned to the refresh set',
            registers,
            collect() {
                const total = reaperStats?.totals.refreshRequeued ?? 0;
                if (total > seen)
                    this.inc(total - seen);
                seen = total;
            },
        });
    }
    rejected(queue, count) {
        this.rejectedCount.labels(queue).inc(count);
    }
    batch(queue, claimed, seconds) {
        this.claimed.labels(queue).inc(claimed);
        this.batches.labels(queue).inc();
        this.duration.labels(queue).observe(seconds);
    }
};
exports.ExecutionRefreshMetrics = ExecutionRefreshMetrics;
exports.ExecutionRefreshMetrics = ExecutionRefreshMetrics = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Optional)()),
    __param(1, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [metrics_1.ClaimqMetrics, recovery_1.ReaperStats])
], ExecutionRefreshMetrics);
//# sourceMappingURL=execution-refresh.metrics.js.map