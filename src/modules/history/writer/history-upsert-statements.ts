/**
 * The two statements of a batch. Each reads all its rows from ONE json parameter
 * (json_to_recordset), so a batch of any size is one statement per table with a fixed text. json,
 * not jsonb: PostgreSQL checks json text and reads it once, where jsonb would build a binary copy
 * of the whole batch first. Times come as epoch milliseconds (ts()), cheaper to write and to read
 * than ISO text and exact: a double holds them, and to_timestamp rounds to the microsecond.
 *
 * Merge rules, so that an event delivered late or twice changes nothing it should not:
 * - state (status, attempts, updated_at, finished_at, result) comes from the row with the higher
 *   `version`;
 * - started_at/worker_id follow the latest claim (`claim_version`); a worker seen only on an
 *   attempt's end fills an empty worker_id;
 * - last_error follows `error_version`; progress and progress_at follow `progress_version` (on jobs
 *   and on attempts); log_lines is the highest seen;
 * - type, priority, max_attempts, execution_id, schedule_name, schedule_fire_at, graph_key, depends_on come from the
 *   enqueued event whenever it arrives;
 * - created_at is the time in the job's id, the partition key (job-history-fold.ts historyKeyOf):
 *   part of the conflict target, so never changed.
 * Rows are inserted in key order, so concurrent writers lock rows in the same order. The partition
 * maintenance (history-partitions.ts) merges moved rows by the same rules.
 */
const ts = (col: string) => `to_timestamp(r.${col} / 1000)`;
const newer = (col: string) => `coalesce(EXCLUDED.${col}, -1) > coalesce(j.${col}, -1)`;

/** How a stored job_records row `j` takes an incoming row EXCLUDED of the same job. */
export const JOB_RECORD_MERGE = `
  type = coalesce(j.type, EXCLUDED.type),
  priority = coalesce(j.priority, EXCLUDED.priority),
  max_attempts = coalesce(j.max_attempts, EXCLUDED.max_attempts),
  execution_id = coalesce(j.execution_id, EXCLUDED.execution_id),
  schedule_name = coalesce(j.schedule_name, EXCLUDED.schedule_name),
  schedule_fire_at = coalesce(j.schedule_fire_at, EXCLUDED.schedule_fire_at),
  graph_key = coalesce(j.graph_key, EXCLUDED.graph_key),
  depends_on = coalesce(j.depends_on, EXCLUDED.depends_on),
  status = CASE WHEN ${newer('version')} THEN EXCLUDED.status ELSE j.status END,
  attempts = CASE WHEN ${newer('version')} THEN EXCLUDED.attempts ELSE j.attempts END,
  updated_at = CASE WHEN ${newer('version')} THEN EXCLUDED.updated_at ELSE j.updated_at END,
  finished_at = CASE WHEN ${newer('version')} THEN EXCLUDED.finished_at ELSE j.finished_at END,
  result = CASE WHEN ${newer('version')} THEN EXCLUDED.result ELSE j.result END,
  started_at = CASE WHEN ${newer('claim_version')} THEN EXCLUDED.started_at ELSE j.started_at END,
  worker_id = CASE WHEN ${newer('claim_version')} THEN EXCLUDED.worker_id ELSE coalesce(j.worker_id, EXCLUDED.worker_id) END,
  last_error = CASE WHEN ${newer('error_version')} THEN EXCLUDED.last_error ELSE j.last_error END,
  progress = CASE WHEN ${newer('progress_version')} THEN EXCLUDED.progress ELSE j.progress END,
  progress_at = CASE WHEN ${newer('progress_version')} THEN EXCLUDED.progress_at ELSE j.progress_at END,
  progress_version = greatest(j.progress_version, EXCLUDED.progress_version),
  log_lines = greatest(j.log_lines, EXCLUDED.log_lines),
  version = greatest(j.version, EXCLUDED.version),
  claim_version = greatest(j.claim_version, EXCLUDED.claim_version),
  error_version = greatest(j.error_version, EXCLUDED.error_version)`;

export const UPSERT_JOB_RECORDS = `
INSERT INTO job_records AS j (id, queue, type, status, attempts, max_attempts, priority, created_at, updated_at,
  started_at, finished_at, worker_id, result, last_error, execution_id, schedule_name, schedule_fire_at, graph_key, depends_on,
  progress, progress_at, progress_version, log_lines, version, claim_version, error_version)
SELECT r.id, r.queue, r.type, r.status, r.attempts, r.max_attempts, r.priority, ${ts('created_at')}, ${ts('updated_at')},
  ${ts('started_at')}, ${ts('finished_at')}, r.worker_id, r.result, r.last_error, r.execution_id, r.schedule_name,
  ${ts('schedule_fire_at')}, r.graph_key, r.depends_on, r.progress, ${ts('progress_at')}, r.progress_version, r.log_lines,
  coalesce(r.version, 0), r.claim_version, r.error_version
FROM json_to_recordset($1::json) AS r(id text, queue text, type text, status text, attempts integer,
  max_attempts integer, priority integer, created_at float8, updated_at float8, started_at float8,
  finished_at float8, worker_id text, result jsonb, last_error text, execution_id text, schedule_name text,
  schedule_fire_at float8, graph_key text, depends_on jsonb, progress jsonb, progress_at float8, progress_version numeric,
  log_lines integer, version numeric, claim_version numeric, error_version numeric)
ORDER BY r.created_at, r.id
ON CONFLICT (created_at, id) DO UPDATE SET ${JOB_RECORD_MERGE}`;

/** An attempt's end shows only when it is newer than the attempt's latest claim. */
const endIsCurrent = `coalesce(greatest(a.end_version, EXCLUDED.end_version), -1) > coalesce(greatest(a.claim_version, EXCLUDED.claim_version), -1)`;
const endNewer = `coalesce(EXCLUDED.end_version, -1) > coalesce(a.end_version, -1)`;
const claimNewer = `coalesce(EXCLUDED.claim_version, -1) > coalesce(a.claim_version, -1)`;
const progressNewer = `coalesce(EXCLUDED.progress_version, -1) > coalesce(a.progress_version, -1)`;
const endField = (col: string, running: string) =>
  `CASE WHEN NOT (${endIsCurrent}) THEN ${running} WHEN ${endNewer} THEN EXCLUDED.${col} ELSE a.${col} END`;

/** How a stored job_attempts row `a` takes an incoming row EXCLUDED of the same run. */
export const JOB_ATTEMPT_MERGE = `
  attempt = CASE WHEN ${claimNewer} THEN EXCLUDED.attempt ELSE a.attempt END,
  worker_id = CASE WHEN ${claimNewer} THEN EXCLUDED.worker_id ELSE coalesce(a.worker_id, EXCLUDED.worker_id) END,
  started_at = CASE WHEN ${claimNewer} THEN EXCLUDED.started_at ELSE a.started_at END,
  outcome = ${endField('outcome', `'running'`)},
  finished_at = ${endField('finished_at', 'NULL')},
  error = ${endField('error', 'NULL')},
  progress = CASE WHEN ${progressNewer} THEN EXCLUDED.progress ELSE a.progress END,
  progress_at = CASE WHEN ${progressNewer} THEN EXCLUDED.progress_at ELSE a.progress_at END,
  progress_version = greatest(a.progress_version, EXCLUDED.progress_version),
  claim_version = greatest(a.claim_version, EXCLUDED.claim_version),
  end_version = greatest(a.end_version, EXCLUDED.end_version)`;

export const UPSERT_JOB_ATTEMPTS = `
INSERT INTO job_attempts AS a (job_id, created_at, run, attempt, worker_id, started_at, finished_at, outcome, error, claim_version, end_version,
  progress, progress_at, progress_version)
SELECT r.job_id, ${ts('created_at')}, r.run, r.attempt, r.worker_id, ${ts('started_at')}, ${ts('finished_at')}, r.outcome, r.error,
  r.claim_version, r.end_version, r.progress, ${ts('progress_at')}, r.progress_version
FROM json_to_recordset($1::json) AS r(job_id text, created_at float8, run integer, attempt integer, worker_id text,
  started_at float8, finished_at float8, outcome text, error text, claim_version numeric, end_version numeric,
  progress jsonb, progress_at float8, progress_version numeric)
ORDER BY r.created_at, r.job_id, r.run
ON CONFLICT (created_at, job_id, run) DO UPDATE SET ${JOB_ATTEMPT_MERGE}`;

/** Log lines are written once: a line delivered again (same job, same number) changes nothing. */
export const INSERT_JOB_LOGS = `
INSERT INTO job_logs (job_id, created_at, seq, run, at, line)
SELECT r.job_id, ${ts('created_at')}, r.seq, r.run, ${ts('at')}, r.line
FROM json_to_recordset($1::json) AS r(job_id text, created_at float8, seq integer, run integer, at float8, line text)
ORDER BY r.created_at, r.job_id, r.seq
ON CONFLICT (created_at, job_id, seq) DO NOTHING`;

/**
 * Lines of a job older than its newest JOB_LOG_LINES: deleted. A job's lines are keyed by the time
 * in its id, which every row of it carries (job_logs has no rows keyed otherwise), so each job's
 * are found through the key in its one partition.
 */
export const TRIM_JOB_LOGS = `
DELETE FROM job_logs l USING json_to_recordset($1::json) AS r(job_id text, created_at float8, below integer)
WHERE l.created_at = ${ts('created_at')} AND l.job_id = r.job_id AND l.seq < r.below`;
