import { OnApplicationShutdown } from '@nestjs/common';
import { Dispatcher, fetch, Headers, Response } from 'undici';
import { CALLBACK_SIGNATURE_HEADER, CallbackSigner } from '../../../domain/callback-signature';
import { Clock, systemClock } from '../../../domain/clock';
import { EgressPolicy } from '../../../domain/egress-policy';
import { HTTP_JOB_TYPE, invalidHttpHeaders } from '../../../domain/http-job';
import { HttpJobSecrets, REDACTED } from '../../../domain/http-job-secrets';
import { JobContext } from '../job-context';
import { JobHandler } from '../job-handler.decorator';
import { NonRetryableJobError } from '../non-retryable-job.error';
import { RetryableJobError } from '../retryable-job.error';
import { isHostAllowed } from './allowed-hosts';
import { readCappedBody } from './capped-body';
import { parseHttpJobPayload } from './http-job-request';
import { createLongCallDispatcher } from './long-call-dispatcher';
import { EgressConnectorOptions, EgressDeniedError, egressConnector } from './egress-connector';
import { parseRetryAfter } from './retry-after';
import { HttpCallSpan, JobTracer, NOOP_JOB_TRACER } from '../../tracing';

/** Response bodies kept in a job's result (and quoted in errors) are cut to this. */
export const HTTP_RESULT_BODY_LIMIT = 64 * 1024;
const ERROR_BODY_CHARS = 500;
/** HTTP_MAX_REDIRECTS' default. */
export const DEFAULT_MAX_REDIRECTS = 5;

export interface HttpJobResult {
  status: number;
  /** Parsed JSON when the response says JSON and fits the limit; the text otherwise. */
  body: unknown;
  truncated?: boolean;
}

export interface HttpJobHandlerOptions {
  /** HTTP_JOB_ALLOWED_HOSTS; undefined allows any host. Checked on every redirect hop. */
  allowedHosts?: readonly string[];
  /** HTTP_EGRESS and its lists; default: the `default` mode. Judged on every address dialed. */
  egress?: EgressPolicy;
  /** HTTP_MAX_REDIRECTS (default 5). */
  maxRedirects?: number;
  /** Opens the sealed secret headers (HTTP_SECRET_HEADERS, SECRETS_KEYS); default: no keys. */
  secrets?: HttpJobSecrets;
  /** How names are resolved and sockets opened behind the egress check (tests: a recording connector). */
  connector?: Pick<EgressConnectorOptions, 'resolve' | 'connect'>;
  /** Told of every connection the egress policy refused, with its rule (the metric). */
  onEgressDenied?: (rule: string) => void;
  /** Tests may pass their own (and close it); it then applies no egress policy of its own. */
  dispatcher?: Dispatcher;
  /** Signs every request, each hop and attempt afresh (CALLBACK_SIGNING_SECRET); none: requests go unsigned. */
  signer?: CallbackSigner;
  /** The time a signature carries (default: the system clock). */
  clock?: Clock;
  /** A CLIENT span per request sent, its traceparent in the request's headers (default: off). */
  tracer?: JobTracer;
}

/** Methods whose body a 301/302 turns into a GET without body (fetch's rule), and 303 for every method but HEAD. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe the body: dropped when a redirect drops the body. */
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location', 'content-length'];
/** Never sent on to another origin by a redirect, as fetch does, besides the job's sealed headers. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * The built-in `http` job type: calls a URL with undici's fetch and the job's signal (so the job's
 * timeout, a cancel, a lost lease or shutdown end the call). 2xx succeeds with `{ status, body }`;
 * 408, 429, 5xx, network errors are retryable (429/503 honour Retry-After); any other status fails
 * without retry.
 *
 * Every connection goes through the egress policy (EgressConnector: the address dialed, after
 * DNS); a refusal fails the job without retry. Redirects are followed here, not by fetch, so each
 * hop is checked against HTTP_JOB_ALLOWED_HOSTS and counted against HTTP_MAX_REDIRECTS; a hop to
 * another origin does not carry the credentials on.
 *
 * With a signer, each request carries Claimq-Signature over the body it sends (README, Signed
 * callbacks); the API refuses the header in a job's own headers, so it only ever means claimq's.
 * With tracing on, each request (each hop) is a CLIENT span, a child of the job's run, and carries
 * that span's traceparent (README, Traces).
 */
export class HttpJobHandler implements OnApplicationShutdown {
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly maxRedirects: number;
  private readonly secrets: HttpJobSecrets;
  private readonly clock: Clock;
  private readonly tracer: JobTracer;

  constructor(private readonly options: HttpJobHandlerOptions = {}) {
    this.tracer = options.tracer ?? NOOP_JOB_TRACER;
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      options.dispatcher ??
      createLongCallDispatcher(0, egressConnector(options.egress ?? new EgressPolicy(), { ...options.connector, onDenied: options.onEgressDenied }));
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.secrets = options.secrets ?? new HttpJobSecrets();
    this.clock = options.clock ?? systemClock;
  }

  /** After the workers drained (beforeApplicationShutdown): no call is left to wait for, only idle sockets. */
  async onApplicationShutdown(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.destroy();
  }

  @JobHandler(HTTP_JOB_TYPE)
  async handle(ctx: JobContext): Promise<HttpJobResult> {
    const request = parseHttpJobPayload(ctx.payload, ctx.parents);
    let { url, method, body: requestBody } = request;
    const target = `${request.method} ${url.origin}${url.pathname}`;
    let opened;
    try {
      opened = this.secrets.open(request.headers);
    } catch (err) {
      throw new NonRetryableJobError(`${target}: ${(err as Error).message}`);
    }
    // an opened secret is checked as the API checks headers, so fetch's error (which quotes the value) never happens
    const badHeaders = invalidHttpHeaders(opened.headers);
    if (badHeaders) throw new NonRetryableJobError(`${target}: header ${badHeaders}`);
    const headers = new Headers(opened.headers);
    headers.set('X-Claimq-Job-Id', ctx.job.id);
    headers.set('X-Claimq-Attempt', String(ctx.attempt));
    if (requestBody !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const credentials = [...CREDENTIAL_HEADERS, ...opened.sealed];
    const tracing = this.tracer.enabled;
    // the trace context sent is the call's own: a job's tracestate would not match its traceparent
    if (tracing) headers.delete('tracestate');

    let response: Response;
    let body;
    let call: HttpCallSpan | undefined;
    let answered: number | undefined;
    try {
      for (let hop = 0; ; hop++) {
        if (!isHostAllowed(url, this.options.allowedHosts)) {
          throw new NonRetryableJobError(`${hop === 0 ? '' : `${target}: redirect to ${url.href} refused: `}host ${url.host} is not in HTTP_JOB_ALLOWED_HOSTS`);
        }
        // signed per hop: a redirect that drops the body changes what is sent
        if (this.options.signer) headers.set(CALLBACK_SIGNATURE_HEADER, this.options.signer.sign(requestBody ?? '', this.clock.now()));
        answered = undefined;
        if (tracing) call = this.tracer.startHttpCall(method, url, headers, hop);
        response = await fetch(url, { method, headers, body: requestBody, signal: ctx.signal, redirect: 'manual', dispatcher: this.dispatcher });
        answered = response.status;
        const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
        if (location === null) break;
        call?.end(answered);
        await response.body?.cancel().catch(() => undefined);
        if (hop >= this.maxRedirects) {
          throw new NonRetryableJobError(`${target}: more than ${this.maxRedirects} redirects (HTTP_MAX_REDIRECTS); the last to ${location}`);
        }
        const next = redirectTarget(location, url, target);
        if (response.status === 303 ? method !== 'HEAD' : (response.status === 301 || response.status === 302) && method === 'POST') {
          method = 'GET';
          requestBody = undefined;
          for (const name of BODY_HEADERS) headers.delete(name);
        }
        if (next.origin !== url.origin) for (const name of credentials) headers.delete(name);
        url = next;
      }
      body = await readCappedBody(response, HTTP_RESULT_BODY_LIMIT);
      // a server that echoes the request (httpbin's /headers, a debug endpoint) must not put a secret into the result or the error
      body.text = scrubSecrets(body.text, opened.values);
      call?.end(answered);
    } catch (err) {
      call?.end(answered, err);
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (err instanceof NonRetryableJobError) throw err;
      const denied = egressDenial(err);
      if (denied) throw new NonRetryableJobError(`${target}: ${denied.message}`);
      throw new RetryableJobError(`${target} failed: ${networkErrorText(err)}`, undefined, { cause: err });
    }

    const { status } = response;
    if (status >= 200 && status < 300) {
      const result: HttpJobResult = { status, body: parseBody(body.text, body.truncated, response.headers.get('content-type')) };
      if (body.truncated) result.truncated = true;
      return result;
    }
    const called = url.href === request.url.href ? target : `${target} (redirected to ${method} ${url.origin}${url.pathname})`;
    const detail = `${called} answered ${status}${body.text ? `: ${body.text.slice(0, ERROR_BODY_CHARS)}` : ''}`;
    if (status === 408 || status === 429 || status >= 500) {
      const retryAfter = status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), Date.now()) : undefined;
      throw new RetryableJobError(detail, retryAfter);
    }
    throw new NonRetryableJobError(detail);
  }
}

/** A redirect's Location, resolved against the URL that answered; only http and https are followed. */
function redirectTarget(location: string, from: URL, target: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new NonRetryableJobError(`${target}: redirect to ${JSON.stringify(location)}, which is not a URL`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new NonRetryableJobError(`${target}: redirect to ${next.protocol} refused (http and https only)`);
  }
  return next;
}

/** Shorter secrets are not scrubbed from responses: replacing every "1234" of a body would wreck it. */
const MIN_SCRUBBED_LENGTH = 8;

/** `text` with each secret value, and the credential of an `<scheme> <credential>` value, replaced by "[redacted]". */
function scrubSecrets(text: string, values: string[]): string {
  const needles = values.flatMap((value) => [value, /^\S+ +(\S+)$/.exec(value)?.[1]]).filter((n): n is string => n !== undefined && n.length >= MIN_SCRUBBED_LENGTH);
  let scrubbed = text;
  for (const needle of needles.sort((a, b) => b.length - a.length)) scrubbed = scrubbed.split(needle).join(REDACTED);
  return scrubbed;
}

/** The egress refusal behind fetch's "fetch failed", if that is what it was. */
function egressDenial(err: unknown): EgressDeniedError | undefined {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof EgressDeniedError) return e;
  }
  return undefined;
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
