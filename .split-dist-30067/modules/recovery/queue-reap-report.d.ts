/**
 * The counters of a reaper pass, named once: the per-queue report, the running totals and the
 * metrics all derive their fields from this list.
 */
export declare const REAP_COUNTERS: readonly ["expiredRequeued", "expiredFailed", "expiredCancelled", "silentWorkers", "workerLeasesRequeued", "workerLeasesFailed", "workerLeasesCancelled", "malformed", "promoted", "trimmed", "executionsTrimmed", "refreshRequeued", "callbacksEnqueued", "historyEventsDropped"];
export type ReapCounter = (typeof REAP_COUNTERS)[number];
/** What one reaper pass did in one queue. */
export type QueueReapReport = Record<ReapCounter, number> & {
    queue: string;
    /** ids of jobs the pass moved to failed or cancelled (each gets its callback) */
    failedIds: string[];
    /** steps that threw, as "step: message"; the other steps still ran */
    errors: string[];
};
export declare function zeroCounters(): Record<ReapCounter, number>;
export declare function emptyReport(queue: string): QueueReapReport;
export declare function hasWork(r: QueueReapReport): boolean;
