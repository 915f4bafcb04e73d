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
exports.QueueStatsFlusher = exports.QUEUE_STATS_FLUSH_MS = exports.QUEUE_STATS_FLUSH_INTERVAL = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const queue_1 = require("../queue");
const queue_stats_observer_1 = require("./queue-stats.observer");
exports.QUEUE_STATS_FLUSH_INTERVAL = 'claimq.queue-stats-flush';
/** How often this process writes its stats deltas: one pipelined write per queue that had any. */
exports.QUEUE_STATS_FLUSH_MS = 2_000;
/**
 * Writes what QueueStatsObserver gathered to the store every QUEUE_STATS_FLUSH_MS (one timer per
 * process, never per job), and once more when the workers have drained. A flush the store refuses
 * is given back and goes with the next one. A flush still running when the next is due is not
 * doubled.
 */
let QueueStatsFlusher = class QueueStatsFlusher {
    schedulerRegistry;
    observer;
    store;
    logger = new common_1.Logger('QueueStats');
    inFlight;
    constructor(schedulerRegistry, observer, store) {
        this.schedulerRegistry = schedulerRegistry;
        this.observer = observer;
        this.store = store;
    }
    onApplicationBootstrap() {
        const interval = setInterval(() => void this.flush(), exports.QUEUE_STATS_FLUSH_MS);
        interval.unref();
        this.schedulerRegistry.addInterval(exports.QUEUE_STATS_FLUSH_INTERVAL, interval);
    }
    /**
     * The last write. Nest calls ClaimModule's beforeApplicationShutdown (WorkerLifecycleService's
     * drain) before this module's in claimq's module tree, so it takes the drain's results too; the
     * store closes later, in onApplicationShutdown.
     */
    async beforeApplicationShutdown() {
        await this.flush();
    }
    onApplicationShutdown() {
        if (this.schedulerRegistry.doesExist('interval', exports.QUEUE_STATS_FLUSH_INTERVAL))
            this.schedulerRegistry.deleteInterval(exports.QUEUE_STATS_FLUSH_INTERVAL);
    }
    /** Writes the deltas gathered so far. */
    flush() {
        this.inFlight ??= this.write().finally(() => (this.inFlight = undefined));
        return this.inFlight;
    }
    async write() {
        const deltas = this.observer.take();
        await Promise.all([...deltas].map(async ([queue, delta]) => {
            try {
                await this.store.stats.record(queue, delta);
            }
            catch (error) {
                this.observer.giveBack(queue, delta);
                this.logger.warn({ msg: 'dashboard stats not written, kept for the next flush', queue, error: (0, queue_1.errorText)(error) });
            }
        }));
    }
};
exports.QueueStatsFlusher = QueueStatsFlusher;
exports.QueueStatsFlusher = QueueStatsFlusher = __decorate([
    (0, common_1.Injectable)(),
    __param(2, (0, common_1.Inject)(queue_1.JobStore)),
    __metadata("design:paramtypes", [schedule_1.SchedulerRegistry,
        queue_stats_observer_1.QueueStatsObserver, Object])
], QueueStatsFlusher);
//# sourceMappingURL=queue-stats.flusher.js.map