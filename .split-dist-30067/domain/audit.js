"use strict";
/**
 * The audit trail: one entry per change made through the API (who, what, on what, when). Job
 * creation is not audited: it is the hot path, and job history records it.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_AUDIT_DETAILS_BYTES = exports.AUDIT_ACTIONS = void 0;
exports.boundedAuditDetails = boundedAuditDetails;
exports.parseAuditCursor = parseAuditCursor;
/** Every action the trail records, with the target each names (README, Audit trail). */
exports.AUDIT_ACTIONS = [
    'job.cancel', // job:<id>
    'job.retry', // job:<id>
    'job.promote', // job:<id>
    'jobs.cancel', // queue:<name>
    'jobs.retry', // queue:<name>
    'execution.cancel', // execution:<id>
    'schedule.put', // schedule:<name>
    'schedule.delete', // schedule:<name>
    'schedule.pause', // schedule:<name>
    'schedule.resume', // schedule:<name>
    'schedule.trigger', // schedule:<name>
    'queue.settings', // queue:<name>
    'queue.pause', // queue:<name>
    'queue.resume', // queue:<name>
    'group.put', // queue:<name>/group:<group>
];
/** Most bytes of an entry's details as JSON; larger details are replaced by a note saying so. */
exports.MAX_AUDIT_DETAILS_BYTES = 2048;
/** `details` as recorded: unchanged when small, else `{ truncated: true }` (an entry stays small). */
function boundedAuditDetails(details) {
    if (details === undefined)
        return undefined;
    return Buffer.byteLength(JSON.stringify(details), 'utf8') <= exports.MAX_AUDIT_DETAILS_BYTES ? details : { truncated: true };
}
/** Audit ids (and so cursors) are positive integers as decimal text, below 2^53. */
const AUDIT_ID = /^[1-9][0-9]{0,15}$/;
/** The id a cursor names, or undefined when it is not one (the API answers 400 naming `cursor`). */
function parseAuditCursor(cursor) {
    if (!AUDIT_ID.test(cursor))
        return undefined;
    const id = Number(cursor);
    return Number.isSafeInteger(id) ? id : undefined;
}
//# sourceMappingURL=audit.js.map