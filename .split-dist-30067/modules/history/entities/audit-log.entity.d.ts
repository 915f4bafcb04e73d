/**
 * The audit trail with history on: one row per change made through the API, written by the
 * instance that served it (src/modules/audit). Newest first is the primary key read backwards.
 */
export declare class AuditLogEntity {
    /** bigserial (pg returns bigint as text). */
    id: string;
    at: Date;
    /** The API key's id (`k_` + 12 hex of its sha256), never the key; null when the API is open. */
    keyId: string | null;
    action: string;
    target: string;
    details: Record<string, unknown> | null;
    /** The job store entry this row was moved from (`store:<id>:<at>`), once PostgreSQL was back; null otherwise. */
    origin: string | null;
}
