import {
  AtCapacityError,
  ClaimqError,
  InvalidJobSpecError,
  InvalidTransitionError,
  ExecutionNotFoundError,
  GraphConflictError,
  JobNotFoundError,
  PayloadTooLargeError,
  QueueNotPermittedError,
  StaleLeaseError,
  ScheduleNotFoundError,
  StoreOutOfMemoryError,
  StoreUnavailableError,
} from '../domain/errors';
import { ErrorResponse, errorResponse } from './error-response';

/** The one mapping of domain errors to HTTP. Domain messages are written for clients. */
export function domainErrorResponse(err: ClaimqError): ErrorResponse {
  const code = err.code;
  if (err instanceof JobNotFoundError || err instanceof ExecutionNotFoundError || err instanceof ScheduleNotFoundError) return errorResponse(404, err.message, { code });
  if (err instanceof InvalidTransitionError || err instanceof StaleLeaseError || err instanceof GraphConflictError) return errorResponse(409, err.message, { code });
  if (err instanceof QueueNotPermittedError) return errorResponse(403, err.message, { code });
  if (err instanceof InvalidJobSpecError) {
    return errorResponse(400, err.message, { code, errors: [{ field: err.field, reason: err.reason }] });
  }
  if (err instanceof PayloadTooLargeError) {
    const reason = `is ${err.size} bytes, more than the limit of ${err.limit} bytes`;
    return errorResponse(413, err.message, { code, errors: [{ field: err.field, reason }] });
  }
  if (err instanceof StoreOutOfMemoryError) {
    return errorResponse(503, `the job store is out of memory and takes no new work until running jobs complete or retention frees some; retry later: ${err.message}`, {
      code,
      headers: { 'Retry-After': String(err.retryAfterSeconds) },
    });
  }
  if (err instanceof AtCapacityError) {
    return errorResponse(503, `${err.message}; retry later, or on another process`, { code, headers: { 'Retry-After': String(err.retryAfterSeconds) } });
  }
  if (err instanceof StoreUnavailableError) {
    return errorResponse(503, `the job store is unavailable, retry later: ${err.message}`, {
      code,
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(err.retryAfterSeconds))) },
    });
  }
  // A domain error without a mapping is a bug in this file, not the client's fault.
  return errorResponse(500, 'internal error', { code: 'internal_error' });
}
