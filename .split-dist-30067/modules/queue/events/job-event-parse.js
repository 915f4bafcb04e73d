"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseJobEvent = parseJobEvent;
const job_1 = require("../../../domain/job");
const KINDS = new Set([
    'enqueued',
    'claimed',
    'succeeded',
    'retry_scheduled',
    'failed',
    'released',
    'expired',
    'cancelled',
    'cancel_requested',
    'retried',
    'promoted',
]);
const STATUSES = new Set(job_1.JOB_STATUSES);
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const optStr = (v) => v === undefined || typeof v === 'string';
const optNum = (v) => v === undefined || isNum(v);
/**
 * A JobEvent read from outside the process (a stream entry), or undefined when it is not one.
 * The writer drops such events with a warning rather than stall the stream on them.
 */
function parseJobEvent(raw) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return undefined;
    const e = raw;
    if (typeof e.k !== 'string' || !KINDS.has(e.k))
        return undefined;
    if (typeof e.id !== 'string' || e.id === '')
        return undefined;
    if (typeof e.st !== 'string' || !STATUSES.has(e.st))
        return undefined;
    if (!isNum(e.att) || !isNum(e.at))
        return undefined;
    if (![e.w, e.err, e.res, e.type, e.exec, e.sn].every(optStr))
        return undefined;
    if (![e.prio, e.ctime, e.max, e.run, e.sf].every(optNum))
        return undefined;
    if ((e.sn === undefined) !== (e.sf === undefined))
        return undefined;
    return e;
}
//# sourceMappingURL=job-event-parse.js.map