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
exports.ReaperCollector = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const recovery_1 = require("../recovery");
const claimq_metrics_1 = require("./claimq-metrics");
/** Reaper totals by action label; the reaper reports counts per pass, not job types. */
const ACTIONS = {
    expired_requeued: 'expiredRequeued',
    expired_failed: 'expiredFailed',
    expired_cancelled: 'expiredCancelled',
    worker_lease_requeued: 'workerLeasesRequeued',
    worker_lease_failed: 'workerLeasesFailed',
    worker_lease_cancelled: 'workerLeasesCancelled',
    promoted: 'promoted',
    trimmed: 'trimmed',
    malformed: 'malformed',
    callback_enqueued: 'callbacksEnqueued',
};
/**
 * The reaper's counters (ReaperStats, kept by RecoveryModule), turned into Prometheus counters
 * at scrape time: each scrape adds what happened since the previous one.
 */
let ReaperCollector = class ReaperCollector {
    stats;
    seen;
    stepErrors;
    silent;
    lastDuration;
    reaped;
    constructor(metrics, stats) {
        this.stats = stats;
        const collector = this;
        const registers = [metrics.registry];
        // Registered first, and the collect of all: prom-client reads metrics in registration order.
        new prom_client_1.Counter({
            name: `${claimq_metrics_1.METRIC_PREFIX}reaper_passes_total`,
            help: 'Reaper passes run by this instance',
            registers,
            collect() {
                collector.update(this);
            },
        });
        this.stepErrors = new prom_client_1.Counter({ name: `${claimq_metrics_1.METRIC_PREFIX}reaper_step_errors_total`, help: 'Reaper steps that failed (retried next pass)', registers });
        this.silent = new prom_client_1.Counter({ name: `${claimq_metrics_1.METRIC_PREFIX}reaper_silent_workers_total`, help: 'Silent workers found by the reaper', registers });
        this.lastDuration = new prom_client_1.Gauge({ name: `${claimq_metrics_1.METRIC_PREFIX}reaper_last_pass_seconds`, help: 'Duration of the last reaper pass', registers });
        this.reaped = new prom_client_1.Counter({
            name: `${claimq_metrics_1.METRIC_PREFIX}jobs_reaped_total`,
            help: 'Jobs the reaper acted on, by action (expired leases, silent workers, promotions, trims)',
            labelNames: ['action'],
            registers,
        });
    }
    update(passes) {
        const now = this.stats.totals;
        const before = this.seen;
        this.seen = now;
        const delta = (key) => now[key] - (before?.[key] ?? 0);
        passes.inc(delta('passes'));
        this.stepErrors.inc(delta('failedSteps'));
        this.silent.inc(delta('silentWorkers'));
        for (const [action, key] of Object.entries(ACTIONS))
            this.reaped.labels(action).inc(delta(key));
        const last = this.stats.lastPass;
        if (last)
            this.lastDuration.set(last.durationMs / 1000);
    }
};
exports.ReaperCollector = ReaperCollector;
exports.ReaperCollector = ReaperCollector = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics,
        recovery_1.ReaperStats])
], ReaperCollector);
//# sourceMappingURL=reaper.collector.js.map