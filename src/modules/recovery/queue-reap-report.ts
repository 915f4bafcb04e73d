/**
 * The counters of a reaper pass, named once: the per-queue report, the running totals and the
 * metrics all derive their fields from this list.
 */
export const REAP_COUNTERS = [
  'expiredRequeued',
  'expiredFailed',
  /** expired leases of jobs whose cancel was asked: ended cancelled */
  'expiredCancelled',
  'silentWorkers',
  'workerLeasesRequeued',
  'workerLeasesFailed',
  /** leases of silent workers on jobs whose cancel was asked: ended cancelled */
  'workerLeasesCancelled',
  /** broken records moved aside (see ReapResult.malformed) */
  'malformed',
  'promoted',
  'trimmed',
  /** executions acknowledged final more than EXECUTION_RETENTION_MS ago, deleted from the store */
  'executionsTrimmed',
  /** execution refreshes in flight past REFRESH_STALE_MS, returned to the refresh set */
  'refreshRequeued',
  /** callbacks enqueued for the jobs this pass failed or cancelled */
  'callbacksEnqueued',
  /** events dropped unread from the history backlog past HISTORY_BACKLOG_MAX_MB (each in a gap record) */
  'historyEventsDropped',
] as const;

export type ReapCounter = (typeof REAP_COUNTERS)[number];

/** What one reaper pass did in one queue. */
export type QueueReapReport = Record<ReapCounter, number> & {
  queue: string;
  /** ids of jobs the pass moved to failed or cancelled (each gets its callback) */
  failedIds: string[];
  /** steps that threw, as "step: message"; the other steps still ran */
  errors: string[];
};

export function zeroCounters(): Record<ReapCounter, number> {
  return Object.fromEntries(REAP_COUNTERS.map((key) => [key, 0])) as Record<ReapCounter, number>;
}

export function emptyReport(queue: string): QueueReapReport {
  return { queue, ...zeroCounters(), failedIds: [], errors: [] };
}

export function hasWork(r: QueueReapReport): boolean {
  return REAP_COUNTERS.some((key) => key !== 'callbacksEnqueued' && r[key] > 0) || r.errors.length > 0;
}
