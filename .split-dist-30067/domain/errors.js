"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.StoreOutOfMemoryError = exports.STORE_REFUSALS = exports.InvalidJobSpecError = exports.PayloadTooLargeError = exports.StoreUnavailableError = exports.InvalidTransitionError = exports.ScheduleNotFoundError = exports.ExecutionNotFoundError = exports.JobNotFoundError = exports.ClaimqError = void 0;
exports.isStoreRefusal = isStoreRefusal;
exports.storeRefusalError = storeRefusalError;
/**
 * Domain errors. Stores and services throw these; the HTTP layer maps them in one filter
 * (404, 409, 413, 503). Nothing below the controllers throws HttpException.
 */
class ClaimqError extends Error {
    constructor(message) {
        super(message);
        this.name = new.target.name;
    }
}
exports.ClaimqError = ClaimqError;
class JobNotFoundError extends ClaimqError {
    jobId;
    code = 'job_not_found';
    constructor(jobId) {
        super(`job ${jobId} not found`);
        this.jobId = jobId;
    }
}
exports.JobNotFoundError = JobNotFoundError;
class ExecutionNotFoundError extends ClaimqError {
    executionId;
    code = 'execution_not_found';
    constructor(executionId) {
        super(`execution ${executionId} not found`);
        this.executionId = executionId;
    }
}
exports.ExecutionNotFoundError = ExecutionNotFoundError;
class ScheduleNotFoundError extends ClaimqError {
    scheduleName;
    code = 'schedule_not_found';
    constructor(scheduleName) {
        super(`schedule ${scheduleName} not found`);
        this.scheduleName = scheduleName;
    }
}
exports.ScheduleNotFoundError = ScheduleNotFoundError;
class InvalidTransitionError extends ClaimqError {
    jobId;
    from;
    action;
    code = 'invalid_transition';
    constructor(jobId, from, action) {
        super(`cannot ${action} job ${jobId}: it is ${from}`);
        this.jobId = jobId;
        this.from = from;
        this.action = action;
    }
}
exports.InvalidTransitionError = InvalidTransitionError;
class StoreUnavailableError extends ClaimqError {
    retryAfterSeconds;
    code = 'store_unavailable';
    constructor(message, retryAfterSeconds = 2) {
        super(message);
        this.retryAfterSeconds = retryAfterSeconds;
    }
}
exports.StoreUnavailableError = StoreUnavailableError;
class PayloadTooLargeError extends ClaimqError {
    field;
    size;
    limit;
    code = 'payload_too_large';
    constructor(field, size, limit) {
        super(`${field} is ${size} bytes, more than the limit of ${limit} bytes`);
        this.field = field;
        this.size = size;
        this.limit = limit;
    }
}
exports.PayloadTooLargeError = PayloadTooLargeError;
/** Input that passed DTO validation but breaks a rule only the domain knows. */
class InvalidJobSpecError extends ClaimqError {
    field;
    reason;
    code = 'invalid_job';
    constructor(field, reason) {
        super(`${field} ${reason}`);
        this.field = field;
        this.reason = reason;
    }
}
exports.InvalidJobSpecError = InvalidJobSpecError;
/**
 * Why a store refused an operation on one job. The Redis scripts return these names as the first
 * element of their reply; the memory store can use them too. `storeRefusalError` is the one place
 * that turns a refusal into the domain error, so both stores fail with the same words.
 */
exports.STORE_REFUSALS = ['not_found', 'invalid_transition'];
function isStoreRefusal(code) {
    return typeof code === 'string' && exports.STORE_REFUSALS.includes(code);
}
/** The domain error for a refusal. `from` is the job's status at the time (invalid_transition). */
function storeRefusalError(refusal, jobId, action, from = 'unknown') {
    switch (refusal) {
        case 'not_found':
            return new JobNotFoundError(jobId);
        case 'invalid_transition':
            return new InvalidTransitionError(jobId, from, action);
    }
}
/**
 * The store is full (Redis at its maxmemory with noeviction): it takes nothing new until running
 * jobs complete or retention frees memory. Retryable, like StoreUnavailableError, but said apart.
 */
class StoreOutOfMemoryError extends ClaimqError {
    code = 'store_out_of_memory';
    retryAfterSeconds = 5;
    constructor(message) {
        super(message);
    }
}
exports.StoreOutOfMemoryError = StoreOutOfMemoryError;
//# sourceMappingURL=errors.js.map