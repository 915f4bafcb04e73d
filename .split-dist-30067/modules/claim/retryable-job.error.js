"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RetryableJobError = void 0;
/**
 * Thrown by a handler that knows when to try again (an HTTP Retry-After): the attempt fails as
 * retryable, and the next one waits retryDelayMs instead of the job's backoff. Any other error
 * (except NonRetryableJobError) is retryable with the job's backoff.
 */
class RetryableJobError extends Error {
    retryDelayMs;
    constructor(message, retryDelayMs, options) {
        super(message, options);
        this.retryDelayMs = retryDelayMs;
        this.name = 'RetryableJobError';
    }
}
exports.RetryableJobError = RetryableJobError;
//# sourceMappingURL=retryable-job.error.js.map