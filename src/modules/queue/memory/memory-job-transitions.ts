import { JobEvent } from '../../../domain/job-event';
import { JobStatus } from '../../../domain/job';
import { findMalformation, MemoryJobRecord } from './memory-job-record';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';

/**
 * The state changes of one job: each updates the record, moves the job between the queue's
 * indexes and returns the event that records the change. Callers have already checked that the
 * change is allowed (status, token); these functions only apply it.
 */

export const MALFORMED_PREFIX = 'malformed job record';

function attemptsOf(record: MemoryJobRecord): number {
  return typeof record.attempts === 'number' && Number.isFinite(record.attempts) ? record.attempts : 0;
}

function finish(q: MemoryQueue, entry: MemoryJobEntry, status: JobStatus, now: number): void {
  const r = entry.record;
  r.updatedAt = now;
  r.leaseExpiresAt = undefined;
  if (status === 'succeeded' || status === 'failed' || status === 'cancelled') r.finishedAt = now;
  q.place(entry, status, now);
}

function event(entry: MemoryJobEntry, k: JobEvent['k'], now: number, extra: Partial<JobEvent> = {}): JobEvent {
  const out: JobEvent = { k, id: entry.id, st: entry.status, att: attemptsOf(entry.record), at: now };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  return out;
}

/** Fails a job whose record cannot be trusted. Returns undefined when the record is sound. */
export function failIfMalformed(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent | undefined {
  const problem = findMalformation(entry.record);
  if (problem === undefined) return undefined;
  const err = `${MALFORMED_PREFIX}: ${problem}`;
  entry.record.lastError = err;
  finish(q, entry, 'failed', now);
  return event(entry, 'failed', now, { err });
}

export function claimJob(q: MemoryQueue, entry: MemoryJobEntry, workerId: string, leaseExpiresAt: number, now: number): JobEvent {
  const r = entry.record;
  r.attempts += 1;
  r.token += 1;
  r.workerId = workerId;
  r.startedAt = now;
  r.updatedAt = now;
  r.leaseExpiresAt = leaseExpiresAt;
  q.place(entry, 'running', now, leaseExpiresAt);
  q.hold(entry, workerId);
  return event(entry, 'claimed', now, { w: workerId, run: r.token });
}

export function completeJob(q: MemoryQueue, entry: MemoryJobEntry, resultJson: string | undefined, now: number): JobEvent {
  const res = resultJson ?? 'null';
  entry.record.resultJson = res;
  const w = entry.record.workerId;
  const run = entry.record.token;
  finish(q, entry, 'succeeded', now);
  return event(entry, 'succeeded', now, { w, run, res });
}

/** The end of an attempt that did not succeed: cancelled when asked, else failed or retried. */
export function failJob(q: MemoryQueue, entry: MemoryJobEntry, err: string, retryable: boolean, delayMs: () => number, now: number): JobEvent {
  const r = entry.record;
  const w = r.workerId;
  const run = r.token;
  r.lastError = err;
  if (r.cancelRequested) {
    finish(q, entry, 'cancelled', now);
    return event(entry, 'cancelled', now, { w, run, err });
  }
  if (!retryable || r.attempts >= r.maxAttempts) {
    finish(q, entry, 'failed', now);
    return event(entry, 'failed', now, { w, run, err });
  }
  const delay = Math.max(0, delayMs());
  r.runAt = now + delay;
  finish(q, entry, delay === 0 ? 'pending' : 'scheduled', now);
  return event(entry, 'retry_scheduled', now, { w, run, err });
}

/**
 * running -> pending with the attempt given back; or cancelled, when a cancel was asked, with the
 * attempt kept spent (it ran, and the history records it), as release.lua does.
 */
export function releaseJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent {
  const r = entry.record;
  const w = r.workerId;
  const run = r.token;
  if (r.cancelRequested) {
    finish(q, entry, 'cancelled', now);
    return event(entry, 'cancelled', now, { w, run });
  }
  r.attempts = Math.max(0, r.attempts - 1);
  finish(q, entry, 'pending', now);
  return event(entry, 'released', now, { w, run });
}

/** A lost lease: the attempt stays spent; pending again, failed when none are left, cancelled when asked. */
export function expireJob(q: MemoryQueue, entry: MemoryJobEntry, err: string, now: number): JobEvent {
  const r = entry.record;
  const w = r.workerId;
  const run = r.token;
  r.lastError = err;
  if (r.cancelRequested) {
    finish(q, entry, 'cancelled', now);
    return event(entry, 'cancelled', now, { w, run, err });
  }
  finish(q, entry, r.attempts >= r.maxAttempts ? 'failed' : 'pending', now);
  return event(entry, 'expired', now, { w, run, err });
}

export function promoteJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent {
  finish(q, entry, 'pending', now);
  return event(entry, 'promoted', now);
}

export function cancelJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent {
  finish(q, entry, 'cancelled', now);
  return event(entry, 'cancelled', now);
}

export function requestCancel(entry: MemoryJobEntry, now: number): JobEvent {
  entry.record.cancelRequested = true;
  entry.record.updatedAt = now;
  return event(entry, 'cancel_requested', now);
}

/** failed|cancelled -> pending, a fresh set of attempts, runnable now. */
export function retryJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent {
  const r = entry.record;
  r.attempts = 0;
  r.runAt = now;
  r.cancelRequested = false;
  r.finishedAt = undefined;
  r.resultJson = undefined;
  finish(q, entry, 'pending', now);
  return event(entry, 'retried', now);
}

export function enqueuedEvent(entry: MemoryJobEntry, now: number): JobEvent {
  const r = entry.record;
  return event(entry, 'enqueued', now, {
    type: r.type,
    prio: r.priority,
    ctime: r.createdAt,
    max: r.maxAttempts,
    ...(r.executionId !== undefined ? { exec: r.executionId } : {}),
  });
}
