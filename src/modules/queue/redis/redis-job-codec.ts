import {
  BackoffOptions,
  ClaimedJob,
  DEFAULT_BACKOFF,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  Job,
  JobStatus,
  NewJob,
} from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';
import { ParentFailurePolicy } from '../../../domain/job-graph';
import { parseStoredJson, setStoredPayload } from '../job-payload';

/**
 * The job hash: short field names, and fields equal to their default (or absent) not stored, so
 * a waiting job costs a few dozen bytes of Redis memory. The Lua scripts read the same names
 * (src/lua/includes/job-record.lua).
 *
 *   type  pl payload JSON   st status   pr priority     att attempts   max maxAttempts
 *   run runAt   ct createdAt   ut updatedAt (read as max(ut, stt))   stt startedAt   ft finishedAt   w workerId
 *   tok fencing token   res result JSON   err lastError   es lastErrorStack   bo backoff   tmo timeoutMs
 *   ik idempotencyKey   cb callbackUrl   ex executionId   cx cancel requested ('1')
 *   sn schedule.name   sf schedule.fireAt (both or neither)   grp group (none: the default group)
 *   cid the id of the last cancel or retry call that changed the job (its resend changes nothing)
 *   tp traceparent   ts tracestate (the span that enqueued the job; only while tracing is on)
 *   gk graph key   dep the parents' keys, space-separated   opf onParentFailure (absent: fail)
 *   pa the parents' ids, ch the children's ids, rb (a job added to a running execution) the existing
 *   jobs that wait on it too (all space-separated)   np parents not yet settled (while
 *   blocked)   up '1': its end came from a parent (src/lua/includes/graph.lua)
 *   rtp the traceparent of its run that succeeded (a graph job, tracing on: its children link it)
 *   pg progress JSON   pga its time   lgn log lines written   lgf the oldest kept line's number
 *   rid the id of the last report call applied (report.lua)
 */
export type JobHash = Record<string, string>;

const DEFAULT_BACKOFF_TEXT = encodeBackoff(DEFAULT_BACKOFF);

export function encodeBackoff(b: BackoffOptions): string {
  return `${b.strategy === 'fixed' ? 'f' : 'e'}:${b.delayMs}:${b.maxDelayMs ?? ''}`;
}

export function decodeBackoff(text: string | undefined): BackoffOptions {
  if (!text) return { ...DEFAULT_BACKOFF };
  const [s, delay, max] = text.split(':');
  const backoff: BackoffOptions = { strategy: s === 'f' ? 'fixed' : 'exponential', delayMs: Number(delay) };
  if (max) backoff.maxDelayMs = Number(max);
  return backoff;
}

/**
 * The hash of a new job as field/value pairs (the id is in the key). A job due at once (runAt at or
 * before `now`, which the caller's clock often puts a millisecond behind the store's) stores no
 * `run`: it reads back as createdAt.
 */
export function encodeNewJob(job: NewJob, now: number): string[] {
  const parents = job.graph?.parentIds?.length ?? 0;
  // a graph job with parents waits on them (job-graph.ts), its runAt kept for when it unblocks
  const st = parents > 0 ? 'blocked' : job.runAt > now ? 'scheduled' : 'pending';
  const f: string[] = ['type', job.type, 'st', st, 'ct', String(now)];
  if (job.payloadJson !== 'null') f.push('pl', job.payloadJson);
  if (job.priority !== 0) f.push('pr', String(job.priority));
  if (job.maxAttempts !== DEFAULT_MAX_ATTEMPTS) f.push('max', String(job.maxAttempts));
  if (job.runAt > now) f.push('run', String(job.runAt));
  const backoff = encodeBackoff(job.backoff);
  if (backoff !== DEFAULT_BACKOFF_TEXT) f.push('bo', backoff);
  if (job.timeoutMs !== DEFAULT_TIMEOUT_MS) f.push('tmo', String(job.timeoutMs));
  if (job.idempotencyKey !== undefined) f.push('ik', job.idempotencyKey);
  if (job.callbackUrl !== undefined) f.push('cb', job.callbackUrl);
  if (job.executionId !== undefined) f.push('ex', job.executionId);
  if (job.schedule !== undefined) f.push('sn', job.schedule.name, 'sf', String(job.schedule.fireAt));
  if (job.group !== undefined && job.group !== '') f.push('grp', job.group);
  if (job.traceparent !== undefined) f.push('tp', job.traceparent);
  if (job.tracestate !== undefined) f.push('ts', job.tracestate);
  const graph = job.graph;
  if (graph !== undefined) {
    if (graph.key !== undefined) f.push('gk', graph.key);
    if (parents > 0) {
      f.push('dep', (graph.dependsOn ?? []).join(' '), 'pa', (graph.parentIds ?? []).join(' '), 'np', String(parents));
    }
    if (graph.onParentFailure !== undefined && graph.onParentFailure !== 'fail') f.push('opf', graph.onParentFailure);
    if (graph.requiredByIds !== undefined && graph.requiredByIds.length > 0) f.push('rb', graph.requiredByIds.join(' '));
  }
  return f;
}

/** The job fields claim.lua reads and returns, in its HMGET order; tp and ts only when asked for (tracing on). */
const CLAIM_FIELDS = ['type', 'pl', 'st', 'pr', 'att', 'max', 'run', 'ct', 'bo', 'tmo', 'ik', 'cb', 'ex', 'err', 'tok', 'sn', 'sf', 'grp', 'gk', 'dep', 'opf', 'tp', 'ts'] as const;

/**
 * The hash of a job after the claim, from one entry of claim.lua's reply
 * ({id, token, attempts, values in CLAIM_FIELDS order as before the claim}) plus what the claim wrote.
 */
export function claimedJobHash(reply: unknown[], workerId: string, now: number): JobHash {
  const values = reply[3] as (string | null)[];
  const hash: JobHash = {};
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value !== null && value !== undefined) hash[CLAIM_FIELDS[i]] = value;
  }
  hash.st = 'running';
  hash.tok = String(reply[1]);
  hash.att = String(reply[2]);
  hash.w = workerId;
  hash.stt = String(now);
  return hash;
}

/** Field/value pairs (as HGETALL or a script reply gives them) to a record, from `start`. */
export function pairsToHash(flat: unknown[], start = 0): JobHash {
  const hash: JobHash = {};
  for (let i = start; i + 1 < flat.length; i += 2) {
    const field = flat[i];
    const value = flat[i + 1];
    hash[typeof field === 'string' ? field : String(field)] = typeof value === 'string' ? value : String(value);
  }
  return hash;
}

function num(text: string | undefined, fallback: number): number {
  return text === undefined ? fallback : Number(text);
}

/** The claim writes stt but not ut (one field less per claim); every later change writes ut >= stt. */
function updatedAtOf(h: JobHash, createdAt: number): number {
  const ut = num(h.ut, createdAt);
  if (h.stt === undefined) return ut;
  const stt = Number(h.stt);
  return stt > ut ? stt : ut;
}

/**
 * A job record to a Job. `queue` skips re-deriving it from the id when the caller knows it (the
 * claim path). The payload is set by setStoredPayload: a long one is parsed on first read.
 */
export function decodeJob(id: string, h: JobHash, queue: string = queueOfJobId(id) ?? ''): Job {
  const createdAt = num(h.ct, 0);
  const job: Job = {
    id,
    queue,
    type: h.type ?? '',
    payload: null,
    status: (h.st ?? 'failed') as JobStatus,
    priority: num(h.pr, 0),
    attempts: num(h.att, 0),
    maxAttempts: num(h.max, DEFAULT_MAX_ATTEMPTS),
    backoff: decodeBackoff(h.bo),
    timeoutMs: num(h.tmo, DEFAULT_TIMEOUT_MS),
    runAt: num(h.run, createdAt),
    createdAt,
    updatedAt: updatedAtOf(h, createdAt),
  };
  setStoredPayload(job, h.pl);
  // optional fields only when present, in a fixed order (the API's JSON key order)
  if (h.stt !== undefined) job.startedAt = Number(h.stt);
  if (h.ft !== undefined) job.finishedAt = Number(h.ft);
  if (h.w !== undefined) job.workerId = h.w;
  if (h.tok !== undefined && h.tok !== '0') job.run = Number(h.tok);
  if (h.res !== undefined) job.result = parseStoredJson(h.res);
  else if (h.st === 'succeeded') job.result = null;
  if (h.err !== undefined) job.lastError = h.err;
  if (h.es !== undefined) job.lastErrorStack = h.es;
  if (h.ik !== undefined) job.idempotencyKey = h.ik;
  if (h.cb !== undefined) job.callbackUrl = h.cb;
  if (h.ex !== undefined) job.executionId = h.ex;
  if (h.sn !== undefined && h.sf !== undefined) job.schedule = { name: h.sn, fireAt: Number(h.sf) };
  if (h.grp !== undefined && h.grp !== '') job.group = h.grp;
  if (h.cx === '1') job.cancelRequested = true;
  if (h.pg !== undefined) {
    job.progress = parseStoredJson(h.pg);
    if (h.pga !== undefined) job.progressAt = Number(h.pga);
  }
  if (h.lgn !== undefined) {
    job.logLines = Number(h.lgn);
    job.logLinesDropped = Number(h.lgf ?? 1) - 1;
  }
  if (h.tp !== undefined) job.traceparent = h.tp;
  if (h.ts !== undefined) job.tracestate = h.ts;
  if (h.gk !== undefined) job.key = h.gk;
  if (h.dep !== undefined) job.dependsOn = h.dep === '' ? [] : h.dep.split(' ');
  if (h.opf !== undefined) job.onParentFailure = h.opf as ParentFailurePolicy;
  else if (h.dep !== undefined) job.onParentFailure = 'fail';
  return job;
}

/**
 * A graph job's parents' results from claim.lua's field, value pairs of its `:pr` hash: key ->
 * result JSON (a result stored as text that is not JSON reads as that text), and ' ' + key -> the
 * traceparent of that parent's run (tracing on; no key starts with a space).
 */
export function parentResultsOf(flat: readonly string[]): Pick<ClaimedJob, 'parents' | 'parentRuns'> {
  const parents: Record<string, unknown> = {};
  let parentRuns: Record<string, string> | undefined;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const field = flat[i];
    if (field.startsWith(' ')) (parentRuns ??= {})[field.slice(1)] = flat[i + 1];
    else parents[field] = parseStoredJson(flat[i + 1]);
  }
  return parentRuns === undefined ? { parents } : { parents, parentRuns };
}
