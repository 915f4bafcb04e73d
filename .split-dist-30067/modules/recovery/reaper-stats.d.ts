import { QueueReapReport, ReapCounter } from './queue-reap-report';
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
export declare class ReaperStats {
    private readonly sums;
    private last;
    record(pass: ReaperPass): void;
    get totals(): Readonly<ReaperTotals>;
    get lastPass(): ReaperPass | undefined;
}
