"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuditStore = exports.DEFAULT_AUDIT_MAX_ENTRIES = void 0;
exports.auditPage = auditPage;
/** AUDIT_MAX_ENTRIES' default. */
exports.DEFAULT_AUDIT_MAX_ENTRIES = 10_000;
/**
 * The audit trail where the jobs are, used when job history (PostgreSQL) is off or unreachable:
 * capped at AUDIT_MAX_ENTRIES, the oldest entries dropped first. Redis keeps it in one key space of
 * its own (one slot: one script appends); memory in an array in id order. test/contract/audit.cases.ts is the
 * executable form of this comment.
 */
class AuditStore {
}
exports.AuditStore = AuditStore;
/** The page of `newestFirst` (up to limit + 1 entries, newest first): a next cursor when there was one more. */
function auditPage(newestFirst, limit) {
    const items = newestFirst.slice(0, limit);
    return { items, nextCursor: newestFirst.length > limit ? items[items.length - 1].id : null };
}
//# sourceMappingURL=audit-store.js.map