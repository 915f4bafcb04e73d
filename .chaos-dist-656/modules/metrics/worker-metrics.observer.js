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
exports.WorkerMetricsObserver = void 0;
const common_1 = require("@nestjs/common");
const claimq_metrics_1 = require("./claimq-metrics");
/** The worker runtime's hooks, counted. Pickup latency: claim time minus max(runAt, createdAt). */
let WorkerMetricsObserver = class WorkerMetricsObserver {
    metrics;
    constructor(metrics) {
        this.metrics = metrics;
    }
    onClaimed(jobs, now) {
        for (let i = 0; i < jobs.length; i++) {
            const job = jobs[i].job;
            const startedAt = job.startedAt ?? now;
            this.metrics.jobClaimed(job.queue, job.type, startedAt - Math.max(job.runAt, job.createdAt));
        }
    }
    onSettled(job, outcome, durationMs) {
        this.metrics.jobSettled(job.queue, job.type, outcome, durationMs);
    }
};
exports.WorkerMetricsObserver = WorkerMetricsObserver;
exports.WorkerMetricsObserver = WorkerMetricsObserver = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics])
], WorkerMetricsObserver);
//# sourceMappingURL=worker-metrics.observer.js.map