"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReturnedLeases = void 0;
const worker_info_1 = require("../../domain/worker-info");
/** What the reaper returned of one silent worker's leases in one queue, over the rounds of a pass. */
class ReturnedLeases {
    workerId;
    requeued = 0;
    failed = 0;
    cancelled = 0;
    /** The first DEAD_WORKER_JOB_IDS of them. */
    jobIds = [];
    constructor(workerId) {
        this.workerId = workerId;
    }
    add(result) {
        this.requeued += result.requeued.length;
        this.failed += result.failed.length;
        this.cancelled += result.cancelled.length;
        for (const ids of [result.requeued, result.failed, result.cancelled]) {
            for (const id of ids) {
                if (this.jobIds.length >= worker_info_1.DEAD_WORKER_JOB_IDS)
                    return;
                this.jobIds.push(id);
            }
        }
    }
    get any() {
        return this.requeued + this.failed + this.cancelled > 0;
    }
    /** The record of the worker declared dead: host and pid from its info while it is there, else from its id. */
    record(queue, declaredDeadAt, info) {
        const { host, pid } = info ?? (0, worker_info_1.hostAndPidOf)(this.workerId);
        return {
            id: this.workerId,
            host,
            pid,
            queue,
            declaredDeadAt,
            lastHeartbeatAt: info?.lastHeartbeatAt ?? null,
            requeued: this.requeued,
            failed: this.failed,
            cancelled: this.cancelled,
            jobIds: [...this.jobIds],
        };
    }
}
exports.ReturnedLeases = ReturnedLeases;
//# sourceMappingURL=returned-leases.js.map