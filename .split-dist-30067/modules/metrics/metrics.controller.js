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
exports.MetricsController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const claimq_metrics_1 = require("./claimq-metrics");
let MetricsController = class MetricsController {
    metrics;
    constructor(metrics) {
        this.metrics = metrics;
    }
    /** Prometheus text format. Open without an API key, like the health probes. */
    scrape() {
        return this.metrics.registry.metrics();
    }
};
exports.MetricsController = MetricsController;
__decorate([
    (0, common_1.Get)(),
    (0, common_1.Header)('Content-Type', 'text/plain; version=0.0.4; charset=utf-8'),
    (0, common_1.Header)('Cache-Control', 'no-store'),
    (0, swagger_1.ApiProduces)('text/plain'),
    (0, swagger_1.ApiOkResponse)({
        description: 'Prometheus exposition format: claimq_jobs_*_total counters, claimq_job_*_seconds histograms, the shared store\'s gauges (claimq_queue_jobs, claimq_leases_held, claimq_queue_oldest_pending_age_seconds, claimq_history_backlog_entries, claimq_history_lag_seconds), this process\'s worker slots (claimq_worker_*), claimq_store_up, reaper counters',
        schema: { type: 'string', example: 'claimq_jobs_claimed_total{queue="default",type="email.send"} 42' },
    }),
    (0, swagger_1.ApiOperation)({ operationId: 'getMetrics', summary: 'Prometheus metrics, in the text exposition format' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], MetricsController.prototype, "scrape", null);
exports.MetricsController = MetricsController = __decorate([
    (0, swagger_1.ApiTags)('metrics'),
    (0, common_1.Controller)('metrics'),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics])
], MetricsController);
//# sourceMappingURL=metrics.controller.js.map