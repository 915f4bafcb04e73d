import { DEFAULT_HTTP_JOB_METHOD, HTTP_JOB_METHODS, HttpJobMethod, invalidHttpHeaders } from '../../../domain/http-job';
import { NonRetryableJobError } from '../non-retryable-job.error';

/** The payload of an `http` job: `{ url, method = POST, headers?, body? }`. */
export interface HttpJobPayload {
  url: string;
  method?: HttpJobMethod;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * A job of an execution's graph: the request body (an object, or none) gets its parents' results
   * (JobContext.parents, by key) as this field. Unset: the body is sent as given.
   */
  parentsField?: string;
}

export interface HttpJobRequest {
  url: URL;
  method: HttpJobMethod;
  headers: Record<string, string>;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
}

/** The name of the body field an `http` job's parents' results go to (HttpJobPayload.parentsField). */
export const PARENTS_FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/**
 * Checks an `http` payload again at run time (the API checks it at enqueue, but jobs also come
 * from embedding code and older versions). A payload that cannot work fails without retry.
 */
export function parseHttpJobPayload(payload: unknown, parents: Readonly<Record<string, unknown>> = {}): HttpJobRequest {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new NonRetryableJobError('http job payload must be an object { url, method?, headers?, body? }');
  }
  const { url, method = DEFAULT_HTTP_JOB_METHOD, headers = {}, parentsField } = payload as Record<string, unknown>;
  let { body } = payload as Record<string, unknown>;
  if (parentsField !== undefined) {
    if (typeof parentsField !== 'string' || !PARENTS_FIELD.test(parentsField)) throw new NonRetryableJobError('http job parentsField must match [A-Za-z_][A-Za-z0-9_]{0,99}');
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new NonRetryableJobError('an http job with parentsField needs a body that is an object (or none)');
    }
    body = { ...(body as Record<string, unknown> | undefined), [parentsField]: parents };
  }
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new NonRetryableJobError(`http job url ${JSON.stringify(url)} is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new NonRetryableJobError(`http job url must be http or https, not ${parsed.protocol}`);
  const upper = typeof method === 'string' ? method.toUpperCase() : method;
  if (!(HTTP_JOB_METHODS as readonly unknown[]).includes(upper)) throw new NonRetryableJobError(`http job method must be one of ${HTTP_JOB_METHODS.join(', ')}`);
  const badHeaders = invalidHttpHeaders(headers);
  if (badHeaders) throw new NonRetryableJobError(`http job headers ${badHeaders}`);
  if (body !== undefined && (upper === 'GET' || upper === 'HEAD')) throw new NonRetryableJobError(`an http job with method ${upper as string} cannot have a body`);
  return { url: parsed, method: upper as HttpJobMethod, headers: headers as Record<string, string>, body: body === undefined ? undefined : JSON.stringify(body) };
}
