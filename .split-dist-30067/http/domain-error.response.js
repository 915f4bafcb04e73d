"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.domainErrorResponse = domainErrorResponse;
const errors_1 = require("../domain/errors");
const error_response_1 = require("./error-response");
/** The one mapping of domain errors to HTTP. Domain messages are written for clients. */
function domainErrorResponse(err) {
    const code = err.code;
    if (err instanceof errors_1.JobNotFoundError || err instanceof errors_1.ExecutionNotFoundError || err instanceof errors_1.ScheduleNotFoundError)
        return (0, error_response_1.errorResponse)(404, err.message, { code });
    if (err instanceof errors_1.InvalidTransitionError)
        return (0, error_response_1.errorResponse)(409, err.message, { code });
    if (err instanceof errors_1.InvalidJobSpecError) {
        return (0, error_response_1.errorResponse)(400, err.message, { code, errors: [{ field: err.field, reason: err.reason }] });
    }
    if (err instanceof errors_1.PayloadTooLargeError) {
        const reason = `is ${err.size} bytes, more than the limit of ${err.limit} bytes`;
        return (0, error_response_1.errorResponse)(413, err.message, { code, errors: [{ field: err.field, reason }] });
    }
    if (err instanceof errors_1.StoreOutOfMemoryError) {
        return (0, error_response_1.errorResponse)(503, `the job store is out of memory and takes no new work until running jobs complete or retention frees some; retry later: ${err.message}`, {
            code,
            headers: { 'Retry-After': String(err.retryAfterSeconds) },
        });
    }
    if (err instanceof errors_1.StoreUnavailableError) {
        return (0, error_response_1.errorResponse)(503, `the job store is unavailable, retry later: ${err.message}`, {
            code,
            headers: { 'Retry-After': String(Math.max(1, Math.ceil(err.retryAfterSeconds))) },
        });
    }
    // A domain error without a mapping is a bug in this file, not the client's fault.
    return (0, error_response_1.errorResponse)(500, 'internal error', { code: 'internal_error' });
}
//# sourceMappingURL=domain-error.response.js.map