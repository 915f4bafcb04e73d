"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobAbortedError = void 0;
/** The `reason` of a job's AbortSignal: why the worker stopped waiting for the handler. */
class JobAbortedError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'JobAbortedError';
    }
}
exports.JobAbortedError = JobAbortedError;
//# sourceMappingURL=job-aborted.error.js.map