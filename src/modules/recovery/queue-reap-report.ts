/** What one reaper pass did in one queue. */
export interface QueueReapReport {
  queue: string;
  expiredRequeued: number;
  expiredFailed: number;
  /** expired leases of jobs whose cancel was asked: ended cancelled */
  expiredCancelled: number;
  silentWorkers: number;
  workerLeasesRequeued: number;
  workerLeasesFailed: number;
  /** leases of silent workers on jobs whose cancel was asked: ended cancelled */
  workerLeasesCancelled: number;
  /** broken records moved aside (see ReapResult.malformed) */
  malformed: number;
  promoted: number;
  trimmed: number;
  /** executions acknowledged final more than EXECUTION_RETENTION_MS ago, deleted from the store */
  executionsTrimmed: number;
  /** execution refreshes in flight past REFRESH_STALE_MS, returned to the refresh set */
  refreshRequeued: number;
  /** callbacks enqueued for the jobs this pass failed or cancelled */
  callbacksEnqueued: number;
  /** ids of jobs the pass moved to failed or cancelled (each gets its callback) */
  failedIds: string[];
  /** steps that threw, as "step: message"; the other steps still ran */
  errors: string[];
}

export function emptyReport(queue: string): QueueReapReport {
  return {
    queue,
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
    failedIds: [],
    errors: [],
  };
}

export function hasWork(r: QueueReapReport): boolean {
  const reaped = r.expiredRequeued + r.expiredFailed + r.expiredCancelled + r.workerLeasesRequeued + r.workerLeasesFailed + r.workerLeasesCancelled;
  return reaped + r.silentWorkers + r.malformed + r.promoted + r.trimmed + r.executionsTrimmed + r.refreshRequeued > 0 || r.errors.length > 0;
}
