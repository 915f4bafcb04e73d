/**
 * Bounds of the numeric job options the API accepts. The domain owns the names, priorities and
 * attempts (src/domain/job.ts); these bound what only the HTTP edge meets: delays and timeouts a
 * client could set absurdly far out.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A job may wait at most a year before it first runs (delayMs, or runAt past now). */
export const MAX_DELAY_MS = 365 * DAY_MS;
/** Hard time limit of one attempt. */
export const MIN_TIMEOUT_MS = 1;
export const MAX_TIMEOUT_MS = DAY_MS;
/** Backoff base delay and cap between two attempts. */
export const MAX_BACKOFF_DELAY_MS = 7 * DAY_MS;
/** Largest epoch ms a JavaScript Date can hold (year 275760). */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const MAX_CALLBACK_URL_LENGTH = 2048;
export const MAX_BULK_JOBS = 1000;
export const MAX_LIST_LIMIT = 500;
export const DEFAULT_LIST_LIMIT = 50;
export const MAX_CURSOR_LENGTH = 1000;
/** GET /queues/:name/groups: page size when none is given (at most MAX_GROUPS_PAGE, src/domain/fairness.ts). */
export const DEFAULT_GROUPS_PAGE = 100;

/** The longest `waitMs` of POST /jobs and GET /jobs/:id (and GET /executions/:id): a minute. */
export const MAX_RESULT_WAIT_MS = 60_000;

/**
 * The longest Last-Event-ID (header or `?lastEventId=`) of an event stream: a queue stream's id
 * holds a feed position (a Redis stream id, up to 41 characters) per partition, up to 64 of them.
 */
export const MAX_LAST_EVENT_ID_LENGTH = 4_096;
