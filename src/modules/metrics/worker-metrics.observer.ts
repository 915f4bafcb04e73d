import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { ClaimedJob, Job } from '../../domain/job';
import type { WorkerObserver, WorkerSlots } from '../claim';
import { SettleOutcome } from '../queue';
import { ClaimqMetrics, METRIC_PREFIX } from './claimq-metrics';

/**
 * The worker runtime's hooks, counted. Pickup latency: claim time minus max(runAt, createdAt).
 * The slot metrics are read from the runtime at scrape time (WorkerSlots), so they cost nothing
 * per job; a process that runs no worker (MODE=api) exports them without samples.
 */
@Injectable()
export class WorkerMetricsObserver implements WorkerObserver {
  private slots: WorkerSlots | undefined;

  constructor(private readonly metrics: ClaimqMetrics) {
    const observer = this;
    const registers = [metrics.registry];
    const perQueue = (read: (slots: WorkerSlots, queue: string) => number) =>
      function collect(this: Gauge<'queue'> | Counter<'queue'>): void {
        this.reset();
        const slots = observer.slots;
        if (!slots) return;
        for (const queue of slots.queues) {
          const value = read(slots, queue);
          if (this instanceof Gauge) this.labels(queue).set(value);
          else this.labels(queue).inc(value);
        }
      };
    new Gauge({
      name: `${METRIC_PREFIX}worker_slots`,
      help: 'Job slots of this worker process per queue it claims from (WORKER_CONCURRENCY); sum over processes for the pool',
      labelNames: ['queue'],
      registers,
      collect: perQueue((slots) => slots.perQueue),
    });
    new Gauge({
      name: `${METRIC_PREFIX}worker_busy_slots`,
      help: 'Slots of this worker process running a job now, per queue',
      labelNames: ['queue'],
      registers,
      collect: perQueue((slots, queue) => slots.busy(queue)),
    });
    new Gauge({
      name: `${METRIC_PREFIX}worker_utilization_ratio`,
      help: 'Busy slots over slots of this worker process now, per queue (0 to 1); rate(claimq_worker_busy_slot_seconds_total) over claimq_worker_slots gives it over a window',
      labelNames: ['queue'],
      registers,
      collect: perQueue((slots, queue) => (slots.perQueue > 0 ? slots.busy(queue) / slots.perQueue : 0)),
    });
    new Counter({
      name: `${METRIC_PREFIX}worker_busy_slot_seconds_total`,
      help: 'Slot-seconds this worker process spent running jobs, per queue (exact: every change of the running count is added in)',
      labelNames: ['queue'],
      registers,
      collect: perQueue((slots, queue) => slots.busySlotSeconds(queue)),
    });
  }

  onStarted(slots: WorkerSlots): void {
    this.slots = slots;
  }

  onStopped(): void {
    this.slots = undefined;
  }

  onClaimed(jobs: readonly ClaimedJob[], now: number): void {
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i].job;
      const startedAt = job.startedAt ?? now;
      this.metrics.jobClaimed(job.queue, job.type, startedAt - Math.max(job.runAt, job.createdAt));
    }
  }

  onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void {
    this.metrics.jobSettled(job.queue, job.type, outcome, durationMs);
  }

  onEgressDenied(rule: string): void {
    this.metrics.egressDenied(rule);
  }
}
