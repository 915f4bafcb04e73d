/**
 * The largest batch each batch setting allows: every store script runs at these sizes
 * (test/contract/batch-limits.cases.ts runs each one at its maximum, on both stores).
 */
/** WORKER_CONCURRENCY: a claim of this many jobs is one script call. */
export const MAX_WORKER_CONCURRENCY = 10_000;
/**
 * REAPER_BATCH: records one reaper script touches per call. As large as the largest claim; above
 * it a single reap, trim or promotion would block Redis for longer than any other script does.
 */
export const MAX_REAPER_BATCH = 10_000;
/** REFRESH_BATCH: executions one refresh claims and acknowledges per call. */
export const MAX_REFRESH_BATCH = 10_000;
/** EVENTS_MAXLEN: events kept per queue for the history writer (about 20 GB of Redis at its max). */
export const MAX_EVENTS_MAXLEN = 100_000_000;
/**
 * HISTORY_BACKLOG_MAX_MB: the memory one event stream (one queue partition) may hold for the
 * history writer before its oldest unread events are dropped as a gap. 64 GiB: more than one
 * stream of a Redis server should ever take; the memory store's log counts against it too.
 */
export const MIN_HISTORY_BACKLOG_MB = 1;
export const MAX_HISTORY_BACKLOG_MB = 65_536;
/** MAX_BODY_BYTES: the largest request body a deployment may allow. */
export const MAX_BODY_BYTES_LIMIT = 64 * 1024 * 1024;
/** MAX_PAYLOAD_BYTES: the largest job payload a deployment may allow. */
export const MAX_PAYLOAD_BYTES_LIMIT = 16 * 1024 * 1024;

/** Most redirects HTTP_MAX_REDIRECTS lets an `http` job follow (fetch's own limit is 20). */
export const MAX_HTTP_REDIRECTS = 20;

/**
 * Most replicas REDIS_WAIT_REPLICAS may ask for: a master with more replicas than this is rare,
 * and each one asked for adds its replication round trip to every acknowledged write.
 */
export const MAX_WAIT_REPLICAS = 5;

/** HISTORY_RETENTION_DAYS: ten years (one partition per day: about 3,650 per table at most). */
export const MAX_HISTORY_RETENTION_DAYS = 3650;

/** HISTORY_COALESCE_MS: history may lag this much behind the store at most, when it is not behind. */
export const MAX_HISTORY_COALESCE_MS = 10_000;

/** SCHEDULER_BATCH: schedules one claim takes (and one settle records): one script each. */
export const MAX_SCHEDULER_BATCH = 1_000;

/**
 * AUDIT_MAX_ENTRIES: the audit trail the job store keeps (without history). An entry is a few
 * hundred bytes (its details are capped), so the most is some tens of MB of Redis memory.
 */
export const MAX_AUDIT_ENTRIES = 100_000;

/** WORKER_IDLE_WAIT_MS at most: 10 minutes (a lost wake-up costs at most this). */
export const MAX_WORKER_IDLE_WAIT_MS = 600_000;

/** STREAMS_MAX: event streams one API process holds open at once, by default and at most (bench:streams runs 10,000). */
export const DEFAULT_STREAMS_MAX = 10_000;
export const MAX_STREAMS_MAX = 10_000;
