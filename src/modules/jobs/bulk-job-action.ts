import { InvalidJobSpecError, InvalidTransitionError, JobNotFoundError } from '../../domain/errors';
import { Job, JobStatus } from '../../domain/job';
import { JobAdmin } from '../queue';

/**
 * A bulk cancel or retry over one queue's filtered listing, one bounded batch per call: one page
 * of the listing (list), then the action on each of its jobs. The caller calls again with
 * `nextCursor` until it is null.
 *
 * Why the paging stays exact although every batch takes the jobs it changed out of the very index
 * it pages: every store's list cursor names the position after the last job listed (Redis: that
 * entry's score and id, list-cursor by rank; memory: the sequence number it entered the index
 * with; partitioned: a partition and its own cursor), never an offset. Jobs that leave the index
 * leave the position where it is; jobs that join it (a retried job failing again) join ahead of
 * it. So a pass meets every job that was in the index when it started, and each once.
 */
export type BulkAction = 'cancel' | 'retry';

/** The statuses each action lists, the first one the default. */
export const BULK_ACTION_STATUSES = {
  cancel: ['pending', 'scheduled', 'running'],
  retry: ['failed', 'cancelled'],
} as const satisfies Record<BulkAction, readonly JobStatus[]>;

export const DEFAULT_BULK_LIMIT = 500;
export const MAX_BULK_LIMIT = 1_000;
/** Jobs of one batch changed at once. */
const BULK_CONCURRENCY = 16;

export interface BulkActionQuery {
  queue: string;
  status?: JobStatus;
  type?: string;
  limit?: number;
  cursor?: string;
}

export interface BulkActionResult {
  /** Jobs of the page looked at. */
  processed: number;
  /** Jobs the action changed. */
  changed: number;
  /** Jobs that had moved on since the page was read (gone, or no longer in a state the action takes). */
  skipped: number;
  nextCursor: string | null;
}

/** What a bulk action needs of the jobs: a listing and the single-job actions (JobsService's, with their callbacks). */
export type BulkJobOperations = Pick<JobAdmin, 'list' | 'cancel' | 'retry'>;

export async function runBulkAction(jobs: BulkJobOperations, action: BulkAction, query: BulkActionQuery): Promise<BulkActionResult> {
  const statuses: readonly JobStatus[] = BULK_ACTION_STATUSES[action];
  const status = query.status ?? statuses[0];
  if (!statuses.includes(status)) throw new InvalidJobSpecError('status', `must be one of ${statuses.join(', ')} for a bulk ${action}`);
  const limit = query.limit ?? DEFAULT_BULK_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_BULK_LIMIT) throw new InvalidJobSpecError('limit', `must be an integer from 1 to ${MAX_BULK_LIMIT}`);
  const page = await jobs.list({ queue: query.queue, status, type: query.type, limit, cursor: query.cursor });
  let changed = 0;
  const apply = async (job: Job): Promise<void> => {
    // a running job already asked to cancel: nothing is left to change
    if (action === 'cancel' && job.status === 'running' && job.cancelRequested) return;
    try {
      await (action === 'cancel' ? jobs.cancel(job.id) : jobs.retry(job.id));
      changed++;
    } catch (error) {
      if (error instanceof JobNotFoundError || error instanceof InvalidTransitionError) return;
      throw error;
    }
  };
  for (let i = 0; i < page.items.length; i += BULK_CONCURRENCY) {
    await Promise.all(page.items.slice(i, i + BULK_CONCURRENCY).map(apply));
  }
  return { processed: page.items.length, changed, skipped: page.items.length - changed, nextCursor: page.nextCursor };
}
