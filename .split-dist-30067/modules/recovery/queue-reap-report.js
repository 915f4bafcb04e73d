"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.REAP_COUNTERS = void 0;
exports.zeroCounters = zeroCounters;
exports.emptyReport = emptyReport;
exports.hasWork = hasWork;
/**
 * The counters of a reaper pass, named once: the per-queue report, the running totals and the
 * metrics all derive their fields from this list.
 */
exports.REAP_COUNTERS = [
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
];
function zeroCounters() {
    return Object.fromEntries(exports.REAP_COUNTERS.map((key) => [key, 0]));
}
function emptyReport(queue) {
    return { queue, ...zeroCounters(), failedIds: [], errors: [] };
}
function hasWork(r) {
    return exports.REAP_COUNTERS.some((key) => key !== 'callbacksEnqueued' && r[key] > 0) || r.errors.length > 0;
}
//# sourceMappingURL=queue-reap-report.js.map