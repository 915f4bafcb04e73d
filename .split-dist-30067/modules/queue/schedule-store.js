"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScheduleStore = void 0;
/**
 * Where schedules live: the same Redis (one hash-tagged slot for all of them, so every script
 * touches one slot on Redis Cluster) or memory as the store's jobs. Every instance's scheduler
 * claims due schedules from one index ordered by next fire time; a claim holds a schedule for a
 * lease and gives it a fencing token, and only the holder of the current token moves its nextAt
 * (settle). The fired jobs themselves carry an idempotency key derived from (schedule, fireAt), so
 * a fire repeated after its claimer died makes no second job. test/contract/schedule.cases.ts is
 * the executable form of this comment.
 */
class ScheduleStore {
}
exports.ScheduleStore = ScheduleStore;
//# sourceMappingURL=schedule-store.js.map