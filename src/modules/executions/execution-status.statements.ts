/**
 * One statement per refreshed batch: every row comes from ONE jsonb parameter, so a batch of any
 * size is one statement with a fixed text. A row only replaces an older version of itself, so a
 * slow refresher's late write never puts back an older status. Rows go in id order, so concurrent
 * refreshers lock rows in the same order. The table is partitioned by created_at, fixed at the
 * execution's creation, so every refresh of an execution names the same (id, created_at) key.
 */
export const UPSERT_EXECUTIONS = `
INSERT INTO executions AS e (id, queue, status, total, pending, scheduled, running, succeeded, failed, cancelled, blocked, skipped,
  callback_url, created_at, updated_at, finished_at, version)
SELECT r.id, r.queue, r.status, r.total, r.pending, r.scheduled, r.running, r.succeeded, r.failed, r.cancelled, coalesce(r.blocked, 0), coalesce(r.skipped, 0),
  r.callback_url, r.created_at, r.updated_at, r.finished_at, r.version
FROM jsonb_to_recordset($1::jsonb) AS r(id text, queue text, status text, total integer, pending integer,
  scheduled integer, running integer, succeeded integer, failed integer, cancelled integer, blocked integer, skipped integer, callback_url text,
  created_at timestamptz, updated_at timestamptz, finished_at timestamptz, version bigint)
ORDER BY r.created_at, r.id
ON CONFLICT (id, created_at) DO UPDATE SET
  status = EXCLUDED.status, total = EXCLUDED.total, pending = EXCLUDED.pending, scheduled = EXCLUDED.scheduled,
  running = EXCLUDED.running, succeeded = EXCLUDED.succeeded, failed = EXCLUDED.failed, cancelled = EXCLUDED.cancelled,
  blocked = EXCLUDED.blocked, skipped = EXCLUDED.skipped,
  callback_url = EXCLUDED.callback_url, updated_at = EXCLUDED.updated_at, finished_at = EXCLUDED.finished_at,
  version = EXCLUDED.version
WHERE e.version < EXCLUDED.version`;
