"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HttpJobHandler = exports.DEFAULT_MAX_REDIRECTS = exports.HTTP_RESULT_BODY_LIMIT = void 0;
const undici_1 = require("undici");
const callback_signature_1 = require("../../../domain/callback-signature");
const clock_1 = require("../../../domain/clock");
const egress_policy_1 = require("../../../domain/egress-policy");
const http_job_1 = require("../../../domain/http-job");
const http_job_secrets_1 = require("../../../domain/http-job-secrets");
const job_handler_decorator_1 = require("../job-handler.decorator");
const non_retryable_job_error_1 = require("../non-retryable-job.error");
const retryable_job_error_1 = require("../retryable-job.error");
const allowed_hosts_1 = require("./allowed-hosts");
const capped_body_1 = require("./capped-body");
const http_job_request_1 = require("./http-job-request");
const long_call_dispatcher_1 = require("./long-call-dispatcher");
const egress_connector_1 = require("./egress-connector");
const retry_after_1 = require("./retry-after");
const tracing_1 = require("../../tracing");
/** Response bodies kept in a job's result (and quoted in errors) are cut to this. */
exports.HTTP_RESULT_BODY_LIMIT = 64 * 1024;
const ERROR_BODY_CHARS = 500;
/** HTTP_MAX_REDIRECTS' default. */
exports.DEFAULT_MAX_REDIRECTS = 5;
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
class HttpJobHandler {
    options;
    dispatcher;
    ownsDispatcher;
    maxRedirects;
    secrets;
    clock;
    tracer;
    constructor(options = {}) {
        this.options = options;
        this.tracer = options.tracer ?? tracing_1.NOOP_JOB_TRACER;
        this.ownsDispatcher = options.dispatcher === undefined;
        this.dispatcher =
            options.dispatcher ??
                (0, long_call_dispatcher_1.createLongCallDispatcher)(0, (0, egress_connector_1.egressConnector)(options.egress ?? new egress_policy_1.EgressPolicy(), { ...options.connector, onDenied: options.onEgressDenied }));
        this.maxRedirects = options.maxRedirects ?? exports.DEFAULT_MAX_REDIRECTS;
        this.secrets = options.secrets ?? new http_job_secrets_1.HttpJobSecrets();
        this.clock = options.clock ?? clock_1.systemClock;
    }
    /** After the workers drained (beforeApplicationShutdown): no call is left to wait for, only idle sockets. */
    async onApplicationShutdown() {
        if (this.ownsDispatcher)
            await this.dispatcher.destroy();
    }
    async handle(ctx) {
        const request = (0, http_job_request_1.parseHttpJobPayload)(ctx.payload);
        let { url, method, body: requestBody } = request;
        const target = `${request.method} ${url.origin}${url.pathname}`;
        let opened;
        try {
            opened = this.secrets.open(request.headers);
        }
        catch (err) {
            throw new non_retryable_job_error_1.NonRetryableJobError(`${target}: ${err.message}`);
        }
        // an opened secret is checked as the API checks headers, so fetch's error (which quotes the value) never happens
        const badHeaders = (0, http_job_1.invalidHttpHeaders)(opened.headers);
        if (badHeaders)
            throw new non_retryable_job_error_1.NonRetryableJobError(`${target}: header ${badHeaders}`);
        const headers = new undici_1.Headers(opened.headers);
        headers.set('X-Claimq-Job-Id', ctx.job.id);
        headers.set('X-Claimq-Attempt', String(ctx.attempt));
        if (requestBody !== undefined && !headers.has('content-type'))
            headers.set('content-type', 'application/json');
        const credentials = [...CREDENTIAL_HEADERS, ...opened.sealed];
        const tracing = this.tracer.enabled;
        // the trace context sent is the call's own: a job's tracestate would not match its traceparent
        if (tracing)
            headers.delete('tracestate');
        let response;
        let body;
        let call;
        let answered;
        try {
            for (let hop = 0;; hop++) {
                if (!(0, allowed_hosts_1.isHostAllowed)(url, this.options.allowedHosts)) {
                    throw new non_retryable_job_error_1.NonRetryableJobError(`${hop === 0 ? '' : `${target}: redirect to ${url.href} refused: `}host ${url.host} is not in HTTP_JOB_ALLOWED_HOSTS`);
                }
                // signed per hop: a redirect that drops the body changes what is sent
                if (this.options.signer)
                    headers.set(callback_signature_1.CALLBACK_SIGNATURE_HEADER, this.options.signer.sign(requestBody ?? '', this.clock.now()));
                answered = undefined;
                if (tracing)
                    call = this.tracer.startHttpCall(method, url, headers, hop);
                response = await (0, undici_1.fetch)(url, { method, headers, body: requestBody, signal: ctx.signal, redirect: 'manual', dispatcher: this.dispatcher });
                answered = response.status;
                const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
                if (location === null)
                    break;
                call?.end(answered);
                await response.body?.cancel().catch(() => undefined);
                if (hop >= this.maxRedirects) {
                    throw new non_retryable_job_error_1.NonRetryableJobError(`${target}: more than ${this.maxRedirects} redirects (HTTP_MAX_REDIRECTS); the last to ${location}`);
                }
                const next = redirectTarget(location, url, target);
                if (response.status === 303 ? method !== 'HEAD' : (response.status === 301 || response.status === 302) && method === 'POST') {
                    method = 'GET';
                    requestBody = undefined;
                    for (const name of BODY_HEADERS)
                        headers.delete(name);
                }
                if (next.origin !== url.origin)
                    for (const name of credentials)
                        headers.delete(name);
                url = next;
            }
            body = await (0, capped_body_1.readCappedBody)(response, exports.HTTP_RESULT_BODY_LIMIT);
            // a server that echoes the request (httpbin's /headers, a debug endpoint) must not put a secret into the result or the error
            body.text = scrubSecrets(body.text, opened.values);
            call?.end(answered);
        }
        catch (err) {
            call?.end(answered, err);
            if (ctx.signal.aborted)
                throw ctx.signal.reason;
            if (err instanceof non_retryable_job_error_1.NonRetryableJobError)
                throw err;
            const denied = egressDenial(err);
            if (denied)
                throw new non_retryable_job_error_1.NonRetryableJobError(`${target}: ${denied.message}`);
            throw new retryable_job_error_1.RetryableJobError(`${target} failed: ${networkErrorText(err)}`, undefined, { cause: err });
        }
        const { status } = response;
        if (status >= 200 && status < 300) {
            const result = { status, body: parseBody(body.text, body.truncated, response.headers.get('content-type')) };
            if (body.truncated)
                result.truncated = true;
            return result;
        }
        const called = url.href === request.url.href ? target : `${target} (redirected to ${method} ${url.origin}${url.pathname})`;
        const detail = `${called} answered ${status}${body.text ? `: ${body.text.slice(0, ERROR_BODY_CHARS)}` : ''}`;
        if (status === 408 || status === 429 || status >= 500) {
            const retryAfter = status === 429 || status === 503 ? (0, retry_after_1.parseRetryAfter)(response.headers.get('retry-after'), Date.now()) : undefined;
            throw new retryable_job_error_1.RetryableJobError(detail, retryAfter);
        }
        throw new non_retryable_job_error_1.NonRetryableJobError(detail);
    }
}
exports.HttpJobHandler = HttpJobHandler;
__decorate([
    (0, job_handler_decorator_1.JobHandler)(http_job_1.HTTP_JOB_TYPE),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], HttpJobHandler.prototype, "handle", null);
/** A redirect's Location, resolved against the URL that answered; only http and https are followed. */
function redirectTarget(location, from, target) {
    let next;
    try {
        next = new URL(location, from);
    }
    catch {
        throw new non_retryable_job_error_1.NonRetryableJobError(`${target}: redirect to ${JSON.stringify(location)}, which is not a URL`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new non_retryable_job_error_1.NonRetryableJobError(`${target}: redirect to ${next.protocol} refused (http and https only)`);
    }
    return next;
}
/** Shorter secrets are not scrubbed from responses: replacing every "1234" of a body would wreck it. */
const MIN_SCRUBBED_LENGTH = 8;
/** `text` with each secret value, and the credential of an `<scheme> <credential>` value, replaced by "[redacted]". */
function scrubSecrets(text, values) {
    const needles = values.flatMap((value) => [value, /^\S+ +(\S+)$/.exec(value)?.[1]]).filter((n) => n !== undefined && n.length >= MIN_SCRUBBED_LENGTH);
    let scrubbed = text;
    for (const needle of needles.sort((a, b) => b.length - a.length))
        scrubbed = scrubbed.split(needle).join(http_job_secrets_1.REDACTED);
    return scrubbed;
}
/** The egress refusal behind fetch's "fetch failed", if that is what it was. */
function egressDenial(err) {
    for (let e = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
        if (e instanceof egress_connector_1.EgressDeniedError)
            return e;
    }
    return undefined;
}
function parseBody(text, truncated, contentType) {
    if (truncated || !contentType || !/[/+]json\b/i.test(contentType) || text === '')
        return text;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/** fetch says "fetch failed"; the useful part (ECONNREFUSED, ...) is in its cause. Duck-typed rather than instanceof. */
function networkErrorText(err) {
    const { message, cause } = (err ?? {});
    if (typeof message !== 'string')
        return String(err);
    if (cause && typeof cause.message === 'string') {
        return `${message} (${typeof cause.code === 'string' ? `${cause.code}: ` : ''}${cause.message})`;
    }
    return message;
}
//# sourceMappingURL=http-job.handler.js.map