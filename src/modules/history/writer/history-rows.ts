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
  /**
   * The latest progress (the value), when, and its event's position; log_lines: lines written in
   * all. Present only once a progress or log event of the job was folded, as the schedule.
   */
  progress?: unknown;
  progress_at?: number;
  progress_version?: string;
  log_lines?: number;
  /**
   * null for a row only progress or log events made (they change no state): written as 0, so any
   * state event's row wins the merge, and its status and attempts are what those events saw.
   */
  version: string | null;
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
  /** The attempt's latest progress, when, and its event's position (present once one was folded). */
  progress?: unknown;
  progress_at?: number;
  progress_version?: string;
}

/** One kept log line of a job (job_logs). */
export interface JobLogRow {
  job_id: string;
  created_at: number;
  /** the line's number, from 1 over the job's life */
  seq: number;
  run: number;
  at: number;
  line: string;
}

/** A job whose lines numbered below `below` are no longer kept (more than JOB_LOG_LINES written). */
export interface JobLogTrim {
  job_id: string;
  created_at: number;
  below: number;
}

export interface HistoryRows {
  records: JobRecordRow[];
  attempts: JobAttemptRow[];
  logs: JobLogRow[];
  logTrims: JobLogTrim[];
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
