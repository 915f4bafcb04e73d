import { DataSource } from 'typeorm';
import { AuditEntry, AuditPage, NewAuditEntry } from '../../domain/audit';
import { AuditDatabase } from './audit-trail.service';
/** The audit trail in PostgreSQL (table audit_log, a history migration), for instances with history on. */
export declare class PostgresAuditLog implements AuditDatabase {
    private readonly dataSource;
    constructor(dataSource: () => Promise<DataSource>);
    append(entry: NewAuditEntry): Promise<AuditEntry>;
    /**
     * Entries the job store took while PostgreSQL refused them, with their own time, in the order
     * given (oldest first). Each row keeps where it came from (`origin`: the store entry's id and
     * time), unique, so instances moving the same entries at once insert each one once.
     */
    appendMoved(entries: AuditEntry[]): Promise<number>;
    list(limit: number, before?: number): Promise<AuditPage>;
}
/** Where a moved entry came from: the job store's entry id and time (ids restart with a new store). */
export declare function movedOrigin(entry: AuditEntry): string;
