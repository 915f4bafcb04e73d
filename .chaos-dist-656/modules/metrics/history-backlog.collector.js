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
exports.HistoryBacklogCollector = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const history_database_1 = require("../history/history-database");
const job_store_1 = require("../queue/job-store");
const claimq_metrics_1 = require("./claimq-metrics");
/**
 * History writer lag, where it is cheap to read: the memory store's event log holds exactly the
 * events the writer has not taken yet. (The Redis streams' lag is not reported here yet.)
 */
let HistoryBacklogCollector = class HistoryBacklogCollector {
    constructor(metrics, store, history) {
        const log = store.events;
        if (!history || typeof log?.size !== 'number')
            return;
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}history_backlog_events`,
            help: 'Job events waiting for the history writer (memory store)',
            registers: [metrics.registry],
            collect() {
                this.set(Number(log.size));
            },
        });
    }
};
exports.HistoryBacklogCollector = HistoryBacklogCollector;
exports.HistoryBacklogCollector = HistoryBacklogCollector = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(job_store_1.JobStore)),
    __param(2, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics, job_store_1.JobStore, history_database_1.HistoryDatabase])
], HistoryBacklogCollector);
//# sourceMappingURL=history-backlog.collector.js.map