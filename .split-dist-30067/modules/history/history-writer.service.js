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
exports.HistoryWriterService = exports.LANE_DISCOVERY_MS = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const app_config_1 = require("../../config/app-config");
const job_id_1 = require("../../domain/job-id");
const metrics_1 = require("../metrics");
const queue_1 = require("../queue");
const history_database_1 = require("./history-database");
const history_batch_writer_1 = require("./writer/history-batch-writer");
const history_drain_1 = require("./writer/history-drain");
/** How often the writer looks for queues that appeared since (each gets its own lane). */
exports.LANE_DISCOVERY_MS = 30_000;
/**
 * Runs one HistoryDrain per event lane, from start to shutdown. Queues are discovered from the
 * store (configured ones plus every queue that has held a job) and re-checked periodically.
 * Off the claim path: nothing here can slow or stop jobs.
 */
let HistoryWriterService = class HistoryWriterService {
    config;
    store;
    sources;
    logger = new common_1.Logger('History');
    drains = new Map();
    writer;
    rejected;
    timer;
    stopped = false;
    constructor(config, store, sources, database, metrics) {
        this.config = config;
        this.store = store;
        this.sources = sources;
        this.writer = new history_batch_writer_1.HistoryBatchWriter(() => database.dataSource());
        this.rejected = new prom_client_1.Counter({
            name: `${metrics_1.METRIC_PREFIX}history_rejected_total`,
            help: 'Jobs whose events PostgreSQL refused as data: set aside (logged), the rest of their batch written',
            labelNames: ['queue'],
            registers: [metrics?.registry ?? new prom_client_1.Registry()],
        });
    }
    onApplicationBootstrap() {
        void this.discoverLanes();
        this.timer = setInterval(() => void this.discoverLanes(), exports.LANE_DISCOVERY_MS);
        this.timer.unref();
    }
    /** Before the DataSource closes: lets each lane store and acknowledge the batch in hand. */
    async beforeApplicationShutdown() {
        this.stopped = true;
        clearInterval(this.timer);
        await Promise.all([...this.drains.values()].map((d) => d.stop()));
        this.drains.clear();
    }
    /** Lanes running now (for tests and health). */
    get lanes() {
        return [...this.drains.keys()];
    }
    async discoverLanes() {
        let queues;
        let listed = true;
        try {
            queues = [...new Set([...this.config.queues, ...(await this.store.queues())])];
        }
        catch (err) {
            queues = this.config.queues;
            listed = false;
            this.logger.warn(`history could not list queues, draining the configured ones: ${err.message}`);
        }
        const lanes = this.sources.lanes(queues);
        if (listed) {
            // a lane gone from the list (a partition forgotten after its queue's count was lowered: its
            // stream was read to the end before it was deleted) is stopped, not read again
            const wanted = new Set(lanes);
            for (const [lane, drain] of this.drains) {
                if (wanted.has(lane))
                    continue;
                this.drains.delete(lane);
                await drain.stop();
            }
        }
        for (const lane of lanes) {
            if (this.stopped || this.drains.has(lane))
                continue;
            const write = async (...[events, gaps]) => {
                const report = await this.writer.write(events, gaps);
                for (const r of report.rejected)
                    this.rejected.labels((0, job_id_1.queueOfJobId)(r.jobId) ?? lane).inc();
                return report;
            };
            const drain = new history_drain_1.HistoryDrain(this.sources.open(lane), write, {
                batchSize: this.config.historyBatch,
                coalesceMs: this.config.historyCoalesceMs,
                log: this.logger,
            });
            this.drains.set(lane, drain);
            drain.start();
        }
    }
};
exports.HistoryWriterService = HistoryWriterService;
exports.HistoryWriterService = HistoryWriterService = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(queue_1.JobStore)),
    __param(4, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [app_config_1.AppConfig, Object, queue_1.JobEventSources,
        history_database_1.HistoryDatabase,
        metrics_1.ClaimqMetrics])
], HistoryWriterService);
//# sourceMappingURL=history-writer.service.js.map