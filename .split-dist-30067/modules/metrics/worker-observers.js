"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkerObservers = void 0;
/** The one WORKER_OBSERVER: the Prometheus counters and the dashboard's stats, each told in turn. */
class WorkerObservers {
    metrics;
    stats;
    constructor(metrics, stats) {
        this.metrics = metrics;
        this.stats = stats;
    }
    onClaimed(jobs, now) {
        this.metrics.onClaimed(jobs, now);
        this.stats.onClaimed(jobs, now);
    }
    onSettled(job, outcome, durationMs) {
        this.metrics.onSettled(job, outcome, durationMs);
        this.stats.onSettled(job, outcome, durationMs);
    }
    onEgressDenied(rule) {
        this.metrics.onEgressDenied(rule);
    }
    onStarted(slots) {
        this.metrics.onStarted(slots);
    }
    onStopped() {
        this.metrics.onStopped();
    }
}
exports.WorkerObservers = WorkerObservers;
//# sourceMappingURL=worker-observers.js.map