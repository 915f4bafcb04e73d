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
exports.HttpJobHandler = exports.HTTP_RESULT_BODY_LIMIT = void 0;
const job_handler_decorator_1 = require("../job-handler.decorator");
const non_retryable_job_error_1 = require("../non-retryable-job.error");
const retryable_job_error_1 = require("../retryable-job.error");
const allowed_hosts_1 = require("./allowed-hosts");
const capped_body_1 = require("./capped-body");
const http_job_request_1 = require("./http-job-request");
const long_call_dispatcher_1 = require("./long-call-dispatcher");
const retry_after_1 = require("./retry-after");
/** Response bodies kept in a job's result (and quoted in errors) are cut to this. */
exports.HTTP_RESULT_BODY_LIMIT = 64 * 1024;
const ERROR_BODY_CHARS = 500;
/**
 * The built-in `http` job type: calls a URL with Node's fetch and the job's signal (so the job's
 * timeout, a cancel, a lost lease or shutdown end the call). 2xx succeeds with `{ status, body }`;
 * 408, 429, 5xx, network errors are retryable (429/503 honour Retry-After); any other status fails
 * without retry. With an allow-list, redirects are not followed (they could leave the list).
 */
class HttpJobHandler {
    options;
    dispatcher;
    constructor(options = {}) {
        this.options = options;
    }
    async handle(ctx) {
        const request = (0, http_job_request_1.parseHttpJobPayload)(ctx.payload);
        const { url, method } = request;
        const target = `${method} ${url.origin}${url.pathname}`;
        if (!(0, allowed_hosts_1.isHostAllowed)(url, this.options.allowedHosts)) {
            throw new non_retryable_job_error_1.NonRetryableJobError(`host ${url.host} is not in HTTP_JOB_ALLOWED_HOSTS`);
        }
        const headers = new Headers(request.headers);
        headers.set('X-Claimq-Job-Id', ctx.job.id);
        headers.set('X-Claimq-Attempt', String(ctx.attempt));
        if (request.body !== undefined && !headers.has('content-type'))
            headers.set('content-type', 'application/json');
        let response;
        let body;
        try {
            response = await fetch(url, {
                method,
                headers,
                body: request.body,
                signal: ctx.signal,
                redirect: this.options.allowedHosts ? 'manual' : 'follow',
                dispatcher: await this.longCallDispatcher(),
            });
            body = await (0, capped_body_1.readCappedBody)(response, exports.HTTP_RESULT_BODY_LIMIT);
        }
        catch (err) {
            if (ctx.signal.aborted)
                throw ctx.signal.reason;
            throw new retryable_job_error_1.RetryableJobError(`${target} failed: ${networkErrorText(err)}`, undefined, { cause: err });
        }
        const { status } = response;
        if (status >= 200 && status < 300) {
            const result = { status, body: parseBody(body.text, body.truncated, response.headers.get('content-type')) };
            if (body.truncated)
                result.truncated = true;
            return result;
        }
        const detail = `${target} answered ${status}${body.text ? `: ${body.text.slice(0, ERROR_BODY_CHARS)}` : ''}`;
        if (status === 408 || status === 429 || status >= 500) {
            const retryAfter = status === 429 || status === 503 ? (0, retry_after_1.parseRetryAfter)(response.headers.get('retry-after'), Date.now()) : undefined;
            throw new retryable_job_error_1.RetryableJobError(detail, retryAfter);
        }
        if (status >= 300 && status < 400) {
            throw new non_retryable_job_error_1.NonRetryableJobError(`${detail} (redirect to ${response.headers.get('location') ?? '?'} not followed: HTTP_JOB_ALLOWED_HOSTS is set)`);
        }
        throw new non_retryable_job_error_1.NonRetryableJobError(detail);
    }
    longCallDispatcher() {
        if (this.options.dispatcher)
            return Promise.resolve(this.options.dispatcher);
        this.dispatcher ??= (0, long_call_dispatcher_1.createLongCallDispatcher)();
        return this.dispatcher;
    }
}
exports.HttpJobHandler = HttpJobHandler;
__decorate([
    (0, job_handler_decorator_1.JobHandler)('http'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], HttpJobHandler.prototype, "handle", null);
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
/** fetch says "fetch failed"; the useful part (ECONNREFUSED, ...) is in its cause. Duck-typed: fetch's errors come from Node's realm. */
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