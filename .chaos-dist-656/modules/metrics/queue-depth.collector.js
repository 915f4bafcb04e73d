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
exports.QueueDepthCollector = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const job_1 = require("../../domain/job");
const job_store_1 = require("../queue/job-store");
const claimq_metrics_1 = require("./claimq-metrics");
/**
 * Queue depth by state and leases held, read from store.counts at scrape time: one counts call per
 * known queue (index sizes in Redis), so a scrape costs what the number of queues costs and nothing
 * runs between scrapes. The state is shared: every instance reports the same numbers.
 */
let QueueDepthCollector = class QueueDepthCollector {
    store;
    logger = new common_1.Logger('Metrics');
    /** One read per scrape, shared by both gauges (prom-client collects metrics concurrently). */
    reading;
    constructor(metrics, store) {
        this.store = store;
        const collector = this;
        const registers = [metrics.registry];
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}queue_jobs`,
            help: 'Jobs per queue and state (all instances; finished states until retention trims them)',
            labelNames: ['queue', 'state'],
            registers,
            async collect() {
                const counts = await collector.counts();
                this.reset();
                for (const [queue, byState] of counts)
                    for (const state of job_1.JOB_STATUSES)
                        this.labels(queue, state).set(byState[state]);
            },
        });
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}leases_held`,
            help: 'Jobs running under a lease, per queue (all instances)',
            labelNames: ['queue'],
            registers,
            async collect() {
                const counts = await collector.counts();
                this.reset();
                for (const [queue, byState] of counts)
                    this.labels(queue).set(byState.running);
            },
        });
    }
    counts() {
        this.reading ??= this.read().finally(() => (this.reading = undefined));
        return this.reading;
    }
    async read() {
        const counts = new Map();
        try {
            for (const queue of await this.store.queues())
                counts.set(queue, await this.store.counts(queue));
        }
        catch (err) {
            this.logger.warn(`queue depth unavailable for this scrape: ${err.message}`);
        }
        return counts;
    }
};
exports.QueueDepthCollector = QueueDepthCollector;
exports.QueueDepthCollector = QueueDepthCollector = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(job_store_1.JobStore)),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics,
        job_store_1.JobStore])
], QueueDepthCollector);
//# sourceMappingURL=queue-depth.collector.js.map