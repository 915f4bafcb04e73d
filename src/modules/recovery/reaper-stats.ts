import { Injectable } from '@nestjs/common';
import { QueueReapReport } from './queue-reap-report';

/** Counters a metrics module reads: totals since start, and the last pass. */
export interface ReaperTotals {
  passes: number;
  /** Queue passes that threw (Redis down, a script error); the next pass tries again. */
  failedSteps: number;
  expiredRequeued: number;
  expiredFailed: number;
  expiredCancelled: number;
  silentWorkers: number;
  workerLeasesRequeued: number;
  workerLeasesFailed: number;
  workerLeasesCancelled: number;
  malformed: number;
  promoted: number;
  trimmed: number;
  executionsTrimmed: number;
  refreshRequeued: number;
  callbacksEnqueued: number;
}

export interface ReaperPass {
  startedAt: number;
  durationMs: number;
  reports: QueueReapReport[];
}

const COUNTED = [
  'expiredRequeued',
  'expiredFailed',
  'expiredCancelled',
  'silentWorkers',
  'workerLeasesRequeued',
  'workerLeasesFailed',
  'workerLeasesCancelled',
  'malformed',
  'promoted',
  'trimmed',
  'executionsTrimmed',
  'refreshRequeued',
  'callbacksEnqueued',
] as const;

/** What the reaper has done in this process. Plain counters; no metrics library here. */
@Injectable()
export class ReaperStats {
  private readonly sums: ReaperTotals = {
    passes: 0,
    failedSteps: 0,
    expiredRequeued: 0,
    expiredFailed: 0,
    expiredCancelled: 0,
    silentWorkers: 0,
    workerLeasesRequeued: 0,
    workerLeasesFailed: 0,
    workerLeasesCancelled: 0,
    malformed: 0,
    promoted: 0,
    trimmed: 0,
    executionsTrimmed: 0,
    refreshRequeued: 0,
    callbacksEnqueued: 0,
  };
  private last: ReaperPass | undefined;

  record(pass: ReaperPass): void {
    this.last = pass;
    this.sums.passes++;
    for (const report of pass.reports) {
      this.sums.failedSteps += report.errors.length;
      for (const key of COUNTED) this.sums[key] += report[key];
    }
  }

  get totals(): Readonly<ReaperTotals> {
    return { ...this.sums };
  }

  get lastPass(): ReaperPass | undefined {
    return this.last;
  }
}
