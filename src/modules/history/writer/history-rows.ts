import { AttemptOutcome } from '../entities/job-attempt.entity';

/**
 * One batch's changes, one row per job and one per (job, run), in the shape the upsert
 * statements read with jsonb_to_recordset. Times are ISO strings (exact to the millisecond),
 * positions are decimal strings (they exceed 2^53).
 */
export interface JobRecordRow {
  id: string;
  queue: string;
  type: string | null;
  status: string;
  attempts: number;
  max_attempts: number | null;
  priority: number | null;
  /** the time in the job's id (historyKeyOf): the partition key, the same for every event */
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  worker_id: string | null;
  result: unknown;
  last_error: string | null;
  execution_id: string | null;
  version: string;
  claim_version: string | null;
  error_version: string | null;
}

export interface JobAttemptRow {
  job_id: string;
  /** the job's history key (historyKeyOf), the partition its attempts live in */
  created_at: string;
  /** the attempt's fencing token (JobEvent.run); the attempt number for events written before it */
  run: number;
  attempt: number;
  worker_id: string | null;
  started_at: string | null;
  finished_at: string | null;
  outcome: AttemptOutcome;
  error: string | null;
  claim_version: string | null;
  end_version: string | null;
}

export interface HistoryRows {
  records: JobRecordRow[];
  attempts: JobAttemptRow[];
}
