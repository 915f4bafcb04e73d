"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GroupStore = void 0;
/**
 * A queue's fairness controls: its settings (pause, the groups' default cap, its own rate), and its
 * groups' (cap, rate, pause). They live where the queue's jobs are, because the claim reads them
 * in the same atomic step (Redis: the queue's slot). The semantics are src/domain/fairness.ts's;
 * test/contract/fairness.cases.ts is the executable form of this comment.
 *
 * Groups exist while they hold pending or running jobs, or settings of their own; a group nobody
 * set anything on is forgotten once it has neither.
 */
class GroupStore {
}
exports.GroupStore = GroupStore;
//# sourceMappingURL=group-store.js.map