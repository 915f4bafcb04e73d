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
var ExecutionRefreshService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionRefreshService = void 0;
const common_1 = require("@nestjs/common");
const execution_refresh_metrics_1 = require("./execution-refresh.metrics");
const execution_refresher_1 = require("./execution-refresher");
/**
 * Runs the refresh on this instance: for each queue, batches until the refresh set is drained or
 * MAX_ROUNDS batches were done. Every instance runs it; the claim splits the work between them,
 * so no execution is refreshed twice for one change and nothing is scanned.
 */
let ExecutionRefreshService = class ExecutionRefreshService {
    static { ExecutionRefreshService_1 = this; }
    store;
    refresher;
    metrics;
    batch;
    static MAX_ROUNDS = 20;
    /** The queue list is re-read this often, not every pass: an idle instance stays cheap. */
    static QUEUE_LIST_TTL_MS = 10_000;
    logger = new common_1.Logger(ExecutionRefreshService_1.name);
    knownQueues = [];
    queuesReadAt = Number.NEGATIVE_INFINITY;
    constructor(store, refresher, metrics, batch) {
        this.store = store;
        this.refresher = refresher;
        this.metrics = metrics;
        this.batch = batch;
    }
    /** Returns how many executions were refreshed. Errors are logged per queue; the next pass retries. */
    async runPass() {
        let refreshed = 0;
        for (const queue of await this.queues()) {
            try {
                refreshed += await this.refreshQueue(queue);
            }
            catch (err) {
                this.logger.warn(`refresh of queue ${queue} failed (retried after REFRESH_STALE_MS): ${err.message}`);
            }
        }
        return refreshed;
    }
    async queues() {
        if (performance.now() - this.queuesReadAt < ExecutionRefreshService_1.QUEUE_LIST_TTL_MS)
            return this.knownQueues;
        try {
            this.knownQueues = await this.store.queues();
            this.queuesReadAt = performance.now();
        }
        catch (err) {
            this.logger.warn(`refresh could not list queues: ${err.message}`);
        }
        return this.knownQueues;
    }
    async refreshQueue(queue) {
        let refreshed = 0;
        for (let round = 0; round < ExecutionRefreshService_1.MAX_ROUNDS; round++) {
            const started = performance.now();
            const executions = await this.refresher.refreshBatch(queue);
            if (executions.length === 0)
                break;
            this.metrics.batch(queue, executions.length, (performance.now() - started) / 1000);
            refreshed += executions.length;
            if (executions.length < this.batch)
                break;
        }
        return refreshed;
    }
};
exports.ExecutionRefreshService = ExecutionRefreshService;
exports.ExecutionRefreshService = ExecutionRefreshService = ExecutionRefreshService_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [Object, execution_refresher_1.ExecutionRefresher,
        execution_refresh_metrics_1.ExecutionRefreshMetrics, Number])
], ExecutionRefreshService);
//# sourceMappingURL=execution-refresh.service.js.map