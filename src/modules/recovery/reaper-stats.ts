import { Injectable } from '@nestjs/common';
import { QueueReapReport, REAP_COUNTERS, ReapCounter, zeroCounters } from './queue-reap-report';

/** Counters a metrics module reads: totals since start. */
export type ReaperTotals = Record<ReapCounter, number> & {
  passes: number;
  /** Queue passes that threw (Redis down, a script error); the next pass tries again. */
  failedSteps: number;
};

export interface ReaperPass {
  startedAt: number;
  durationMs: number;
  reports: QueueReapReport[];
}

/** What the reaper has done in this process. Plain counters; no metrics library here. */
@Injectable()
export class ReaperStats {
  private readonly sums: ReaperTotals = { passes: 0, failedSteps: 0, ...zeroCounters() };
  private last: ReaperPass | undefined;

  record(pass: ReaperPass): void {
    this.last = pass;
    this.sums.passes++;
    for (const report of pass.reports) {
      this.sums.failedSteps += report.errors.length;
      for (const key of REAP_COUNTERS) this.sums[key] += report[key];
    }
  }

  get totals(): Readonly<ReaperTotals> {
    return { ...this.sums };
  }

  get lastPass(): ReaperPass | undefined {
    return this.last;
  }
}
