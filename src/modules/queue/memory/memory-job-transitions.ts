import { JobEvent } from '../../../domain/job-event';
import { isFinal, JobStatus } from '../../../domain/job';
import { AttemptEnd, cancelDecision, ClaimDecision, endAttempt, MALFORMED_RECORD_ERROR, RetryDecision, retryStatus } from '../../../domain/job-lifecycle';
import { findMalformation, MemoryJobRecord } from './memory-job-record';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';

/**
 * The state changes of one job: each updates the record, moves the job between the queue's
 * indexes and returns the event that records the change. Callers have already checked that the
 * change is allowed (status, token); these functions only apply it.
 */


function attemptsOf(record: MemoryJobRecord): number {
  return typeof record.attempts === 'number' && Number.isFinite(record.attempts) ? record.attempts : 0;
}

export function finish(q: MemoryQueue, entry: MemoryJobEntry, status: JobStatus, now: number): void {
  const r = entry.record;
  r.updatedAt = now;
  r.leaseExpiresAt = undefined;
  if (isFinal(status)) r.finishedAt = now;
  q.place(entry, status, now);
}

export function event(entry: MemoryJobEntry, k: JobEvent['k'], now: number, extra: Partial<JobEvent> = {}): JobEvent {
  const out: JobEvent = { k, id: entry.id, st: entry.status, att: attemptsOf(entry.record), at: now };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  return out;
}

/** Fails a job whose record cannot be trusted. Returns undefined when the record is sound. */
export function failIfMalformed(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent | undefined {
  const problem = findMalformation(entry.record);
  if (problem === undefined) return undefined;
  const err = `${MALFORMED_RECORD_ERROR}: ${problem}`;
  entry.record.lastError = err;
  // a stack belongs to its error (endRunningAttempt): this error has none
  delete entry.record.lastErrorStack;
  finish(q, entry, 'failed', now);
  return event(entry, 'failed', now, { err });
}

/** Applies claimDecision: pending -> running, held by `workerId`. */
export function claimJob(q: MemoryQueue, entry: MemoryJobEntry, workerId: string, change: ClaimDecision): JobEvent {
  const r = entry.record;
  const now = change.startedAt;
  r.attempts = change.attempts;
  r.token = change.token;
  r.workerId = workerId;
  r.startedAt = now;
  r.updatedAt = now;
  r.leaseExpiresAt = change.leaseExpiresAt;
  q.place(entry, 'running', now, change.leaseExpiresAt);
  q.hold(entry, workerId);
  return event(entry, 'claimed', now, { w: workerId, run: r.token });
}

export function completeJob(q: MemoryQueue, entry: MemoryJobEntry, resultJson: string | undefined, now: number): JobEvent {
  entry.record.resultJson = resultJson ?? 'null';
  return endRunningAttempt(q, entry, { how: 'complete' }, now, { res: resultJson });
}

/** The end of an attempt that did not succeed, as endAttempt decides: cancelled when asked, else retried or failed. */
export function failJob(
  q: MemoryQueue,
  entry: MemoryJobEntry,
  err: string,
  retryable: boolean,
  delayMs: () => number,
  now: number,
  stack?: string,
): JobEvent {
  return endRunningAttempt(q, entry, { how: 'fail', retryable }, now, { err, stack }, delayMs);
}

/** running -> pending with the attempt given back; or cancelled, when a cancel was asked (endAttempt). */
export function releaseJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent {
  return endRunningAttempt(q, entry, { how: 'release' }, now, {});
}

/** A lost lease: the attempt stays spent; pending again, failed when none are left, cancelled when asked (endAttempt). */
export function expireJob(q: MemoryQueue, entry: MemoryJobEntry, err: string, now: number): JobEvent {
  return endRunningAttempt(q, entry, { how: 'expire' }, now, { err });
}

/**
 * Applies endAttempt's decision to a running job: the record, its index and the event, which
 * names the attempt's worker and run. `text` is what the end carries (a result or an error).
 */
function endRunningAttempt(
  q: MemoryQueue,
  entry: MemoryJobEntry,
  end: AttemptEnd,
  now: number,
  text: { res?: string; err?: string; stack?: string },
  retryDelayMs: () => number = () => 0,
): JobEvent {
  const r = entry.record;
  const w = r.workerId;
  const run = r.token;
  const outcome = endAttempt({ attempts: r.attempts, maxAttempts: r.maxAttempts, cancelRequested: r.cancelRequested === true }, end);
  r.attempts = outcome.attempts;
  if (text.err !== undefined) {
    // the stack belongs to this error or to none (fail.lua's `es`)
    r.lastError = text.err;
    if (text.stack) r.lastErrorStack = text.stack;
    else delete r.lastErrorStack;
  }
  let status = outcome.status;
  if (status === 'retry') {
    const delay = Math.max(0, retryDelayMs());
    r.runAt = now + delay;
    status = retryStatus(delay);
  }
  finish(q, entry, status, now);
  // the stack stays on the record (lastErrorStack): events carry the error text only
  return event(entry, outcome.event, now, { w, run, res: text.res, err: text.err });
}

export function promoteJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent {
  finish(q, entry, 'pending', now);
  return event(entry, 'promoted', now);
}

/**
 * A cancel asked through the API (one job or an execution's), as cancelDecision says: the event
 * it records, undefined when nothing changes (a cancel already requested), or 'refused' for a
 * final job.
 */
export function cancelJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent | undefined | 'refused' {
  switch (cancelDecision(entry.status, entry.record.cancelRequested)) {
    case 'cancel':
      finish(q, entry, 'cancelled', now);
      return event(entry, 'cancelled', now);
    case 'request':
      entry.record.cancelRequested = true;
      entry.record.updatedAt = now;
      return event(entry, 'cancel_requested', now, { w: entry.record.workerId, run: entry.record.token });
    case 'already_requested':
      return undefined;
    case 'refuse':
      return 'refused';
  }
}

/** Applies retryDecision: failed|cancelled -> pending, nothing of the earlier run left but its error and run number. */
export function retryJob(q: MemoryQueue, entry: MemoryJobEntry, change: RetryDecision): JobEvent {
  const r = entry.record;
  const now = change.runAt;
  r.attempts = change.attempts;
  r.workerId = undefined;
  r.startedAt = undefined;
  r.runAt = change.runAt;
  r.cancelRequested = false;
  r.finishedAt = undefined;
  r.resultJson = undefined;
  finish(q, entry, change.status, now);
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
    ...(r.schedule !== undefined ? { sn: r.schedule.name, sf: r.schedule.fireAt } : {}),
    ...(r.graph?.key !== undefined ? { key: r.graph.key } : {}),
    ...(r.graph?.dependsOn !== undefined ? { dep: [...r.graph.dependsOn] } : {}),
  });
}
