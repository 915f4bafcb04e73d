import { AuditEntry, AuditPage, NewAuditEntry } from '../../domain/audit';
/** AUDIT_MAX_ENTRIES' default. */
export declare const DEFAULT_AUDIT_MAX_ENTRIES = 10000;
/**
 * The audit trail where the jobs are, used when job history (PostgreSQL) is off or unreachable:
 * capped at AUDIT_MAX_ENTRIES, the oldest entries dropped first. Redis keeps it in one key space of
 * its own (one slot: one script appends); memory in an array in id order. test/contract/audit.cases.ts is the
 * executable form of this comment.
 */
export declare abstract class AuditStore {
    /** Records the entry under the next id (ids only grow), dropping the oldest past the cap. */
    abstract append(entry: NewAuditEntry): Promise<AuditEntry>;
    /** Entries newest first, `limit` at most, older than the entry `before` names when given. */
    abstract list(limit: number, before?: number): Promise<AuditPage>;
    /**
     * The oldest `limit` entries, oldest first. With history on, the job store holds only the
     * entries PostgreSQL refused (down, say); AuditTrail moves them there once it answers again.
     */
    abstract oldest(limit: number): Promise<AuditEntry[]>;
    /** Removes the entries with these ids (those not held any more are skipped). */
    abstract remove(ids: string[]): Promise<void>;
}
/** The page of `newestFirst` (up to limit + 1 entries, newest first): a next cursor when there was one more. */
export declare function auditPage(newestFirst: AuditEntry[], limit: number): AuditPage;
