/**
 * The audit trail: one entry per change made through the API (who, what, on what, when). Job
 * creation is not audited: it is the hot path, and job history records it.
 */
/** Every action the trail records, with the target each names (README, Audit trail). */
export declare const AUDIT_ACTIONS: readonly ["job.cancel", "job.retry", "job.promote", "jobs.cancel", "jobs.retry", "execution.cancel", "schedule.put", "schedule.delete", "schedule.pause", "schedule.resume", "schedule.trigger", "queue.settings", "queue.pause", "queue.resume", "group.put"];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** An entry to record. `at` is epoch ms. */
export interface NewAuditEntry {
    at: number;
    /** The API key's id (never the key); null when the API is open. */
    keyId: string | null;
    action: AuditAction;
    target: string;
    details?: Record<string, unknown>;
}
/** A recorded entry: its id orders the trail (newer entries have larger ids). */
export interface AuditEntry extends NewAuditEntry {
    id: string;
}
export interface AuditPage {
    items: AuditEntry[];
    nextCursor: string | null;
}
/** Most bytes of an entry's details as JSON; larger details are replaced by a note saying so. */
export declare const MAX_AUDIT_DETAILS_BYTES = 2048;
/** `details` as recorded: unchanged when small, else `{ truncated: true }` (an entry stays small). */
export declare function boundedAuditDetails(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
/** The id a cursor names, or undefined when it is not one (the API answers 400 naming `cursor`). */
export declare function parseAuditCursor(cursor: string): number | undefined;
