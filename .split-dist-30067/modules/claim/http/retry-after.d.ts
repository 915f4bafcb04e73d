/** A Retry-After is honoured up to this; beyond it the server is asking for more than a retry. */
export declare const MAX_RETRY_AFTER_MS = 3600000;
/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date), or undefined. */
export declare function parseRetryAfter(value: string | null, now: number): number | undefined;
