"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.emptyReport = emptyReport;
exports.hasWork = hasWork;
function emptyReport(queue) {
    return {
        queue,
        expiredRequeued: 0,
        expiredFailed: 0,
        silentWorkers: 0,
        workerLeasesRequeued: 0,
        workerLeasesFailed: 0,
        malformed: 0,
        promoted: 0,
        trimmed: 0,
        refreshRequeued: 0,
        callbacksEnqueued: 0,
        failedIds: [],
        errors: [],
    };
}
function hasWork(r) {
    return (r.expiredRequeued + r.expiredFailed + r.silentWorkers + r.workerLeasesRequeued + r.workerLeasesFailed + r.malformed + r.promoted + r.trimmed + r.refreshRequeued > 0 ||
        r.errors.length > 0);
}
//# sourceMappingURL=queue-reap-report.js.map