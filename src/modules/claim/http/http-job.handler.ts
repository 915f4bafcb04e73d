import { OnApplicationShutdown } from '@nestjs/common';
import { Dispatcher, fetch, Headers, Response } from 'undici';
import { HTTP_JOB_TYPE } from '../../../domain/http-job';
import { JobContext } from '../job-context';
import { JobHandler } from '../job-handler.decorator';
import { NonRetryableJobError } from '../non-retryable-job.error';
import { RetryableJobError } from '../retryable-job.error';
import { isHostAllowed } from './allowed-hosts';
import { readCappedBody } from './capped-body';
import { parseHttpJobPayload } from './http-job-request';
import { createLongCallDispatcher } from './long-call-dispatcher';
import { parseRetryAfter } from './retry-after';

/** Response bodies kept in a job's result (and quoted in errors) are cut to this. */
export const HTTP_RESULT_BODY_LIMIT = 64 * 1024;
const ERROR_BODY_CHARS = 500;

export interface HttpJobResult {
  status: number;
  /** Parsed JSON when the response says JSON and fits the limit; the text otherwise. */
  body: unknown;
  truncated?: boolean;
}

export interface HttpJobHandlerOptions {
  /** HTTP_JOB_ALLOWED_HOSTS; undefined allows any host. */
  allowedHosts?: readonly string[];
  /** Tests may pass their own (and close it); by default one without undici's 300 s limits. */
  dispatcher?: Dispatcher;
}

/**
 * The built-in `http` job type: calls a URL with undici's fetch and the job's signal (so the job's
 * timeout, a cancel, a lost lease or shutdown end the call). 2xx succeeds with `{ status, body }`;
 * 408, 429, 5xx, network errors are retryable (429/503 honour Retry-After); any other status fails
 * without retry. With an allow-list, redirects are not followed (they could leave the list).
 */
export class HttpJobHandler implements OnApplicationShutdown {
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: HttpJobHandlerOptions = {}) {
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher = options.dispatcher ?? createLongCallDispatcher();
  }

  /** After the workers drained (beforeApplicationShutdown): no call is left to wait for, only idle sockets. */
  async onApplicationShutdown(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.destroy();
  }

  @JobHandler(HTTP_JOB_TYPE)
  async handle(ctx: JobContext): Promise<HttpJobResult> {
    const request = parseHttpJobPayload(ctx.payload);
    const { url, method } = request;
    const target = `${method} ${url.origin}${url.pathname}`;
    if (!isHostAllowed(url, this.options.allowedHosts)) {
      throw new NonRetryableJobError(`host ${url.host} is not in HTTP_JOB_ALLOWED_HOSTS`);
    }
    const headers = new Headers(request.headers);
    headers.set('X-Claimq-Job-Id', ctx.job.id);
    headers.set('X-Claimq-Attempt', String(ctx.attempt));
    if (request.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');

    let response: Response;
    let body;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: request.body,
        signal: ctx.signal,
        redirect: this.options.allowedHosts ? 'manual' : 'follow',
        dispatcher: this.dispatcher,
      });
      body = await readCappedBody(response, HTTP_RESULT_BODY_LIMIT);
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw new RetryableJobError(`${target} failed: ${networkErrorText(err)}`, undefined, { cause: err });
    }

    const { status } = response;
    if (status >= 200 && status < 300) {
      const result: HttpJobResult = { status, body: parseBody(body.text, body.truncated, response.headers.get('content-type')) };
      if (body.truncated) result.truncated = true;
      return result;
    }
    const detail = `${target} answered ${status}${body.text ? `: ${body.text.slice(0, ERROR_BODY_CHARS)}` : ''}`;
    if (status === 408 || status === 429 || status >= 500) {
      const retryAfter = status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), Date.now()) : undefined;
      throw new RetryableJobError(detail, retryAfter);
    }
    if (status >= 300 && status < 400) {
      throw new NonRetryableJobError(`${detail} (redirect to ${response.headers.get('location') ?? '?'} not followed: HTTP_JOB_ALLOWED_HOSTS is set)`);
    }
    throw new NonRetryableJobError(detail);
  }
}

function parseBody(text: string, truncated: boolean, contentType: string | null): unknown {
  if (truncated || !contentType || !/[/+]json\b/i.test(contentType) || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch says "fetch failed"; the useful part (ECONNREFUSED, ...) is in its cause. Duck-typed rather than instanceof. */
function networkErrorText(err: unknown): string {
  const { message, cause } = (err ?? {}) as { message?: unknown; cause?: { message?: unknown; code?: unknown } };
  if (typeof message !== 'string') return String(err);
  if (cause && typeof cause.message === 'string') {
    return `${message} (${typeof cause.code === 'string' ? `${cause.code}: ` : ''}${cause.message})`;
  }
  return message;
}
