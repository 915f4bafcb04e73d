import { JobStatus } from './job';

/**
 * The job life cycle. Every store checks its transitions against this table, so the memory store
 * and the Lua scripts agree (the scripts encode the same table; the contract suite proves it).
 *
 *   pending -> running -> succeeded
 *   running -> scheduled (retry after backoff) -> pending
 *   running -> pending (released, or lease expired with attempts left)
 *   running -> failed (attempts exhausted, non-retryable, lease expired on the last attempt)
 *   pending | scheduled -> cancelled
 *   failed | cancelled -> pending (retry by API)
 */
export type JobAction = 'claim' | 'complete' | 'fail' | 'retry_later' | 'release' | 'expire' | 'cancel' | 'retry' | 'promote';

const TRANSITIONS: Record<JobAction, Partial<Record<JobStatus, JobStatus>>> = {
  claim: { pending: 'running' },
  complete: { running: 'succeeded' },
  fail: { running: 'failed' },
  retry_later: { running: 'scheduled' },
  release: { running: 'pending' },
  expire: { running: 'pending' },
  cancel: { pending: 'cancelled', scheduled: 'cancelled' },
  retry: { failed: 'pending', cancelled: 'pending' },
  promote: { scheduled: 'pending' },
};

export function nextStatus(from: JobStatus, action: JobAction): JobStatus | undefined {
  return TRANSITIONS[action][from];
}

export function canTransition(from: JobStatus, action: JobAction): boolean {
  return nextStatus(from, action) !== undefined;
}
