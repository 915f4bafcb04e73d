import { AttemptOutcome } from '../entities/job-attempt.entity';

/**
 * One batch's changes, one row per job and one per (job, run), in the shape the upsert
 * statements read with json_to_recordset. Times are epoch milliseconds (the statements make them
 * timestamptz, exactly), positions are decimal strings (they exceed 2^53).
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
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  worker_id: string | null;
  result: unknown;
  last_error: string | null;
  execution_id: string | null;
  /**
   * The job's schedule (name, and fireAt in epoch ms), present only once an enqueued event carried
   * one: json_to_recordset reads a missing key as NULL, so the rows of most jobs are not longer.
   */
  schedule_name?: string;
  schedule_fire_at?: number;
  /** A graph job's key and its parents' keys (job-graph.ts), present only for such jobs, as the schedule. */
  graph_key?: string;
  depends_on?: string[];
  version: string;
  claim_version: string | null;
  error_version: string | null;
}

export interface JobAttemptRow {
  job_id: string;
  /** the job's history key (historyKeyOf), the partition its attempts live in */
  created_at: number;
  /** the attempt's fencing token (JobEvent.run); the attempt number for events written before it */
  run: number;
  attempt: number;
  worker_id: string | null;
  started_at: number | null;
  finished_at: number | null;
  outcome: AttemptOutcome;
  error: string | null;
  claim_version: string | null;
  end_version: string | null;
}

export interface HistoryRows {
  records: JobRecordRow[];
  attempts: JobAttemptRow[];
}

/**
 * The rows as json text, without U+0000: Postgres text and jsonb cannot hold it, and a job's error
 * or result (values and keys) may contain it. JSON.stringify writes it as the escape \u0000; where
 * that escape's backslash follows an even number of backslashes (escaped backslashes, kept), it is
 * U+0000 and is dropped. A batch without one (almost all) is scanned once, by includes().
 */
export function rowsJson(rows: readonly object[]): string {
  const json = JSON.stringify(rows);
  return json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1') : json;
}
