import { JobStatus } from '../../domain/job';
import { JobOperations, ListPage, ListQuery } from '../queue';
/**
 * A bulk cancel or retry over one queue's filtered listing, one bounded batch per call: one page
 * of the listing (store.list), then the action on each of its jobs. The caller calls again with
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
export declare const BULK_ACTION_STATUSES: {
    readonly cancel: readonly ["pending", "scheduled", "running"];
    readonly retry: readonly ["failed", "cancelled"];
};
export declare const DEFAULT_BULK_LIMIT = 500;
export declare const MAX_BULK_LIMIT = 1000;
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
export type BulkJobOperations = {
    list(query: ListQuery): Promise<ListPage>;
} & Pick<JobOperations, 'cancel' | 'retry'>;
export declare function runBulkAction(jobs: BulkJobOperations, action: BulkAction, query: BulkActionQuery): Promise<BulkActionResult>;
