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
const prom_client_1 = require("prom-client");
const claimq_metrics_1 = require("./claimq-metrics");
/**
 * The worker runtime's hooks, counted. Pickup latency: claim time minus max(runAt, createdAt).
 * The slot metrics are read from the runtime at scrape time (WorkerSlots), so they cost nothing
 * per job; a process that runs no worker (MODE=api) exports them without samples.
 */
let WorkerMetricsObserver = class WorkerMetricsObserver {
    metrics;
    slots;
    constructor(metrics) {
        this.metrics = metrics;
        const observer = this;
        const registers = [metrics.registry];
        const perQueue = (read) => function collect() {
            this.reset();
            const slots = observer.slots;
            if (!slots)
                return;
            for (const queue of slots.queues) {
                const value = read(slots, queue);
                if (this instanceof prom_client_1.Gauge)
                    this.labels(queue).set(value);
                else
                    this.labels(queue).inc(value);
            }
        };
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}worker_slots`,
            help: 'Job slots of this worker process per queue it claims from (WORKER_CONCURRENCY); sum over processes for the pool',
            labelNames: ['queue'],
            registers,
            collect: perQueue((slots) => slots.perQueue),
        });
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}worker_busy_slots`,
            help: 'Slots of this worker process running a job now, per queue',
            labelNames: ['queue'],
            registers,
            collect: perQueue((slots, queue) => slots.busy(queue)),
        });
        new prom_client_1.Gauge({
            name: `${claimq_metrics_1.METRIC_PREFIX}worker_utilization_ratio`,
            help: 'Busy slots over slots of this worker process now, per queue (0 to 1); rate(claimq_worker_busy_slot_seconds_total) over claimq_worker_slots gives it over a window',
            labelNames: ['queue'],
            registers,
            collect: perQueue((slots, queue) => (slots.perQueue > 0 ? slots.busy(queue) / slots.perQueue : 0)),
        });
        new prom_client_1.Counter({
            name: `${claimq_metrics_1.METRIC_PREFIX}worker_busy_slot_seconds_total`,
            help: 'Slot-seconds this worker process spent running jobs, per queue (exact: every change of the running count is added in)',
            labelNames: ['queue'],
            registers,
            collect: perQueue((slots, queue) => slots.busySlotSeconds(queue)),
        });
    }
    onStarted(slots) {
        this.slots = slots;
    }
    onStopped() {
        this.slots = undefined;
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
    onEgressDenied(rule) {
        this.metrics.egressDenied(rule);
    }
};
exports.WorkerMetricsObserver = WorkerMetricsObserver;
exports.WorkerMetricsObserver = WorkerMetricsObserver = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [claimq_metrics_1.ClaimqMetrics])
], WorkerMetricsObserver);
//# sourceMappingURL=worker-metrics.observer.js.map