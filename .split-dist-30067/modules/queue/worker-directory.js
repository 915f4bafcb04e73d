"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkerDirectory = void 0;
/**
 * What the dashboard shows of worker processes: one entry per process (not per queue or
 * partition), kept where the jobs are (Redis: one hash-tagged slot for all of them, so it works
 * unchanged on Redis Cluster), beside the per-queue registry the reaper reads silent workers from
 * (JobStore.registerWorker). Each worker writes its entry once per heartbeat; the reaper records
 * the workers it declared dead and forgets silent entries. test/contract/worker-registry.cases.ts
 * is the executable form of this comment.
 */
class WorkerDirectory {
}
exports.WorkerDirectory = WorkerDirectory;
//# sourceMappingURL=worker-directory.js.map