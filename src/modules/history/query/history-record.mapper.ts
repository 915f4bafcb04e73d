import { ExecutionRecord } from '../../../domain/execution';
import { JobStatus } from '../../../domain/job';
import { ExecutionEntity } from '../entities/execution.entity';
import { JobAttemptEntity } from '../entities/job-attempt.entity';
import { JobRecordEntity } from '../entities/job-record.entity';
import { JobAttemptHistory, JobHistoryRecord } from './job-history.types';

const ms = (d: Date | null) => (d === null ? undefined : d.getTime());
const opt = <T>(v: T | null) => (v === null ? undefined : v);

export function toJobHistoryRecord(e: JobRecordEntity): JobHistoryRecord {
  return {
    id: e.id,
    queue: e.queue,
    type: opt(e.type),
    status: e.status as JobStatus,
    attempts: e.attempts,
    maxAttempts: opt(e.maxAttempts),
    priority: opt(e.priority),
    createdAt: e.createdAt.getTime(),
    updatedAt: e.updatedAt.getTime(),
    startedAt: ms(e.startedAt),
    finishedAt: ms(e.finishedAt),
    workerId: opt(e.workerId),
    result: e.status === 'succeeded' ? e.result : undefined,
    lastError: opt(e.lastError),
    executionId: opt(e.executionId),
    schedule: e.scheduleName !== null && e.scheduleFireAt !== null ? { name: e.scheduleName, fireAt: e.scheduleFireAt.getTime() } : undefined,
    key: opt(e.graphKey ?? null),
    dependsOn: opt(e.dependsOn ?? null),
    ...reported(e),
    logLines: opt(e.logLines ?? null),
  };
}

/** Progress as history holds it: absent until a report set it (a reported null included). */
function reported(e: { progress: unknown; progressAt: Date | null }): { progress?: unknown; progressAt?: number } {
  return e.progressAt === null || e.progressAt === undefined ? {} : { progress: e.progress, progressAt: e.progressAt.getTime() };
}

/**
 * An execution as its refresh last wrote it. History does not record whether the callback was
 * enqueued: a row is read when the store no longer holds the execution, and the store trims only
 * executions whose callback, if any, was enqueued, so a finished row with a callback says true.
 */
export function toExecutionRecord(e: ExecutionEntity): ExecutionRecord {
  const record: ExecutionRecord = {
    id: e.id,
    queue: e.queue,
    total: e.total,
    counts: { pending: e.pending, scheduled: e.scheduled, running: e.running, succeeded: e.succeeded, failed: e.failed, cancelled: e.cancelled, blocked: e.blocked, skipped: e.skipped },
    createdAt: e.createdAt.getTime(),
    updatedAt: e.updatedAt.getTime(),
    version: Number(e.version),
    callbackEnqueued: e.callbackUrl !== null && e.finishedAt !== null,
  };
  if (e.callbackUrl !== null) record.callbackUrl = e.callbackUrl;
  return record;
}

export function toJobAttemptHistory(e: JobAttemptEntity): JobAttemptHistory {
  return {
    jobId: e.jobId,
    attempt: e.attempt,
    run: e.run,
    workerId: opt(e.workerId),
    startedAt: ms(e.startedAt),
    finishedAt: ms(e.finishedAt),
    outcome: e.outcome,
    error: opt(e.error),
    ...reported(e),
  };
}
