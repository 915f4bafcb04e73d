"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_GROUPS_PAGE = exports.MAX_CURSOR_LENGTH = exports.DEFAULT_LIST_LIMIT = exports.MAX_LIST_LIMIT = exports.MAX_BULK_JOBS = exports.MAX_CALLBACK_URL_LENGTH = exports.MAX_IDEMPOTENCY_KEY_LENGTH = exports.MAX_EPOCH_MS = exports.MAX_BACKOFF_DELAY_MS = exports.MAX_TIMEOUT_MS = exports.MIN_TIMEOUT_MS = exports.MAX_DELAY_MS = void 0;
/**
 * Bounds of the numeric job options the API accepts. The domain owns the names, priorities and
 * attempts (src/domain/job.ts); these bound what only the HTTP edge meets: delays and timeouts a
 * client could set absurdly far out.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A job may wait at most a year before it first runs (delayMs, or runAt past now). */
exports.MAX_DELAY_MS = 365 * DAY_MS;
/** Hard time limit of one attempt. */
exports.MIN_TIMEOUT_MS = 1;
exports.MAX_TIMEOUT_MS = DAY_MS;
/** Backoff base delay and cap between two attempts. */
exports.MAX_BACKOFF_DELAY_MS = 7 * DAY_MS;
/** Largest epoch ms a JavaScript Date can hold (year 275760). */
exports.MAX_EPOCH_MS = 8_640_000_000_000_000;
exports.MAX_IDEMPOTENCY_KEY_LENGTH = 200;
exports.MAX_CALLBACK_URL_LENGTH = 2048;
exports.MAX_BULK_JOBS = 1000;
exports.MAX_LIST_LIMIT = 500;
exports.DEFAULT_LIST_LIMIT = 50;
exports.MAX_CURSOR_LENGTH = 1000;
/** GET /queues/:name/groups: page size when none is given (at most MAX_GROUPS_PAGE, src/domain/fairness.ts). */
exports.DEFAULT_GROUPS_PAGE = 100;
//# sourceMappingURL=job-limits.js.map