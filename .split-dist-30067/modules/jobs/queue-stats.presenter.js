"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentQueueStats = presentQueueStats;
/** The overview as the API shows it: times as ISO-8601, the oldest job's age from `at`. */
function presentQueueStats(stats) {
    const { oldestPending: oldest, window } = stats;
    const view = {
        queue: stats.queue,
        at: new Date(stats.at).toISOString(),
        counts: { ...stats.counts },
        oldestPending: {
            jobId: oldest.jobId,
            since: oldest.since === null ? null : new Date(oldest.since).toISOString(),
            ageMs: oldest.since === null ? null : Math.max(0, stats.at - oldest.since),
        },
        throughput: { stepMs: window.stepMs, from: new Date(window.from).toISOString(), succeeded: window.succeeded, failed: window.failed },
        pickupMs: window.pickupMs,
        runMs: window.runMs,
    };
    if (oldest.approximate)
        view.oldestPending.approximate = true;
    return view;
}
//# sourceMappingURL=queue-stats.presenter.js.map