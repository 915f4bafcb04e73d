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
exports.HistoryBacklogMetrics = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const clock_1 = require("../../domain/clock");
const metrics_1 = require("../metrics");
const queue_1 = require("../queue");
/**
 * History writer lag (while history is on), read from the store at scrape time, per queue: what
 * the writer has not stored yet (JobStore.eventBacklog: the Redis stream's consumer group, a few
 * reads per queue; the memory store's outbox) and how old the oldest of it is. The state is
 * shared: every instance reports the same numbers, and with no writer running they still grow.
 */
let HistoryBacklogMetrics = class HistoryBacklogMetrics {
    store;
    backlogs = new metrics_1.ScrapeRead('history backlog', () => this.readAll());
    constructor(store, clock, metrics) {
        this.store = store;
        if (!metrics)
            return;
        const collector = this;
        const registers = [metrics.registry];
        new prom_client_1.Gauge({
            name: `${metrics_1.METRIC_PREFIX}history_backlog_entries`,
            help: 'Entries of the queue\'s event log the history writer has not stored (Redis: stream entries, one per script call holding up to 2,000 events; memory store: events), all instances',
            labelNames: ['queue'],
            registers,
            async collect() {
                const backlogs = await collector.backlogs.get();
                this.reset();
                for (const [queue, backlog] of backlogs)
                    this.labels(queue).set(backlog.entries);
            },
        });
        new prom_client_1.Gauge({
            name: `${metrics_1.METRIC_PREFIX}history_lag_seconds`,
            help: 'Age of the oldest job event the history writer has not stored, per queue (0 when none), all instances',
            labelNames: ['queue'],
            registers,
            async collect() {
                const backlogs = await collector.backlogs.get();
                const now = clock.now();
                this.reset();
                for (const [queue, backlog] of backlogs)
                    this.labels(queue).set(backlog.oldestAt === null ? 0 : Math.max(0, now - backlog.oldestAt) / 1000);
            },
        });
    }
    async readAll() {
        const queues = await this.store.queues();
        const read = await Promise.all(queues.map((queue) => this.store.eventBacklog(queue)));
        return new Map(queues.map((queue, i) => [queue, read[i]]));
    }
};
exports.HistoryBacklogMetrics = HistoryBacklogMetrics;
exports.HistoryBacklogMetrics = HistoryBacklogMetrics = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __param(1, (0, common_1.Inject)(clock_1.CLOCK)),
    __param(2, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [Object, Object, metrics_1.ClaimqMetrics])
], HistoryBacklogMetrics);
//# sourceMappingURL=history-backlog.metrics.js.map