/**
 * SQL that fills history in bulk for bench/history.bench.ts: server-side INSERT ... SELECT FROM
 * generate_series straight into one day partition at a time (no API, no writer, no client-side
 * rows). Rows have the shape the history writer gives them:
 *
 * - ids are claimq ids, `<queue>-<10 Crockford base32 chars of the ms><10 more>`, and created_at is
 *   exactly the time in the id (claimq_id_time(id) = created_at), computed the way claimq_id_time
 *   computes it ('epoch' + ms * 1 ms);
 * - job n (0-based, across the fill) is created at dayStart + (n - first) * 86,400,000 / perDay: no
 *   two jobs of a day share a millisecond, so ids are unique whatever their 10 random characters
 *   (a hash of n); its other properties come from hashint8extended(n) too, so a fill is
 *   the same every time: 4 queues, 5 types, status 97.0% succeeded, 2.0% failed (1-3 attempts,
 *   last_error, one job_attempts row per attempt), 0.3% pending, 0.3% running (one attempt row,
 *   outcome running), 0.4% cancelled;
 * - versions are eventVersion(ms, seq, index) (event-version.ts): ms * 10^13 + seq * 10^6 + index;
 * - a succeeded job's attempt has no job_attempts row (the writer's fold: claimed and ended in one
 *   batch, the job's row holds it); result is null for `noop`, a small JSON for the other types;
 * - one execution per 1,000 jobs: jobs n with n % 1000 < 100 belong to execution n / 1000 (its
 *   queue, its id in their execution_id), created at the time of job n = 1000 * b.
 */

/** Helper functions in the bench's own database (dropped with it). All inlinable SQL. */
export const FILL_FUNCTIONS = [
  // 10 Crockford base32 characters of the low 50 bits of v, most significant first (job-id.ts encodeTime)
  `CREATE FUNCTION bench_b32(v bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT ${Array.from({ length: 10 }, (_, i) => `substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((v >> ${5 * (9 - i)}) & 31)::int + 1, 1)`).join(' || ')}
   $$`,
  // the timestamptz claimq_id_time gives for a time of `ms`
  `CREATE FUNCTION bench_ts(ms bigint) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT 'epoch'::timestamptz + ms * interval '1 millisecond'
   $$`,
  // eventVersion(ms, seq, index)
  `CREATE FUNCTION bench_version(ms bigint, seq bigint, idx int) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT ms::numeric * 10000000000000 + (seq % 1000000) * 1000000 + idx
   $$`,
];

export const FILL_QUEUES = ['emails', 'billing', 'reports', 'webhooks'];
export const FILL_TYPES = ['noop', 'http', 'email.send', 'report.render', 'image.resize'];
/** Workers as claimq names them (`<host>-<pid>-<random>`). */
export const FILL_WORKERS = Array.from({ length: 8 }, (_, i) => `worker-${i + 1}-${1200 + 37 * i}-${(0xa1b2c3 + 0x1f3d5 * i).toString(16).slice(-6)}`);
export const FILL_ERROR = 'Error: request to https://api.example.com/v1/charges failed, reason: connect ECONNREFUSED 10.0.3.17:443';
const HTTP_RESULT = '{"status":200,"body":{"ok":true,"id":"ch_3PqX9e2eZvKYlo2C1x8T","amount":1999}}';
const SMALL_RESULT = '{"ok":true}';
const MASK_62 = '4611686018427387903';
const MASK_50 = '1125899906842623';

export interface FillDay {
  /** job_records / job_attempts / executions partition names of the day */
  records: string;
  attempts: string;
  executions: string;
  /** UTC midnight of the day, epoch ms */
  dayStart: number;
  /** first job number of the day and jobs in it (a multiple of 1000) */
  first: number;
  count: number;
}

const lit = (values: string[]) => `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}])`;
const execQueue = `${lit(FILL_QUEUES)}[(n / 1000) % ${FILL_QUEUES.length} + 1]`;

/** Jobs [from, to) of one day (a chunk of [first, first + count)), into its job_records partition. */
export function jobRecordsFill(day: FillDay, from: number, to: number): { sql: string; params: unknown[] } {
  const sql = `
INSERT INTO "${day.records}" (id, queue, type, status, attempts, max_attempts, priority, created_at, updated_at,
  started_at, finished_at, worker_id, result, last_error, execution_id, version, claim_version, error_version)
SELECT
  s.queue || '-' || bench_b32(s.ms) || bench_b32(s.tail),
  s.queue,
  ${lit(FILL_TYPES)}[s.ti + 1],
  s.status,
  s.attempts,
  CASE WHEN s.status = 'failed' THEN s.attempts ELSE 3 END,
  0,
  bench_ts(s.ms),
  bench_ts(CASE s.status WHEN 'pending' THEN s.ms WHEN 'running' THEN s.claim_ms WHEN 'cancelled' THEN s.ms + 60000 ELSE s.end_ms END),
  CASE WHEN s.claimed THEN bench_ts(s.claim_ms) END,
  CASE s.status WHEN 'succeeded' THEN bench_ts(s.end_ms) WHEN 'failed' THEN bench_ts(s.end_ms) WHEN 'cancelled' THEN bench_ts(s.ms + 60000) END,
  CASE WHEN s.claimed THEN ${lit(FILL_WORKERS)}[s.worker + 1] END,
  CASE WHEN s.status = 'succeeded' AND s.ti = 1 THEN '${HTTP_RESULT}'::jsonb WHEN s.status = 'succeeded' AND s.ti > 1 THEN '${SMALL_RESULT}'::jsonb END,
  CASE WHEN s.status = 'failed' THEN '${FILL_ERROR}' END,
  CASE WHEN s.n % 1000 < 100 THEN s.queue || '-' || bench_b32(s.exec_ms) || bench_b32(hashint8extended(s.n / 1000, 13) & ${MASK_50}) END,
  bench_version(CASE s.status WHEN 'pending' THEN s.ms WHEN 'running' THEN s.claim_ms WHEN 'cancelled' THEN s.ms + 60000 ELSE s.end_ms END, s.n,
    CASE s.status WHEN 'pending' THEN 0 WHEN 'running' THEN 1 WHEN 'cancelled' THEN 0 ELSE 2 END),
  CASE WHEN s.claimed THEN bench_version(s.claim_ms, s.n, 1) END,
  CASE WHEN s.status = 'failed' THEN bench_version(s.end_ms, s.n, 2) END
FROM (
  SELECT b.*,
    b.status IN ('succeeded', 'failed', 'running') AS claimed,
    b.ms + 5 + b.jitter + (b.attempts - 1) * 2000 AS claim_ms,
    b.ms + 5 + b.jitter + (b.attempts - 1) * 2000 + 20 + 3 * b.jitter AS end_ms
  FROM (
    SELECT a.n, a.ms, a.tail, a.exec_ms,
      CASE WHEN a.n % 1000 < 100 THEN ${execQueue} ELSE ${lit(FILL_QUEUES)}[a.h % ${FILL_QUEUES.length} + 1] END AS queue,
      ((a.h >> 2) % ${FILL_TYPES.length})::int AS ti,
      CASE WHEN a.roll < 970 THEN 'succeeded' WHEN a.roll < 990 THEN 'failed' WHEN a.roll < 993 THEN 'pending'
        WHEN a.roll < 996 THEN 'running' ELSE 'cancelled' END AS status,
      CASE WHEN a.roll < 970 THEN 1 WHEN a.roll < 990 THEN ((a.h >> 15) % 3 + 1)::int WHEN a.roll < 993 THEN 0
        WHEN a.roll < 996 THEN 1 ELSE 0 END AS attempts,
      (a.h >> 17) % 50 AS jitter,
      ((a.h >> 23) % ${FILL_WORKERS.length})::int AS worker
    FROM (
      SELECT n,
        $1::bigint + (n - $2::bigint) * 86400000 / $3::bigint AS ms,
        $1::bigint + ((n / 1000) * 1000 - $2::bigint) * 86400000 / $3::bigint AS exec_ms,
        hashint8extended(n, 11) & ${MASK_50} AS tail,
        hashint8extended(n, 7) & ${MASK_62} AS h,
        ((hashint8extended(n, 7) & ${MASK_62}) >> 5) % 1000 AS roll
      FROM generate_series($4::bigint, $5::bigint - 1) AS g(n)
    ) a
  ) b
) s`;
  return { sql, params: [day.dayStart, day.first, day.count, from, to] };
}

/**
 * The attempts of the day's failed jobs (one failed row per attempt, 2 s apart, the last one
 * ending at the job's end) and running jobs (one running row), from its job_records partition.
 */
export function jobAttemptsFill(day: FillDay): string {
  const back = `(r.attempts - k)`;
  return `
INSERT INTO "${day.attempts}" (job_id, created_at, run, attempt, worker_id, started_at, finished_at, outcome, error, claim_version, end_version)
SELECT r.id, r.created_at, k, k, r.worker_id,
  r.started_at - ${back} * interval '2 seconds',
  CASE WHEN r.status = 'failed' THEN r.finished_at - ${back} * interval '2 seconds' END,
  CASE WHEN r.status = 'failed' THEN 'failed' ELSE 'running' END,
  CASE WHEN r.status = 'failed' THEN r.last_error END,
  r.claim_version - ${back} * 20000000000000000,
  CASE WHEN r.status = 'failed' THEN r.version - ${back} * 20000000000000000 END
FROM "${day.records}" r CROSS JOIN LATERAL generate_series(1, r.attempts) AS k
WHERE r.status IN ('failed', 'running')
ORDER BY r.created_at, r.id, k`;
}

/** One execution per 1,000 jobs of the day (100 member jobs each, finished: partial). */
export function executionsFill(day: FillDay): { sql: string; params: unknown[] } {
  const sql = `
INSERT INTO "${day.executions}" (id, queue, status, total, pending, scheduled, running, succeeded, failed, cancelled,
  callback_url, created_at, updated_at, finished_at, version)
SELECT e.queue || '-' || bench_b32(e.ms) || bench_b32(hashint8extended(e.n / 1000, 13) & ${MASK_50}),
  e.queue, 'partial', 100, 0, 0, 0, 97, 2, 1,
  CASE WHEN (e.n / 1000) % 2 = 0 THEN 'https://hooks.example.com/claimq/executions' END,
  bench_ts(e.ms), bench_ts(e.ms + 4000), bench_ts(e.ms + 4000), 201
FROM (
  SELECT n, ${execQueue} AS queue, $1::bigint + (n - $2::bigint) * 86400000 / $3::bigint AS ms
  FROM generate_series($2::bigint, $2::bigint + $3::bigint - 1, 1000) AS g(n)
) e`;
  return { sql, params: [day.dayStart, day.first, day.count] };
}
