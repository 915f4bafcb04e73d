"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryWorkerDirectory = void 0;
const worker_info_1 = require("../../../domain/worker-info");
const worker_directory_1 = require("../worker-directory");
/**
 * The in-memory WorkerDirectory: a Map of workers by id (Map order is insertion order, so a
 * publish re-inserts the entry and the map stays ordered by last heartbeat, oldest first) and a
 * ring of the last DEAD_WORKERS_KEPT dead workers.
 */
class MemoryWorkerDirectory extends worker_directory_1.WorkerDirectory {
    clock;
    workers = new Map();
    /** Oldest first; read newest first. */
    deadRing = [];
    constructor(clock) {
        super();
        this.clock = clock;
    }
    async publish(info) {
        this.workers.delete(info.id);
        this.workers.set(info.id, { ...copyInfo(info), lastHeartbeatAt: this.clock.now() });
    }
    async remove(workerId) {
        this.workers.delete(workerId);
    }
    async live(silentMs, limit) {
        const cutoff = this.clock.now() - silentMs;
        const fresh = [];
        // newest beats first: the map is ordered by last heartbeat
        const all = [...this.workers.values()];
        for (let i = all.length - 1; i >= 0 && fresh.length < limit; i--) {
            if (all[i].lastHeartbeatAt < cutoff)
                break;
            fresh.push(copyPublished(all[i]));
        }
        return fresh.sort(byId);
    }
    async find(workerIds) {
        const found = [];
        for (const id of new Set(workerIds)) {
            const worker = this.workers.get(id);
            if (worker)
                found.push(copyPublished(worker));
        }
        return found;
    }
    async forgetSilent(silentMs, limit) {
        const cutoff = this.clock.now() - silentMs;
        const forgotten = [];
        for (const worker of this.workers.values()) {
            if (forgotten.length >= limit || worker.lastHeartbeatAt >= cutoff)
                break;
            forgotten.push(worker.id);
        }
        for (const id of forgotten)
            this.workers.delete(id);
        return forgotten;
    }
    async recordDead(record) {
        this.deadRing.push({ ...record, jobIds: record.jobIds.slice(0, worker_info_1.DEAD_WORKER_JOB_IDS) });
        if (this.deadRing.length > worker_info_1.DEAD_WORKERS_KEPT)
            this.deadRing.splice(0, this.deadRing.length - worker_info_1.DEAD_WORKERS_KEPT);
    }
    async dead() {
        return this.deadRing.map((record) => ({ ...record, jobIds: [...record.jobIds] })).reverse();
    }
}
exports.MemoryWorkerDirectory = MemoryWorkerDirectory;
function copyInfo(info) {
    return { ...info, queues: [...info.queues], slots: { ...info.slots } };
}
function copyPublished(worker) {
    return { ...copyInfo(worker), lastHeartbeatAt: worker.lastHeartbeatAt };
}
function byId(a, b) {
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
//# sourceMappingURL=memory-worker-directory.js.map