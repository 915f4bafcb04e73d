import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { LabelledChildren } from './labelled-children';

export const METRIC_PREFIX = 'claimq_';

type CounterChild = ReturnType<Counter<'queue' | 'type'>['labels']>;
type HistogramChild = ReturnType<Histogram<'queue' | 'type'>['labels']>;

/** Seconds; jobs range from milliseconds to the 90 s+ of long http calls. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];
/** Seconds from runnable to started: milliseconds when workers are free, minutes under backlog. */
const PICKUP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The job counters and histograms of this process, on a registry of its own (one per app, so
 * several apps in one process, as in tests, do not collide). Labels (queue, type) are cached
 * (LabelledChildren): recording is a map lookup and an add.
 */
@Injectable()
export class ClaimqMetrics {
  readonly registry = new Registry();
  private readonly enqueued = this.counter('jobs_enqueued_total', 'Jobs added through the API (idempotent repeats not counted)');
  private readonly claimed = this.counter('jobs_claimed_total', 'Jobs claimed by this process');
  private readonly succeeded = this.counter('jobs_succeeded_total', 'Jobs this process completed');
  private readonly failed = this.counter('jobs_failed_total', 'Jobs this process moved to failed (attempts exhausted or not retryable)');
  private readonly retried = this.counter('jobs_retried_total', 'Attempts that failed on this process and were scheduled for a retry');
  private readonly cancelled = this.counter('jobs_cancelled_total', 'Running jobs this process ended as cancelled');
  private readonly stale = this.counter('jobs_stale_results_total', 'Results dropped because the lease had been lost (fencing token)');
  private readonly duration = this.histogram('job_duration_seconds', 'From claim to recorded result, per job', DURATION_BUCKETS);
  private readonly pickup = this.histogram('job_pickup_latency_seconds', 'From runnable (max of runAt, createdAt) to claimed', PICKUP_BUCKETS);

  private readonly scheduleFires = this.counter('schedule_fires_total', 'Schedule ticks that made a job, by the job\'s queue and type');
  private readonly scheduleSkips = this.counter('schedule_skips_total', 'Schedule ticks not fired because the previous run was still pending, scheduled or running (overlap skip)');
  private readonly scheduleMissed = this.counter('schedule_missed_ticks_total', 'Schedule ticks not fired because their time had passed when a scheduler got to them (catchUp)');
  private readonly scheduleLag = this.histogram('schedule_lag_seconds', 'From a tick\'s fire time to its job enqueued', PICKUP_BUCKETS);
  private readonly scheduleErrors = new Counter({
    name: `${METRIC_PREFIX}schedule_fire_errors_total`,
    help: 'Scheduler passes that failed (the schedules they held are fired again after SCHEDULER_LEASE_MS)',
    registers: [this.registry],
  });

  private readonly egressRefusals = new Counter({
    name: `${METRIC_PREFIX}http_egress_denied_total`,
    help: 'Connections of http jobs and callbacks refused by the egress policy, by rule (link-local, loopback, HTTP_EGRESS_DENY <cidr>, ...)',
    labelNames: ['rule'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    // Gauges named like counters (promtool check metrics: non-counter metrics should not have a
    // _total suffix); the same series by type remain, and sum() of them is the total.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
      this.registry.removeSingleMetric(METRIC_PREFIX + name);
    }
  }

  jobEnqueued(queue: string, type: string): void {
    this.enqueued.get(queue, type).inc();
  }

  /** `pickupMs`: claim time minus the time the job became runnable. */
  jobClaimed(queue: string, type: string, pickupMs: number): void {
    this.claimed.get(queue, type).inc();
    this.pickup.get(queue, type).observe(Math.max(0, pickupMs) / 1000);
  }

  jobSettled(queue: string, type: string, outcome: string, durationMs: number): void {
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
  scheduleFired(queue: string, type: string, lagMs: number): void {
    this.scheduleFires.get(queue, type).inc();
    this.scheduleLag.get(queue, type).observe(Math.max(0, lagMs) / 1000);
  }

  scheduleTicksSkipped(queue: string, type: string, skipped: number, missed: number): void {
    if (skipped > 0) this.scheduleSkips.get(queue, type).inc(skipped);
    if (missed > 0) this.scheduleMissed.get(queue, type).inc(missed);
  }

  scheduleFireFailed(): void {
    this.scheduleErrors.inc();
  }

  egressDenied(rule: string): void {
    this.egressRefusals.labels(rule).inc();
  }

  private counter(name: string, help: string): LabelledChildren<CounterChild> {
    const metric = new Counter({ name: METRIC_PREFIX + name, help, labelNames: ['queue', 'type'], registers: [this.registry] });
    return new LabelledChildren((queue, type) => metric.labels(queue, type));
  }

  private histogram(name: string, help: string, buckets: number[]): LabelledChildren<HistogramChild> {
    const metric = new Histogram({ name: METRIC_PREFIX + name, help, labelNames: ['queue', 'type'], buckets, registers: [this.registry] });
    return new LabelledChildren((queue, type) => metric.labels(queue, type));
  }
}
