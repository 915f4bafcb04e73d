import { Injectable } from '@nestjs/common';
import { ClaimedJob, Job } from '../../domain/job';
import type { WorkerObserver } from '../claim';
import { SettleOutcome } from '../queue';
import { ClaimqMetrics } from './claimq-metrics';

/** The worker runtime's hooks, counted. Pickup latency: claim time minus max(runAt, createdAt). */
@Injectable()
export class WorkerMetricsObserver implements WorkerObserver {
  constructor(private readonly metrics: ClaimqMetrics) {}

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
