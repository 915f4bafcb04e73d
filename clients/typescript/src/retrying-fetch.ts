import { setTimeout as delay } from 'node:timers/promises';
import { retryAfterMs } from './retry-after';

export type FetchFn = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Attempts in all, the first included; 1 turns retries off. Default 5. */
  maxAttempts?: number;
  /** The longest wait between two attempts, also when Retry-After asks for more. Default 30 s. */
  maxDelayMs?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_MAX_DELAY_MS = 30_000;
/** The first backoff's upper bound; it doubles per attempt up to maxDelayMs. */
const BASE_DELAY_MS = 250;

/** Methods whose repetition changes nothing more than one request did (RFC 9110, 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * Wraps fetch with claimq's retry rules. A 503 (the store is unreachable; the service sends
 * Retry-After) waits as the header says, capped at maxDelayMs; a dropped connection waits an
 * exponential backoff with full jitter. Only requests that are safe to repeat are retried
 * (isRepeatable): a 503 or a dropped connection may come after the write was stored, so a plain
 * POST is answered with what it got. An abort of the request's signal ends a wait at once.
 */
export function retryingFetch(fetchFn: FetchFn, options: RetryOptions = {}): FetchFn {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const maxDelayMs = Math.max(0, options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS);
  return async (request) => {
    const repeatable = maxAttempts > 1 && (await isRepeatable(request));
    for (let attempt = 1; ; attempt++) {
      const last = !repeatable || attempt >= maxAttempts;
      let response: Response;
      // a body can be sent once: each attempt but the last sends a copy. Node (undici) links a
      // Request to the signal it follows through an AbortController that only the Request holds,
      // and a clone's through one nothing holds: after a garbage collection, an abort would no
      // longer reach a clone, nor a Request nothing refers to, and a long poll would run its full
      // time. So the copy is made with the signal given again, and held until answered.
      const sent = last ? request : new Request(request.clone(), { signal: request.signal });
      inFlight.add(sent);
      try {
        response = await fetchFn(sent);
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(backoffMs(attempt, maxDelayMs), request.signal);
        continue;
      } finally {
        inFlight.delete(sent);
      }
      if (response.status !== 503 || last) return response;
      const waitMs = Math.min(retryAfterMs(response.headers.get('retry-after')) ?? backoffMs(attempt, maxDelayMs), maxDelayMs);
      // frees the connection rather than leaving the unread body to hold it
      await response.body?.cancel();
      await sleep(waitMs, request.signal);
    }
  };
}

/** The requests on their way (see retryingFetch). */
const inFlight = new Set<Request>();

/** Full jitter (uniform in [0, cap)): clients that failed together do not come back together. */
function backoffMs(attempt: number, maxDelayMs: number): number {
  return Math.random() * Math.min(maxDelayMs, BASE_DELAY_MS * 2 ** (attempt - 1));
}

async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    // the caller's reason (an AbortSignal.timeout's TimeoutError...), as fetch rejects with it
    throw signal.aborted ? signal.reason : error;
  }
}

/**
 * Idempotent methods, and POSTs whose JSON body carries an idempotency key: the service answers a
 * repeated key with the job or execution it already stored. POST /jobs/bulk has no key of its own,
 * so it is repeatable only when every one of its jobs has one. (The keys of an execution's jobs do
 * not make POST /executions repeatable: a second execution would be added, holding none of them.)
 */
async function isRepeatable(request: Request): Promise<boolean> {
  if (IDEMPOTENT_METHODS.has(request.method)) return true;
  if (request.method !== 'POST' || request.body === null) return false;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return false;
  }
  if (new URL(request.url).pathname.endsWith('/jobs/bulk')) {
    const jobs = isObject(body) ? body.jobs : undefined;
    return Array.isArray(jobs) && jobs.length > 0 && jobs.every(hasIdempotencyKey);
  }
  return hasIdempotencyKey(body);
}

function hasIdempotencyKey(value: unknown): boolean {
  return isObject(value) && typeof value.idempotencyKey === 'string' && value.idempotencyKey !== '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
