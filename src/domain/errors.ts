/**
 * Domain errors. Stores and services throw these; the HTTP layer maps them in one filter
 * (404, 409, 413, 503). Nothing below the controllers throws HttpException.
 */
export abstract class ClaimqError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class JobNotFoundError extends ClaimqError {
  readonly code = 'job_not_found';
  constructor(readonly jobId: string) {
    super(`job ${jobId} not found`);
  }
}

export class ExecutionNotFoundError extends ClaimqError {
  readonly code = 'execution_not_found';
  constructor(readonly executionId: string) {
    super(`execution ${executionId} not found`);
  }
}

export class ScheduleNotFoundError extends ClaimqError {
  readonly code = 'schedule_not_found';
  constructor(readonly scheduleName: string) {
    super(`schedule ${scheduleName} not found`);
  }
}

export class InvalidTransitionError extends ClaimqError {
  readonly code = 'invalid_transition';
  constructor(
    readonly jobId: string,
    readonly from: string,
    readonly action: string,
  ) {
    super(`cannot ${action} job ${jobId}: it is ${from}`);
  }
}

/** A change to a running execution's graph that its state refuses: it ended, or a job it names no longer waits (409). */
export class GraphConflictError extends ClaimqError {
  readonly code = 'graph_conflict';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A settle or heartbeat presented a token that is not the job's current one, or the job is not running: nothing was recorded. */
export class StaleLeaseError extends ClaimqError {
  readonly code = 'stale';
  constructor(readonly jobId: string) {
    super(`the lease of job ${jobId} is stale: the token is not its current one, or the job is no longer running; nothing was recorded`);
  }
}

/** A worker key (API_KEYS_WORKER) used on a queue it is not for. */
export class QueueNotPermittedError extends ClaimqError {
  readonly code = 'forbidden';
  constructor(readonly queue: string) {
    super(`this worker key may not work queue ${queue}`);
  }
}

export class StoreUnavailableError extends ClaimqError {
  readonly code = 'store_unavailable';
  constructor(
    message: string,
    readonly retryAfterSeconds = 2,
  ) {
    super(message);
  }
}

export class PayloadTooLargeError extends ClaimqError {
  readonly code = 'payload_too_large';
  constructor(
    readonly field: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`${field} is ${size} bytes, more than the limit of ${limit} bytes`);
  }
}

/** Input that passed DTO validation but breaks a rule only the domain knows. */
export class InvalidJobSpecError extends ClaimqError {
  readonly code = 'invalid_job';
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
  }
}

/**
 * Why a store refused an operation on one job. The Redis scripts return these names as the first
 * element of their reply; the memory store can use them too. `storeRefusalError` is the one place
 * that turns a refusal into the domain error, so both stores fail with the same words.
 */
export const STORE_REFUSALS = ['not_found', 'invalid_transition'] as const;
export type StoreRefusal = (typeof STORE_REFUSALS)[number];

export function isStoreRefusal(code: unknown): code is StoreRefusal {
  return typeof code === 'string' && (STORE_REFUSALS as readonly string[]).includes(code);
}

/** The domain error for a refusal. `from` is the job's status at the time (invalid_transition). */
export function storeRefusalError(refusal: StoreRefusal, jobId: string, action: string, from = 'unknown'): ClaimqError {
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
export class StoreOutOfMemoryError extends ClaimqError {
  readonly code = 'store_out_of_memory';
  readonly retryAfterSeconds = 5;
  constructor(message: string) {
    super(message);
  }
}

/**
 * This process holds as many of something as it is set to (an event stream past STREAMS_MAX):
 * retryable at once, on this process later or on another now.
 */
export class AtCapacityError extends ClaimqError {
  readonly code = 'at_capacity';
  readonly retryAfterSeconds = 1;
  constructor(message: string) {
    super(message);
  }
}
