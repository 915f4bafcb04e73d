/** A job may wait at most a year before it first runs (delayMs, or runAt past now). */
export declare const MAX_DELAY_MS: number;
/** Hard time limit of one attempt. */
export declare const MIN_TIMEOUT_MS = 1;
export declare const MAX_TIMEOUT_MS: number;
/** Backoff base delay and cap between two attempts. */
export declare const MAX_BACKOFF_DELAY_MS: number;
/** Largest epoch ms a JavaScript Date can hold (year 275760). */
export declare const MAX_EPOCH_MS = 8640000000000000;
export declare const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export declare const MAX_CALLBACK_URL_LENGTH = 2048;
export declare const MAX_BULK_JOBS = 1000;
export declare const MAX_LIST_LIMIT = 500;
export declare const DEFAULT_LIST_LIMIT = 50;
export declare const MAX_CURSOR_LENGTH = 1000;
/** GET /queues/:name/groups: page size when none is given (at most MAX_GROUPS_PAGE, src/domain/fairness.ts). */
export declare const DEFAULT_GROUPS_PAGE = 100;
