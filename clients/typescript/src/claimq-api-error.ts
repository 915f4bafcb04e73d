import type { ClaimqErrorBody, FieldError } from './api-types';
import { retryAfterMs } from './retry-after';

/**
 * A non-2xx answer of the service, thrown by the client's methods so that callers handle errors
 * with try/catch and the success path is the typed body, never a union with an error.
 */
export class ClaimqApiError extends Error {
  override readonly name = 'ClaimqApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The service's JSON error body; undefined when the answer had none (a proxy's HTML page). */
  readonly body: ClaimqErrorBody | undefined;
  /** The domain error code (`job_not_found`, `invalid_transition`, ...), when the service sent one. */
  readonly code: string | undefined;
  /** Each invalid field and its reason (400, 413); empty otherwise. */
  readonly errors: FieldError[];
  /** Seconds the service asked to wait before trying again (Retry-After of a 503), if it did. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: ClaimqErrorBody | undefined, retryAfter?: number) {
    super(`claimq answered ${status}${body ? ` ${body.error}: ${body.message}` : ''}`);
    this.status = status;
    this.body = body;
    this.code = body?.code;
    this.errors = body?.errors ?? [];
    this.retryAfter = retryAfter;
  }

  /** From a response and the body openapi-fetch read off it (parsed JSON, else text or undefined). */
  static fromResponse(response: Response, body: unknown): ClaimqApiError {
    const waitMs = retryAfterMs(response.headers.get('retry-after'));
    return new ClaimqApiError(response.status, isErrorBody(body) ? body : undefined, waitMs === undefined ? undefined : Math.ceil(waitMs / 1000));
  }
}

function isErrorBody(body: unknown): body is ClaimqErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { statusCode, message } = body as Record<string, unknown>;
  return typeof statusCode === 'number' && typeof message === 'string';
}
