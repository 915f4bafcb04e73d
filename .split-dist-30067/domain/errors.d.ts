/**
 * Domain errors. Stores and services throw these; the HTTP layer maps them in one filter
 * (404, 409, 413, 503). Nothing below the controllers throws HttpException.
 */
export declare abstract class ClaimqError extends Error {
    abstract readonly code: string;
    constructor(message: string);
}
export declare class JobNotFoundError extends ClaimqError {
    readonly jobId: string;
    readonly code = "job_not_found";
    constructor(jobId: string);
}
export declare class ExecutionNotFoundError extends ClaimqError {
    readonly executionId: string;
    readonly code = "execution_not_found";
    constructor(executionId: string);
}
export declare class ScheduleNotFoundError extends ClaimqError {
    readonly scheduleName: string;
    readonly code = "schedule_not_found";
    constructor(scheduleName: string);
}
export declare class InvalidTransitionError extends ClaimqError {
    readonly jobId: string;
    readonly from: string;
    readonly action: string;
    readonly code = "invalid_transition";
    constructor(jobId: string, from: string, action: string);
}
export declare class StoreUnavailableError extends ClaimqError {
    readonly retryAfterSeconds: number;
    readonly code = "store_unavailable";
    constructor(message: string, retryAfterSeconds?: number);
}
export declare class PayloadTooLargeError extends ClaimqError {
    readonly field: string;
    readonly size: number;
    readonly limit: number;
    readonly code = "payload_too_large";
    constructor(field: string, size: number, limit: number);
}
/** Input that passed DTO validation but breaks a rule only the domain knows. */
export declare class InvalidJobSpecError extends ClaimqError {
    readonly field: string;
    readonly reason: string;
    readonly code = "invalid_job";
    constructor(field: string, reason: string);
}
/**
 * Why a store refused an operation on one job. The Redis scripts return these names as the first
 * element of their reply; the memory store can use them too. `storeRefusalError` is the one place
 * that turns a refusal into the domain error, so both stores fail with the same words.
 */
export declare const STORE_REFUSALS: readonly ["not_found", "invalid_transition"];
export type StoreRefusal = (typeof STORE_REFUSALS)[number];
export declare function isStoreRefusal(code: unknown): code is StoreRefusal;
/** The domain error for a refusal. `from` is the job's status at the time (invalid_transition). */
export declare function storeRefusalError(refusal: StoreRefusal, jobId: string, action: string, from?: string): ClaimqError;
/**
 * The store is full (Redis at its maxmemory with noeviction): it takes nothing new until running
 * jobs complete or retention frees memory. Retryable, like StoreUnavailableError, but said apart.
 */
export declare class StoreOutOfMemoryError extends ClaimqError {
    readonly code = "store_out_of_memory";
    readonly retryAfterSeconds = 5;
    constructor(message: string);
}
