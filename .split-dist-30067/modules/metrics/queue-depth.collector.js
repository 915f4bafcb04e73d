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
const within_timeout_1 = require("../../common/within-timeout");
const clock_1 = require("../../domain/clock");
const job_1 = require("../../domain/job");
const queue_1 = require("../queue");
const claimq_metrics_1 = require("./claimq-metrics");
const scrape_read_1 = require("./scrape-read");
/**
 * Queue depth by state, leases held and the age of the oldest pending job, read from the store at
 * scrape time: per known queue one counts call (index sizes in Redis) and one oldest-pending call
 * (the pending indexes' heads), so a scrape costs what the number of queues costs and nothing runs
 * between scrapes. The state is shared: every instance reports the same numbers (aggregate with
 * max, not sum). claimq_store_up is this process's own view: whether the store answered a ping.
 */
let QueueDepthCollector = class QueueDepthCollector {
    store;
    clock;
    readings = new scrape_read_1.ScrapeRead('queue depth', () => this.readAll());
    constructor(metrics, store, health, clock) {
        this.store = store;
        this.clock = clock;
        const collector = this;
        const registers = [metrics.registry];
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}queue_jobs`,
            help: 'Jobs per queue and state (all instances; finished states until retention trims them)',
            labelNames: ['queue', 'state'],
            registers,
            async collect() {
                const readings = await collector.readings.get();
                this.reset();
                for (const [queue, { counts }] of readings)
                    for (const state of job_1.JOB_STATUSES)
                        this.labels(queue, state).set(counts[state]);
            },
        });
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}leases_held`,
            help: 'Jobs running under a lease, per queue (all instances)',
            labelNames: ['queue'],
            registers,
            async collect() {
                const readings = await collector.readings.get();
                this.reset();
                for (const [queue, { counts }] of readings)
                    this.labels(queue).set(counts.running);
            },
        });
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}queue_oldest_pending_age_seconds`,
            help: 'Seconds since the longest-waiting pending job of the queue became runnable (0 when none is pending; all instances)',
            labelNames: ['queue'],
            registers,
            async collect() {
                const readings = await collector.readings.get();
                const now = collector.clock.now();
                this.reset();
                for (const [queue, { oldest }] of readings)
                    this.labels(queue).set(oldest.since === null ? 0 : Math.max(0, now - oldest.since) / 1000);
            },
        });
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}store_up`,
            help: `Whether this process reached its job store at this scrape (Redis: PING answered within ${scrape_read_1.SCRAPE_READ_TIMEOUT_MS / 1000} s): 1 or 0`,
            labelNames: ['store'],
            registers,
            async collect() {
                let up = 1;
                try {
                    await (0, within_timeout_1.withinTimeout)(health.ping(), scrape_read_1.SCRAPE_READ_TIMEOUT_MS);
                }
                catch {
                    up = 0;
                }
                this.reset();
                this.labels(health.name).set(up);
            },
        });
    }
    async readAll() {
        const readings = new Map();
        for (const queue of await this.store.queues()) {
            const [counts, oldest] = await Promise.all([this.store.counts(queue), this.store.oldestPending(queue)]);
            readings.set(queue, { counts, oldest });
        }
        return readings;
    }
};
exports.QueueDepthCollector = QueueDepthCollector;
exports.QueueDepthCollector = QueueDepthCollector = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(queue_1.JobStore)),
    __param(2, (0, common_1.Inject)(queue_1.StoreHealth)),
    __param(3, (0, common_1.Inject)(clock_1.CLOCK)),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics, Object, queue_1.StoreHealth, Object])
], QueueDepthCollector);
//# sourceMappingURL=queue-depth.collector.js.map