import { JobEvent } from '../../../domain/job-event';
import { parseJobEvent } from './job-event-parse';

/**
 * A queue's events stream entry, as src/lua/includes/events.lua writes it: one entry per script
 * call, field `t` = the call's clock, then one field per event, name = kind, value = the event's
 * fields joined by US (\x1f, which no id, status, number, job type, schedule name or worker id
 * contains):
 *   enqueued:  id, st, att, w, prio, max, exec, type [, sn, sf [, key, dep]]   (key, dep: a graph
 *              job's key and its parents' keys, space-separated; sn and sf then '' when it has no
 *              schedule; ctime = t; sn, sf: the job's
 *                                             schedule, only for a job that has one)
 *   the rest:  id, st, att, w, run [, text]   run '' = none; text taken whole to the end: res for
 *                                             succeeded, data for progress and log, else err
 * Entries of the older forms still decode, so a stream written before an upgrade drains: field
 * `at` = the clock, the rest without run (`id, st, att, w [, text]`; text may be anything, so the
 * first field name, not the value, tells the forms apart); field `e` = JSON array of JobEvent.
 */
export const EVENT_SEP = '\x1f';

/**
 * Most events one stream entry holds: the scripts write the events of a call in entries of at
 * most this many (src/lua/includes/events.lua, EVENTS_PER_ENTRY).
 */
export const MAX_EVENTS_PER_ENTRY = 2000;

/**
 * A gap entry, as events-trim.lua appends it when it drops events the history writer had not
 * read: field `gap`, value `fromMs,toMs,events` (times of the first and last event dropped, and
 * how many). Undefined when the entry is not one, or does not read as one.
 */
export function decodeGapEntry(fields: string[]): { fromMs: number; toMs: number; events: number } | undefined {
  if (fields[0] !== 'gap' || fields.length < 2) return undefined;
  const match = /^(\d+),(\d+),(\d+)$/.exec(fields[1]);
  if (!match) return undefined;
  return { fromMs: Number(match[1]), toMs: Number(match[2]), events: Number(match[3]) };
}

/** The entry's events in order (undefined where one does not decode), or undefined when it is no events entry. */
export function decodeStreamEntry(fields: string[]): Array<JobEvent | undefined> | undefined {
  if ((fields[0] === 't' || fields[0] === 'at') && fields.length >= 2) {
    const at = Number(fields[1]);
    const withRun = fields[0] === 't';
    const events: Array<JobEvent | undefined> = [];
    for (let i = 2; i + 1 < fields.length; i += 2) events.push(decodeEvent(fields[i], fields[i + 1], at, withRun));
    return events;
  }
  if (fields[0] === 'e' && fields.length >= 2) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields[1]);
    } catch {
      return undefined;
    }
    return Array.isArray(parsed) ? parsed.map(parseJobEvent) : undefined;
  }
  return undefined;
}

/** XADD field/value pairs for events of one call (they must share `at`). Tests and tools write these. */
export function encodeStreamEntry(events: JobEvent[]): string[] {
  if (events.length === 0) throw new RangeError('an events entry holds at least one event');
  const at = events[0].at;
  const fields = ['t', String(at)];
  for (const e of events) {
    if (e.at !== at) throw new RangeError('events of one entry share their time');
    const head = [e.id, e.st, String(e.att), e.w ?? ''];
    if (e.k === 'enqueued') {
      head.push(String(e.prio ?? 0), String(e.max ?? ''), e.exec ?? '', e.type ?? '');
      if (e.key !== undefined || e.dep !== undefined) head.push(e.sn ?? '', e.sf === undefined ? '' : String(e.sf), e.key ?? '', (e.dep ?? []).join(' '));
      else if (e.sn !== undefined && e.sf !== undefined) head.push(e.sn, String(e.sf));
    }    else {
      head.push(e.run === undefined ? '' : String(e.run));
      const text = e.k === 'succeeded' ? e.res : e.k === 'progress' || e.k === 'log' ? e.data : e.err;
      if (text !== undefined && text !== '') head.push(text);
    }
    fields.push(e.k, head.join(EVENT_SEP));
  }
  return fields;
}

const num = (text: string | undefined): number => (text === undefined || text === '' ? NaN : Number(text));

function decodeEvent(kind: string, value: string, at: number, withRun: boolean): JobEvent | undefined {
  if (kind === 'enqueued') {
    const p = value.split(EVENT_SEP);
    if (p.length < 8) return undefined;
    // ten parts: a schedule follows the type (no type or schedule name holds US); otherwise the
    // type is the rest, as it always was. A fire time that does not read leaves the schedule out
    // rather than drop the job's enqueue from history.
    const graph = p.length === 12;
    const scheduled = (p.length === 10 || graph) && p[8] !== '';
    const raw: Record<string, unknown> = {
      k: kind, id: p[0], st: p[1], att: num(p[2]), at,
      type: p.length === 10 || graph ? p[7] : p.slice(7).join(EVENT_SEP), prio: num(p[4]), ctime: at, max: num(p[5]),
    };
    if (p[3] !== '') raw.w = p[3];
    if (p[6] !== '') raw.exec = p[6];
    if (scheduled && Number.isFinite(num(p[9]))) {
      raw.sn = p[8];
      raw.sf = num(p[9]);
    }
    if (graph && p[10] !== '') raw.key = p[10];
    if (graph && p[11] !== '') raw.dep = p[11].split(' ');
    return parseJobEvent(raw);
  }
  // id, st, att, w, [run,] then the rest of the value as text
  const heads = withRun ? 5 : 4;
  const cuts: number[] = [];
  for (let from = 0; cuts.length < heads; ) {
    const pos = value.indexOf(EVENT_SEP, from);
    if (pos < 0) break;
    cuts.push(pos);
    from = pos + 1;
  }
  if (cuts.length < heads - 1) return undefined;
  const part = (i: number) => value.slice(i === 0 ? 0 : cuts[i - 1] + 1, i < cuts.length ? cuts[i] : undefined);
  const raw: Record<string, unknown> = { k: kind, id: part(0), st: part(1), att: num(part(2)), at };
  const w = part(3);
  if (w !== '') raw.w = w;
  if (withRun) {
    const run = part(4);
    if (run !== '') raw.run = num(run);
  }
  if (cuts.length === heads) {
    const text = value.slice(cuts[heads - 1] + 1);
    if (text !== '') raw[kind === 'succeeded' ? 'res' : kind === 'progress' || kind === 'log' ? 'data' : 'err'] = text;
  }
  return parseJobEvent(raw);
}
