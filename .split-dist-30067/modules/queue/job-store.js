"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobStore = void 0;
/**
 * The JobStore contract: queue semantics only. It is both the interface and the Nest injection
 * token (`{ provide: JobStore, useFactory }`). MemoryJobStore and RedisJobStore implement it and
 * both pass test/contract/job-store.contract.ts, which is the executable form of this comment.
 *
 * Invariants every implementation keeps:
 * - A job is in exactly one state index: pending, scheduled, running (leases), succeeded, failed
 *   or cancelled; its `status` field names that index.
 * - Every claim bumps the job's fencing token. complete/fail/release/heartbeat present the token;
 *   a token that is not the job's current one, or a job that is no longer running, is `stale` and
 *   changes nothing. So a job may run twice after a crash but is recorded once.
 * - A claim spends an attempt (`attempts` += 1). release gives it back. An expired lease keeps it
 *   spent, so a job that kills its worker cannot loop forever.
 * - Pending jobs are claimed by priority (higher first), then FIFO by enqueue/promote order within
 *   a group; the groups of a queue with ready jobs are served round-robin within a priority, and
 *   caps, rate limits and pauses hold groups (or the queue) back (src/domain/fairness.ts).
 * - All time comes from the store's injected clock; nothing reads the wall clock directly.
 * - Operations that take lists are atomic per call in Redis (one script) and bounded by the
 *   caller's batch size.
 */
class JobStore {
}
exports.JobStore = JobStore;
//# sourceMappingURL=job-store.js.map