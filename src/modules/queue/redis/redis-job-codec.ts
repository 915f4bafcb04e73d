import {
  BackoffOptions,
  DEFAULT_BACKOFF,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  Job,
  JobStatus,
  NewJob,
} from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';

/**
 * The job hash: short field names, and fields equal to their default (or absent) not stored, so
 * a waiting job costs a few dozen bytes of Redis memory. The Lua scripts read the same names
 * (src/lua/includes/job-record.lua).
 *
 *   type  pl payload JSON   st status   pr priority     att attempts   max maxAttempts
 *   run runAt   ct createdAt   ut updatedAt   stt startedAt   ft finishedAt   w workerId
 *   tok fencing token   res result JSON   err lastError   bo backoff   tmo timeoutMs
 *   ik idempotencyKey   cb callbackUrl   ex executionId   cx cancel requested ('1')
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

/** The hash of a new job as field/value pairs (the id is in the key). */
export function encodeNewJob(job: NewJob, now: number): string[] {
  const f: string[] = ['type', job.type, 'st', job.runAt > now ? 'scheduled' : 'pending', 'ct', String(now)];
  if (job.payloadJson !== 'null') f.push('pl', job.payloadJson);
  if (job.priority !== 0) f.push('pr', String(job.priority));
  if (job.maxAttempts !== DEFAULT_MAX_ATTEMPTS) f.push('max', String(job.maxAttempts));
  if (job.runAt !== now) f.push('run', String(job.runAt));
  const backoff = encodeBackoff(job.backoff);
  if (backoff !== DEFAULT_BACKOFF_TEXT) f.push('bo', backoff);
  if (job.timeoutMs !== DEFAULT_TIMEOUT_MS) f.push('tmo', String(job.timeoutMs));
  if (job.idempotencyKey !== undefined) f.push('ik', job.idempotencyKey);
  if (job.callbackUrl !== undefined) f.push('cb', job.callbackUrl);
  if (job.executionId !== undefined) f.push('ex', job.executionId);
  return f;
}

/** Field/value pairs (as HGETALL or a script reply gives them) to a record, from `start`. */
export function pairsToHash(flat: unknown[], start = 0): JobHash {
  const hash: JobHash = {};
  for (let i = start; i + 1 < flat.length; i += 2) hash[String(flat[i])] = String(flat[i + 1]);
  return hash;
}

function num(text: string | undefined, fallback: number): number {
  return text === undefined ? fallback : Number(text);
}

function optionalNum(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function decodeJob(id: string, h: JobHash): Job {
  const createdAt = num(h.ct, 0);
  const job: Job = {
    id,
    queue: queueOfJobId(id) ?? '',
    type: h.type ?? '',
    payload: parseJson(h.pl),
    status: (h.st ?? 'failed') as JobStatus,
    priority: num(h.pr, 0),
    attempts: num(h.att, 0),
    maxAttempts: num(h.max, DEFAULT_MAX_ATTEMPTS),
    backoff: decodeBackoff(h.bo),
    timeoutMs: num(h.tmo, DEFAULT_TIMEOUT_MS),
    runAt: num(h.run, createdAt),
    createdAt,
    updatedAt: num(h.ut, createdAt),
  };
  const optional: Partial<Job> = {
    startedAt: optionalNum(h.stt),
    finishedAt: optionalNum(h.ft),
    workerId: h.w,
    result: h.res !== undefined ? parseJson(h.res) : h.st === 'succeeded' ? null : undefined,
    lastError: h.err,
    idempotencyKey: h.ik,
    callbackUrl: h.cb,
    executionId: h.ex,
    cancelRequested: h.cx === '1' ? true : undefined,
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v !== undefined) (job as unknown as Record<string, unknown>)[k] = v;
  }
  return job;
}
