import { AuditEntry, AuditPage, NewAuditEntry } from '../../../domain/audit';
import { AuditStore } from '../audit-store';
/** The in-memory audit trail: the latest `maxEntries` entries in id order, ids from 1. */
export declare class MemoryAuditLog extends AuditStore {
    private readonly maxEntries;
    /** Oldest first; ids only grow, so this is also sorted by id. */
    private entries;
    private lastId;
    constructor(maxEntries: number);
    append(entry: NewAuditEntry): Promise<AuditEntry>;
    list(limit: number, before?: number): Promise<AuditPage>;
    oldest(limit: number): Promise<AuditEntry[]>;
    remove(ids: string[]): Promise<void>;
    /** The index of the first entry whose id is `id` or more (entries.length when none). */
    private firstAtOrAbove;
}
