/**
 * Thrown by a handler that knows when to try again (an HTTP Retry-After): the attempt fails as
 * retryable, and the next one waits retryDelayMs instead of the job's backoff. Any other error
 * (except NonRetryableJobError) is retryable with the job's backoff.
 */
export declare class RetryableJobError extends Error {
    readonly retryDelayMs?: number | undefined;
    constructor(message: string, retryDelayMs?: number | undefined, options?: {
        cause?: unknown;
    });
}
