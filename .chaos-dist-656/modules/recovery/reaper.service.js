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
var ReaperService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReaperService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const callback_enqueuer_1 = require("../queue/callback-enqueuer");
const job_store_1 = require("../queue/job-store");
const store_errors_1 = require("../queue/store-errors");
const queue_reap_report_1 = require("./queue-reap-report");
const reaper_stats_1 = require("./reaper-stats");
/**
 * The reaper: returns the work of dead or stuck workers and keeps the indexes tidy. Runs on every
 * instance; every step is one atomic store call over a bounded batch, so concurrent passes on
 * several instances never hand out a job twice, and one pass never blocks Redis for long.
 * A pass does at most MAX_ROUNDS batches per concern and per queue; the rest waits for the next.
 *
 * Concerns: expired leases (a lease also runs out at the job's hard time limit, timeoutMs + grace,
 * which the store enforces at claim and heartbeat, so hung jobs end here too), leases of silent
 * workers, due scheduled jobs, finished jobs past retention, execution refreshes whose instance died. Each is tried on its own: one that
 * throws is logged and counted, and the others still run. Jobs the pass fails get their callback.
 */
let ReaperService = class ReaperService {
    static { ReaperService_1 = this; }
    store;
    config;
    stats;
    clock;
    static MAX_ROUNDS = 10;
    logger = new common_1.Logger(ReaperService_1.name);
    callbacks;
    /**
     * Since when this instance has reached the store without interruption. After an outage every
     * worker looks silent (none could heartbeat), so silent workers are reaped only once the store
     * has been reachable for WORKER_DEAD_MS: live workers get a full window to check in again.
     */
    reachableSince;
    constructor(store, config, stats, clock = clock_1.systemClock) {
        this.store = store;
        this.config = config;
        this.stats = stats;
        this.clock = clock;
        this.callbacks = new callback_enqueuer_1.CallbackEnqueuer(store, clock, config.maxPayloadBytes, this.logger);
    }
    async runPass() {
        const startedAt = this.clock.now();
        const reports = [];
        let queues;
        try {
            queues = await this.store.queues();
            this.reachableSince ??= startedAt;
        }
        catch (err) {
            // Redis down: nothing to do until it returns; the next pass tries again.
            this.reachableSince = undefined;
            const report = (0, queue_reap_report_1.emptyReport)('*');
            report.errors.push(`queues: ${(0, store_errors_1.errorText)(err)}`);
            reports.push(report);
            queues = [];
        }
        for (const queue of queues)
            reports.push(await this.reapQueue(queue));
        const durationMs = this.clock.now() - startedAt;
        this.stats.record({ startedAt, durationMs, reports });
        this.logPass(reports, durationMs);
        return reports;
    }
    async reapQueue(queue) {
        const batch = this.config.reaperBatch;
        const report = (0, queue_reap_report_1.emptyReport)(queue);
        await this.step(report, 'expired leases', () => this.rounds(async () => {
            const result = await this.store.reapExpired(queue, batch);
            report.expiredRequeued += result.requeued.length;
            report.expiredFailed += result.failed.length;
            this.noteMalformed(report, 'lease', result);
            report.failedIds.push(...result.failed);
            return size(result) >= batch;
        }));
        await this.step(report, 'silent workers', async () => {
            if (!this.workersHadTimeToCheckIn())
                return;
            const silent = await this.store.silentWorkers(queue, this.config.workerDeadMs, batch);
            report.silentWorkers = silent.length;
            if (silent.length === 0)
                return;
            this.logger.warn(`workers silent for more than ${this.config.workerDeadMs}ms in ${queue}: ${silent.join(', ')}`);
            await this.rounds(async () => {
                const result = await this.store.reapWorkers(queue, silent, batch);
                report.workerLeasesRequeued += result.requeued.length;
                report.workerLeasesFailed += result.failed.length;
                this.noteMalformed(report, 'worker entry', result);
                report.failedIds.push(...result.failed);
                return size(result) >= batch;
            });
        });
        await this.step(report, 'promote', () => this.rounds(async () => {
            const promoted = await this.store.promoteDue(queue, batch);
            report.promoted += promoted;
            return promoted >= batch;
        }));
        const retention = {
            succeededMs: this.config.succeededRetentionMs,
            failedMs: this.config.failedRetentionMs,
            cancelledMs: this.config.failedRetentionMs,
        };
        await this.step(report, 'trim', () => this.rounds(async () => {
            const trimmed = await this.store.trimFinished(queue, retention, batch);
            report.trimmed += trimmed;
            return trimmed >= batch;
        }));
        // An instance that died mid-refresh left its claimed executions in flight: make them dirty again.
        await this.step(report, 'stale refreshes', () => this.rounds(async () => {
            const requeued = await this.store.requeueStaleRefresh(queue, this.config.refreshStaleMs, batch);
            report.refreshRequeued += requeued;
            return requeued >= batch;
        }));
        if (report.failedIds.length > 0) {
            const sent = await Promise.all(report.failedIds.map((id) => this.callbacks.send(id)));
            report.callbacksEnqueued = sent.filter(Boolean).length;
        }
        return report;
    }
    /** Waits for callbacks still being enqueued (shutdown). */
    drain() {
        return this.callbacks.drain();
    }
    workersHadTimeToCheckIn() {
        return this.reachableSince !== undefined && this.clock.now() - this.reachableSince >= this.config.workerDeadMs;
    }
    /** One concern; its failure is recorded and logged, and the pass goes on. */
    async step(report, name, work) {
        try {
            await work();
        }
        catch (err) {
            if ((0, store_errors_1.isTransientStoreError)(err))
                this.reachableSince = undefined;
            report.errors.push(`${name}: ${(0, store_errors_1.errorText)(err)}`);
        }
    }
    noteMalformed(report, what, result) {
        const ids = result.malformed ?? [];
        if (ids.length === 0)
            return;
        report.malformed += ids.length;
        this.logger.warn(`queue ${report.queue}: ${ids.length} broken ${what} record(s) moved aside: ${ids.slice(0, 20).join(', ')}`);
    }
    /** Runs `step` until it says it is done, at most MAX_ROUNDS times. */
    async rounds(step) {
        for (let round = 0; round < ReaperService_1.MAX_ROUNDS; round++) {
            if (!(await step()))
                return;
        }
    }
    /** One line per pass: info when it did something, a warning when a step failed, debug otherwise. */
    logPass(reports, durationMs) {
        const busy = reports.filter(queue_reap_report_1.hasWork).map(({ failedIds: _ids, ...counts }) => counts);
        const errors = reports.flatMap((r) => r.errors.map((e) => `${r.queue}: ${e}`));
        const line = { msg: 'reaper pass', durationMs, queues: reports.length, busy };
        if (errors.length > 0)
            this.logger.warn({ ...line, errors });
        else if (busy.length > 0)
            this.logger.log(line);
        else
            this.logger.debug(line);
    }
};
exports.ReaperService = ReaperService;
exports.ReaperService = ReaperService = ReaperService_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [job_store_1.JobStore,
        app_config_1.AppConfig,
        reaper_stats_1.ReaperStats, Object])
], ReaperService);
function size(result) {
    return result.requeued.length + result.failed.length + (result.malformed?.length ?? 0);
}
//# sourceMappingURL=reaper.service.js.map