import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JobStore, ReapResult } from '../queue/job-store';

/** What one reaper pass did in one queue. */
export interface QueueReapReport {
  queue: string;
  expiredRequeued: number;
  expiredFailed: number;
  silentWorkers: number;
  workerLeasesRequeued: number;
  workerLeasesFailed: number;
  promoted: number;
  trimmed: number;
  /** ids of jobs the pass moved to failed (their callbacks are due) */
  failedIds: string[];
}

/**
 * The reaper: returns the work of dead or stuck workers and keeps the indexes tidy. Runs on every
 * instance; every step is one atomic store call over a bounded batch, so concurrent passes on
 * several instances never hand out a job twice, and one pass never blocks Redis for long.
 * A pass does at most MAX_ROUNDS batches per concern and per queue; the rest waits for the next.
 */
@Injectable()
export class ReaperService {
  static readonly MAX_ROUNDS = 10;
  private readonly logger = new Logger(ReaperService.name);

  constructor(
    private readonly store: JobStore,
    private readonly config: AppConfig,
  ) {}

  async runPass(): Promise<QueueReapReport[]> {
    const reports: QueueReapReport[] = [];
    for (const queue of await this.store.queues()) {
      try {
        const report = await this.reapQueue(queue);
        reports.push(report);
        if (hasWork(report)) this.logger.log({ msg: 'reaper pass', ...report, failedIds: undefined });
      } catch (err) {
        // One queue's trouble (Redis down, a bad record the store could not handle) must not stop
        // the pass for the others; the next pass tries again.
        this.logger.warn(`reaper pass for queue ${queue} failed: ${(err as Error).message}`);
      }
    }
    return reports;
  }

  async reapQueue(queue: string): Promise<QueueReapReport> {
    const batch = this.config.reaperBatch;
    const report: QueueReapReport = {
      queue,
      expiredRequeued: 0,
      expiredFailed: 0,
      silentWorkers: 0,
      workerLeasesRequeued: 0,
      workerLeasesFailed: 0,
      promoted: 0,
      trimmed: 0,
      failedIds: [],
    };

    await this.rounds(async () => {
      const result = await this.store.reapExpired(queue, batch);
      report.expiredRequeued += result.requeued.length;
      report.expiredFailed += result.failed.length;
      report.failedIds.push(...result.failed);
      return size(result) >= batch;
    });

    const silent = await this.store.silentWorkers(queue, this.config.workerDeadMs, batch);
    report.silentWorkers = silent.length;
    if (silent.length > 0) {
      this.logger.warn(`workers silent for more than ${this.config.workerDeadMs}ms in ${queue}: ${silent.join(', ')}`);
      await this.rounds(async () => {
        const result = await this.store.reapWorkers(queue, silent, batch);
        report.workerLeasesRequeued += result.requeued.length;
        report.workerLeasesFailed += result.failed.length;
        report.failedIds.push(...result.failed);
        return size(result) >= batch;
      });
    }

    await this.rounds(async () => {
      const promoted = await this.store.promoteDue(queue, batch);
      report.promoted += promoted;
      return promoted >= batch;
    });

    const retention = {
      succeededMs: this.config.succeededRetentionMs,
      failedMs: this.config.failedRetentionMs,
      cancelledMs: this.config.failedRetentionMs,
    };
    await this.rounds(async () => {
      const trimmed = await this.store.trimFinished(queue, retention, batch);
      report.trimmed += trimmed;
      return trimmed >= batch;
    });
    return report;
  }

  /** Runs `step` until it says it is done, at most MAX_ROUNDS times. */
  private async rounds(step: () => Promise<boolean>): Promise<void> {
    for (let round = 0; round < ReaperService.MAX_ROUNDS; round++) {
      if (!(await step())) return;
    }
  }
}

function size(result: ReapResult): number {
  return result.requeued.length + result.failed.length;
}

function hasWork(r: QueueReapReport): boolean {
  return r.expiredRequeued + r.expiredFailed + r.silentWorkers + r.promoted + r.trimmed > 0;
}
