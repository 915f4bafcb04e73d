"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toExecutionJson = toExecutionJson;
const iso = (ms) => new Date(ms).toISOString();
function toExecutionJson(execution) {
    const c = execution.counts;
    const view = {
        id: execution.id,
        queue: execution.queue,
        status: execution.status,
        counts: { pending: c.pending, scheduled: c.scheduled, running: c.running, succeeded: c.succeeded, failed: c.failed, cancelled: c.cancelled },
        total: execution.total,
        createdAt: iso(execution.createdAt),
        updatedAt: iso(execution.updatedAt),
    };
    if (execution.finishedAt !== undefined)
        view.finishedAt = iso(execution.finishedAt);
    return view;
}
//# sourceMappingURL=execution-json.js.map