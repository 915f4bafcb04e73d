"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentLiveWorker = presentLiveWorker;
exports.presentDeadWorker = presentDeadWorker;
function presentLiveWorker(w) {
    return {
        id: w.id,
        host: w.host,
        pid: w.pid,
        version: w.version,
        startedAt: new Date(w.startedAt).toISOString(),
        lastHeartbeatAt: new Date(w.lastHeartbeatAt).toISOString(),
        queues: w.queues,
        slots: { busy: w.slots.busy, total: w.slots.total },
        leasesHeld: w.leasesHeld,
    };
}
function presentDeadWorker(d) {
    return {
        id: d.id,
        host: d.host,
        pid: d.pid,
        queue: d.queue,
        declaredDeadAt: new Date(d.declaredDeadAt).toISOString(),
        lastHeartbeatAt: d.lastHeartbeatAt === null ? null : new Date(d.lastHeartbeatAt).toISOString(),
        requeued: d.requeued,
        failed: d.failed,
        cancelled: d.cancelled,
        jobIds: d.jobIds,
    };
}
//# sourceMappingURL=workers.presenter.js.map