"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseHttpJobPayload = parseHttpJobPayload;
const http_job_1 = require("../../../domain/http-job");
const non_retryable_job_error_1 = require("../non-retryable-job.error");
/**
 * Checks an `http` payload again at run time (the API checks it at enqueue, but jobs also come
 * from embedding code and older versions). A payload that cannot work fails without retry.
 */
function parseHttpJobPayload(payload) {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
        throw new non_retryable_job_error_1.NonRetryableJobError('http job payload must be an object { url, method?, headers?, body? }');
    }
    const { url, method = http_job_1.DEFAULT_HTTP_JOB_METHOD, headers = {}, body } = payload;
    let parsed;
    try {
        parsed = new URL(String(url));
    }
    catch {
        throw new non_retryable_job_error_1.NonRetryableJobError(`http job url ${JSON.stringify(url)} is not a valid URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        throw new non_retryable_job_error_1.NonRetryableJobError(`http job url must be http or https, not ${parsed.protocol}`);
    const upper = typeof method === 'string' ? method.toUpperCase() : method;
    if (!http_job_1.HTTP_JOB_METHODS.includes(upper))
        throw new non_retryable_job_error_1.NonRetryableJobError(`http job method must be one of ${http_job_1.HTTP_JOB_METHODS.join(', ')}`);
    const badHeaders = (0, http_job_1.invalidHttpHeaders)(headers);
    if (badHeaders)
        throw new non_retryable_job_error_1.NonRetryableJobError(`http job headers ${badHeaders}`);
    if (body !== undefined && (upper === 'GET' || upper === 'HEAD'))
        throw new non_retryable_job_error_1.NonRetryableJobError(`an http job with method ${upper} cannot have a body`);
    return { url: parsed, method: upper, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) };
}
//# sourceMappingURL=http-job-request.js.map