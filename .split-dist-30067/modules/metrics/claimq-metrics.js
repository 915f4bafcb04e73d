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
exports.ClaimqMetrics = exports.METRIC_PREFIX = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const labelled_children_1 = require("./labelled-children");
exports.METRIC_PREFIX = 'claimq_';
/** Seconds; jobs range from milliseconds to the 90 s+ of long http calls. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];
/** Seconds from runnable to started: milliseconds when workers are free, minutes under backlog. */
const PICKUP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/**
 * The job counters and histograms of this process, on a registry of its own (one per app, so
 * several apps in one process, as in tests, do not collide). Labels (queue, type) are cached
 * (LabelledChildren): recording is a map lookup and an add.
 */
let ClaimqMetrics = class ClaimqMetrics {
    registry = new prom_client_1.Registry();
    enqueued = this.counter('jobs_enqueued_total', 'Jobs added through the API (idempotent repeats not counted)');
    claimed = this.counter('jobs_claimed_total', 'Jobs claimed by this process');
    succeeded = this.counter('jobs_succeeded_total', 'Jobs this process completed');
    failed = this.counter('jobs_failed_total', 'Jobs this process moved to failed (attempts exhausted or not retryable)');
    retried = this.counter('jobs_retried_total', 'Attempts that failed on this process and were scheduled for a retry');
    cancelled = this.counter('jobs_cancelled_total', 'Running jobs this process ended as cancelled');
    stale = this.counter('jobs_stale_results_total', 'Results dropped because the lease had been lost (fencing token)');
    duration = this.histogram('job_duration_seconds', 'From claim to recorded result, per job', DURATION_BUCKETS);
    pickup = this.histogram('job_pickup_latency_seconds', 'From runnable (max of runAt, createdAt) to claimed', PICKUP_BUCKETS);
    scheduleFires = this.counter('schedule_fires_total', 'Schedule ticks that made a job, by the job\'s queue and type');
    scheduleSkips = this.counter('schedule_skips_total', 'Schedule ticks not fired because the previous run was still pending, scheduled or running (overlap skip)');
    scheduleMissed = this.counter('schedule_missed_ticks_total', 'Schedule ticks not fired because their time had passed when a scheduler got to them (catchUp)');
    scheduleLag = this.histogram('schedule_lag_seconds', 'From a tick\'s fire time to its job enqueued', PICKUP_BUCKETS);
    scheduleErrors = new prom_client_1.Counter({
        name: `${exports.METRIC_PREFIX}schedule_fire_errors_total`,
        help: 'Scheduler passes that failed (the schedules they held are fired again after SCHEDULER_LEASE_MS)',
        registers: [this.registry],
    });
    egressRefusals = new prom_client_1.Counter({
        name: `${exports.METRIC_PREFIX}http_egress_denied_total`,
        help: 'Connections of http jobs and callbacks refused by the egress policy, by rule (link-local, loopback, HTTP_EGRESS_DENY <cidr>, ...)',
        labelNames: ['rule'],
        registers: [this.registry],
    });
    constructor() {
        (0, prom_client_1.collectDefaultMetrics)({ register: this.registry, prefix: exports.METRIC_PREFIX });
        // Gauges named like counters (promtool check metrics: non-counter metrics should not have a
        // _total suffix); the same series by type remain, and sum() of them is the total.
        for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
            this.registry.removeSingleMetric(exports.METRIC_PREFIX + name);
        }
    }
    jobEnqueued(queue, type) {
        this.enqueued.get(queue, type).inc();
    }
    /** `pickupMs`: claim time minus the time the job became runnable. */
    jobClaimed(queue, type, pickupMs) {
        this.claimed.get(queue, type).inc();
        this.pickup.get(queue, type).observe(Math.max(0, pickupMs) / 1000);
    }
    jobSettled(queue, type, outcome, durationMs) {
        switch (outcome) {
            case 'succeeded':
                this.succeeded.get(queue, type).inc();
                break;
            case 'failed':
                this.failed.get(queue, type).inc();
                break;
            case 'scheduled':
            case 'pending':
                this.retried.get(queue, type).inc();
                break;
            case 'cancelled':
                this.cancelled.get(queue, type).inc();
                break;
            case 'stale':
                this.stale.get(queue, type).inc();
                return;
        }
        this.duration.get(queue, type).observe(Math.max(0, durationMs) / 1000);
    }
    /** A tick fired: `lagMs` from its fire time to its job enqueued. */
    scheduleFired(queue, type, lagMs) {
        this.scheduleFires.get(queue, type).inc();
        this.scheduleLag.get(queue, type).observe(Math.max(0, lagMs) / 1000);
    }
    scheduleTicksSkipped(queue, type, skipped, missed) {
        if (skipped > 0)
            this.scheduleSkips.get(queue, type).inc(skipped);
        if (missed > 0)
            this.scheduleMissed.get(queue, type).inc(missed);
    }
    scheduleFireFailed() {
        this.scheduleErrors.inc();
    }
    egressDenied(rule) {
        this.egressRefusals.labels(rule).inc();
    }
    counter(name, help) {
        const metric = new prom_client_1.Counter({ name: exports.METRIC_PREFIX + name, help, labelNames: ['queue', 'type'], registers: [this.registry] });
        return new labelled_children_1.LabelledChildren((queue, type) => metric.labels(queue, type));
    }
    histogram(name, help, buckets) {
        const metric = new prom_client_1.Histogram({ name: exports.METRIC_PREFIX + name, help, labelNames: ['queue', 'type'], buckets, registers: [this.registry] });
        return new labelled_children_1.LabelledChildren((queue, type) => metric.labels(queue, type));
    }
};
exports.ClaimqMetrics = ClaimqMetrics;
exports.ClaimqMetrics = ClaimqMetrics = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [])
], ClaimqMetrics);
//# sourceMappingURL=claimq-metrics.js.map