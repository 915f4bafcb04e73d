import { AuditEntry, AuditPage, NewAuditEntry } from '../../domain/audit';
import { AuditStore } from '../queue';
/** The audit trail in PostgreSQL (PostgresAuditLog), as AuditTrail uses it. */
export interface AuditDatabase extends Pick<AuditStore, 'append' | 'list'> {
    /** Entries the job store took meanwhile, oldest first, each once however often it is sent; how many were new. */
    appendMoved(entries: AuditEntry[]): Promise<number>;
}
/** Entries moved from the job store to PostgreSQL per call of moveFallback. */
export declare const AUDIT_MOVE_BATCH = 500;
/**
 * Where the audit trail goes: PostgreSQL when job history is on (the instance that served the
 * change writes the row itself), else the job store. An insert PostgreSQL refuses (down, say) is
 * logged and the entry goes to the job store instead, so a change is never left unrecorded
 * because history is down; once PostgreSQL answers again, moveFallback (AuditFallbackScheduler)
 * moves those entries into it, where GET /audit reads (README, Audit trail).
 */
export declare class AuditTrail {
    private readonly store;
    private readonly postgres;
    private readonly logger;
    constructor(store: AuditStore, postgres: AuditDatabase | undefined);
    /** Whether entries can wait in the job store for PostgreSQL (history on). */
    get hasFallback(): boolean;
    /**
     * Moves the entries the job store took while PostgreSQL was down into PostgreSQL, oldest first,
     * up to `batch`; returns how many were moved (0 with history off, or nothing waiting). Safe on
     * several instances at once: a row remembers its store entry (unique), and an entry leaves the
     * store only after PostgreSQL holds it. Throws when either side is unreachable (the next pass
     * tries again).
     */
    moveFallback(batch?: number): Promise<number>;
    /** Records `entry`; never throws (the change it records has already been made). */
    record(entry: NewAuditEntry): Promise<void>;
    list(limit: number, before?: number): Promise<AuditPage>;
}
