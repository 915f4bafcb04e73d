/**
 * The audit trail: one entry per change made through the API (who, what, on what, when). Job
 * creation is not audited: it is the hot path, and job history records it.
 */

/** Every action the trail records, with the target each names (README, Audit trail). */
export const AUDIT_ACTIONS = [
  'job.cancel', // job:<id>
  'job.retry', // job:<id>
  'job.promote', // job:<id>
  'jobs.cancel', // queue:<name>
  'jobs.retry', // queue:<name>
  'execution.cancel', // execution:<id>
  'execution.add_jobs', // execution:<id>
  'schedule.put', // schedule:<name>
  'schedule.delete', // schedule:<name>
  'schedule.pause', // schedule:<name>
  'schedule.resume', // schedule:<name>
  'schedule.trigger', // schedule:<name>
  'queue.settings', // queue:<name>
  'queue.pause', // queue:<name>
  'queue.resume', // queue:<name>
  'group.put', // queue:<name>/group:<group>
] as const;

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
export const MAX_AUDIT_DETAILS_BYTES = 2048;

/** `details` as recorded: unchanged when small, else `{ truncated: true }` (an entry stays small). */
export function boundedAuditDetails(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (details === undefined) return undefined;
  return Buffer.byteLength(JSON.stringify(details), 'utf8') <= MAX_AUDIT_DETAILS_BYTES ? details : { truncated: true };
}

/** Audit ids (and so cursors) are positive integers as decimal text, below 2^53. */
const AUDIT_ID = /^[1-9][0-9]{0,15}$/;

/** The id a cursor names, or undefined when it is not one (the API answers 400 naming `cursor`). */
export function parseAuditCursor(cursor: string): number | undefined {
  if (!AUDIT_ID.test(cursor)) return undefined;
  const id = Number(cursor);
  return Number.isSafeInteger(id) ? id : undefined;
}
