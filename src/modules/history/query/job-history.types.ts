import { JobSchedule, JobStatus } from '../../../domain/job';
import { AttemptOutcome } from '../entities/job-attempt.entity';

/** A job as history stored it. Times are epoch milliseconds, as in the Job model. */
export interface JobHistoryRecord {
  id: string;
  queue: string;
  /** Unknown (undefined) until the job's enqueue event reached history. */
  type?: string;
  status: JobStatus;
  attempts: number;
  maxAttempts?: number;
  priority?: number;
  createdAt: number;
  updatedAt: number;
  startedAt?: number;
  finishedAt?: number;
  workerId?: string;
  result?: unknown;
  lastError?: string;
  executionId?: string;
  schedule?: JobSchedule;
  /** A graph job's key and its parents' keys. */
  key?: string;
  dependsOn?: string[];
  /** The latest progress its handler reported, and when; log lines written in all. */
  progress?: unknown;
  progressAt?: number;
  logLines?: number;
}

export interface JobAttemptHistory {
  jobId: string;
  attempt: number;
  /** The claim's fencing token: unique per attempt of a job, in claim order. */
  run: number;
  workerId?: string;
  startedAt?: number;
  finishedAt?: number;
  outcome: AttemptOutcome;
  error?: string;
  /** The latest progress this attempt reported, and when. */
  progress?: unknown;
  progressAt?: number;
}

export interface JobHistoryQuery {
  queue?: string;
  status?: JobStatus;
  type?: string;
  /** created_at >= from (epoch ms) */
  from?: number;
  /** created_at < to (epoch ms) */
  to?: number;
  /** 1..1000, default 100 */
  limit?: number;
  /** nextCursor of the previous page */
  cursor?: string;
}

export interface JobHistoryPage {
  items: JobHistoryRecord[];
  nextCursor: string | null;
}
