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
exports.HistoryWriterService = exports.LANE_DISCOVERY_MS = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const job_store_1 = require("../queue/job-store");
const job_event_sources_1 = require("./events/job-event-sources");
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
    timer;
    stopped = false;
    constructor(config, store, sources, database) {
        this.config = config;
        this.store = store;
        this.sources = sources;
        this.writer = new history_batch_writer_1.HistoryBatchWriter(() => database.dataSource());
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
        try {
            queues = [...new Set([...this.config.queues, ...(await this.store.queues())])];
        }
        catch (err) {
            queues = this.config.queues;
            this.logger.warn(`history could not list queues, draining the configured ones: ${err.message}`);
        }
        for (const lane of this.sources.lanes(queues)) {
            if (this.stopped || this.drains.has(lane))
                continue;
            const drain = new history_drain_1.HistoryDrain(this.sources.open(lane), (events) => this.writer.write(events), {
                batchSize: this.config.historyBatch,
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
    __metadata("design:paramtypes", [app_config_1.AppConfig,
        job_store_1.JobStore,
        job_event_sources_1.JobEventSources,
        history_database_1.HistoryDatabase])
], HistoryWriterService);
//# sourceMappingURL=history-writer.service.js.map