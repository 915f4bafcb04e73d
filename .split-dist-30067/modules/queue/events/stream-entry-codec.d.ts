import { JobEvent } from '../../../domain/job-event';
/**
 * A queue's events stream entry, as src/lua/includes/events.lua writes it: one entry per script
 * call, field `t` = the call's clock, then one field per event, name = kind, value = the event's
 * fields joined by US (\x1f, which no id, status, number, job type, schedule name or worker id
 * contains):
 *   enqueued:  id, st, att, w, prio, max, exec, type [, sn, sf]   (ctime = t; sn, sf: the job's
 *                                             schedule, only for a job that has one)
 *   the rest:  id, st, att, w, run [, text]   run '' = none; text taken whole to the end: res for
 *                                             succeeded, else err
 * Entries of the older forms still decode, so a stream written before an upgrade drains: field
 * `at` = the clock, the rest without run (`id, st, att, w [, text]`; text may be anything, so the
 * first field name, not the value, tells the forms apart); field `e` = JSON array of JobEvent.
 */
export declare const EVENT_SEP = "\u001F";
/**
 * Most events one stream entry holds: the scripts write the events of a call in entries of at
 * most this many (src/lua/includes/events.lua, EVENTS_PER_ENTRY).
 */
export declare const MAX_EVENTS_PER_ENTRY = 2000;
/**
 * A gap entry, as events-trim.lua appends it when it drops events the history writer had not
 * read: field `gap`, value `fromMs,toMs,events` (times of the first and last event dropped, and
 * how many). Undefined when the entry is not one, or does not read as one.
 */
export declare function decodeGapEntry(fields: string[]): {
    fromMs: number;
    toMs: number;
    events: number;
} | undefined;
/** The entry's events in order (undefined where one does not decode), or undefined when it is no events entry. */
export declare function decodeStreamEntry(fields: string[]): Array<JobEvent | undefined> | undefined;
/** XADD field/value pairs for events of one call (they must share `at`). Tests and tools write these. */
export declare function encodeStreamEntry(events: JobEvent[]): string[];
