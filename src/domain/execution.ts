import { JobStatus, QueueCounts } from './job';
import { newJobId, queueOfJobId } from './job-id';

/**
 * An execution: a group of jobs of one queue with one status. Plain TypeScript, shared by both
 * stores, the refresh and the API.
 */
export const EXECUTION_STATUSES = ['running', 'succeeded', 'failed', 'partial'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** Most jobs one execution may hold (POST /executions). */
export const MAX_EXECUTION_JOBS = 10_000;

/** What a store is asked to create: the jobs come separately, each with `executionId = id`. */
export interface NewExecution {
  id: string;
  queue: string;
  callbackUrl?: string;
  /**
   * A repeat with the key of a live execution of the queue returns that execution and adds
   * nothing. The key is freed when the execution is trimmed (EXECUTION_RETENTION_MS).
   */
  idempotencyKey?: string;
}

/**
 * An execution as a store keeps it: its counters, kept exact by the same atomic step as every job
 * transition. `version` grows on every change of the counters, so a status written from an older
 * read never overwrites a newer one.
 */
export interface ExecutionRecord {
  id: string;
  queue: string;
  total: number;
  counts: QueueCounts;
  createdAt: number;
  updatedAt: number;
  version: number;
  callbackUrl?: string;
  /** The callback job has been enqueued (once per execution). */
  callbackEnqueued: boolean;
}

/** The execution as the API and the callback show it. */
export interface Execution extends ExecutionRecord {
  status: ExecutionStatus;
  finishedAt?: number;
}

/**
 * running until every job is final; then succeeded (all succeeded), failed (none succeeded: all
 * failed, cancelled or skipped) or partial. An execution whose jobs all matched existing idempotency keys
 * holds none, and is vacuously succeeded.
 */
export function deriveExecutionStatus(counts: QueueCounts, total: number): ExecutionStatus {
  const done = counts.succeeded + counts.failed + counts.cancelled + counts.skipped;
  if (done < total) return 'running';
  if (counts.succeeded === total) return 'succeeded';
  if (counts.succeeded === 0) return 'failed';
  return 'partial';
}

export function isExecutionFinal(status: ExecutionStatus): boolean {
  return status !== 'running';
}

/**
 * The record with its status. The last change of the counters is the one that made the execution
 * final, so a final execution finished at its `updatedAt`.
 */
export function toExecution(record: ExecutionRecord): Execution {
  const status = deriveExecutionStatus(record.counts, record.total);
  const execution: Execution = { ...record, counts: { ...record.counts }, status };
  if (isExecutionFinal(status)) execution.finishedAt = record.updatedAt;
  return execution;
}

/** The counters of a status change: one job leaves `from` (absent for a new job) and joins `to`. */
export function moveCount(counts: QueueCounts, from: JobStatus | undefined, to: JobStatus): void {
  if (from !== undefined) counts[from] -= 1;
  counts[to] += 1;
}

/** Execution ids carry their queue as job ids do, so the execution's keys need no lookup. */
export const newExecutionId = newJobId;
export const queueOfExecutionId = queueOfJobId;
