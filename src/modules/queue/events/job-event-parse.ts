import { JOB_EVENT_KINDS, JobEvent } from '../../../domain/job-event';
import { JOB_STATUSES, JobStatus } from '../../../domain/job';

const KINDS: ReadonlySet<string> = new Set<string>(JOB_EVENT_KINDS);
const STATUSES: ReadonlySet<string> = new Set<JobStatus>(JOB_STATUSES);

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optStr = (v: unknown) => v === undefined || typeof v === 'string';
const optNum = (v: unknown) => v === undefined || isNum(v);

/**
 * A JobEvent read from outside the process (a stream entry), or undefined when it is not one.
 * The writer drops such events with a warning rather than stall the stream on them.
 */
export function parseJobEvent(raw: unknown): JobEvent | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const e = raw as Record<string, unknown>;
  if (typeof e.k !== 'string' || !KINDS.has(e.k)) return undefined;
  if (typeof e.id !== 'string' || e.id === '') return undefined;
  if (typeof e.st !== 'string' || !STATUSES.has(e.st)) return undefined;
  if (!isNum(e.att) || !isNum(e.at)) return undefined;
  if (![e.w, e.err, e.res, e.data, e.type, e.exec, e.sn].every(optStr)) return undefined;
  if (![e.prio, e.ctime, e.max, e.run, e.sf].every(optNum)) return undefined;
  if ((e.sn === undefined) !== (e.sf === undefined)) return undefined;
  if (!optStr(e.key)) return undefined;
  if (e.dep !== undefined && !(Array.isArray(e.dep) && e.dep.every((d) => typeof d === 'string'))) return undefined;
  return e as unknown as JobEvent;
}
