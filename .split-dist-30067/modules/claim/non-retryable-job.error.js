"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NonRetryableJobError = void 0;
/** Thrown by a handler: the job fails at once, whatever attempts it has left. */
class NonRetryableJobError extends Error {
    constructor(message, options) {
        super(message, options);
        this.name = 'NonRetryableJobError';
    }
}
exports.NonRetryableJobError = NonRetryableJobError;
//# sourceMappingURL=non-retryable-job.error.js.map