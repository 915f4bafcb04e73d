import { ClaimedJob, Job } from '../../domain/job';
import type { WorkerObserver, WorkerSlots } from '../claim';
import { SettleOutcome } from '../queue';
import { QueueStatsObserver } from './queue-stats.observer';
import { WorkerMetricsObserver } from './worker-metrics.observer';

/** The one WORKER_OBSERVER: the Prometheus counters and the dashboard's stats, each told in turn. */
export class WorkerObservers implements WorkerObserver {
  constructor(
    private readonly metrics: WorkerMetricsObserver,
    private readonly stats: QueueStatsObserver,
  ) {}

  onClaimed(jobs: readonly ClaimedJob[], now: number): void {
    this.metrics.onClaimed(jobs, now);
    this.stats.onClaimed(jobs, now);
  }

  onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void {
    this.metrics.onSettled(job, outcome, durationMs);
    this.stats.onSettled(job, outcome, durationMs);
  }

  onEgressDenied(rule: string): void {
    this.metrics.onEgressDenied(rule);
  }

  onStarted(slots: WorkerSlots): void {
    this.metrics.onStarted(slots);
  }

  onStopped(): void {
    this.metrics.onStopped();
  }
}
