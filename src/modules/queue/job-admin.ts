import { Job, JobStatus, QueueCounts } from '../../domain/job';
import { OldestPending } from '../../domain/queue-stats';
import { LogPage } from '../../domain/job-progress';

/**
 * Jobs as the API and the dashboard see them: read, page, find by key, change one (cancel, retry,
 * promote) and count. One port of the job engine (job-engine.ts), injected by its own token.
 */
export abstract class JobAdmin {
  abstract get(id: string): Promise<Job | null>;

  /**
   * Kept log lines of a job (job-progress.ts) from line number `from` on, at most `limit`, oldest
   * first; null when the store does not hold the job.
   */
  abstract logs(id: string, from: number, limit: number): Promise<LogPage | null>;

  /** Pages through jobs of one queue, newest state index order; `cursor` is opaque. */
  abstract list(query: ListQuery): Promise<ListPage>;

  /** The live job that idempotency key `key` names in `queue`, or null. */
  abstract findByIdempotencyKey(queue: string, key: string): Promise<Job | null>;

  /** pending|scheduled -> cancelled; running -> cancel requested (aborted at its next heartbeat). */
  abstract cancel(id: string): Promise<Job>;

  /** failed|cancelled -> pending with attempts reset. */
  abstract retry(id: string): Promise<Job>;

  /**
   * scheduled -> pending now (runAt = now), as promoteDue moves a due job: its priority and group
   * kept, behind the jobs already pending, the same `promoted` event. Anything else is refused
   * (InvalidTransitionError); an unknown id is JobNotFoundError.
   */
  abstract promote(id: string): Promise<Job>;

  abstract counts(queue: string): Promise<QueueCounts>;

  /**
   * The pending job that has waited longest, and since when (max(runAt, createdAt)), found
   * through the pending indexes' heads only: the first job of each group and priority. Each head
   * is the earliest to have entered its index; a job put back in pending (a release, an expired
   * lease) keeps its earlier runAt but waits behind the others. An engine that looks at a bounded
   * number of heads says `approximate` when it left some unread. Read-only.
   */
  abstract oldestPending(queue: string): Promise<OldestPending>;

  /** Every queue that has ever held a job, plus the configured ones. */
  abstract queues(): Promise<string[]>;
}

export interface ListQuery {
  queue: string;
  status?: JobStatus;
  type?: string;
  limit: number;
  cursor?: string;
}

export interface ListPage {
  items: Job[];
  nextCursor: string | null;
}
