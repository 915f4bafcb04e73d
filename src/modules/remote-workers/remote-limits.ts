/** The most jobs one claim takes (a claim's `max`). */
export const MAX_CLAIM_JOBS = 1_000;
/** The longest a claim waits for work (`waitMs`, a long poll). */
export const MAX_CLAIM_WAIT_MS = 30_000;
/** The longest a cancel poll waits for a cancel (`waitMs`, a long poll). */
export const MAX_CANCELS_WAIT_MS = 30_000;
/** The most job types one claim names. */
export const MAX_CLAIM_TYPES = 100;
/** The most leases one heartbeat names. */
export const MAX_HEARTBEAT_LEASES = 10_000;
/** The most queues one heartbeat names. */
export const MAX_HEARTBEAT_QUEUES = 100;
/** The most results one POST /settlements records. */
export const MAX_SETTLEMENTS = 1_000;
/** The most slots a remote worker may report. */
export const MAX_REMOTE_CONCURRENCY = 10_000;
/** The longest retry delay a fail may ask for: 30 days. */
export const MAX_RETRY_IN_MS = 30 * 24 * 3600 * 1000;
/** A job id as the routes take it: claimq's ids are far shorter. */
export const MAX_JOB_ID_LENGTH = 300;
