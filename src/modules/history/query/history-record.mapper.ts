import { JobStatus } from '../../../domain/job';
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
  };
}

export function toJobAttemptHistory(e: JobAttemptEntity): JobAttemptHistory {
  return {
    jobId: e.jobId,
    attempt: e.attempt,
    workerId: opt(e.workerId),
    startedAt: ms(e.startedAt),
    finishedAt: ms(e.finishedAt),
    outcome: e.outcome,
    error: opt(e.error),
  };
}
