"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HTTP_METHODS = void 0;
exports.parseHttpJobPayload = parseHttpJobPayload;
const non_retryable_job_error_1 = require("../non-retryable-job.error");
exports.HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
/**
 * Checks an `http` payload again at run time (the API checks it at enqueue, but jobs also come
 * from embedding code and older versions). A payload that cannot work fails without retry.
 */
function parseHttpJobPayload(payload) {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
        throw new non_retryable_job_error_1.NonRetryableJobError('http job payload must be an object { url, method?, headers?, body? }');
    }
    const { url, method = 'POST', headers = {}, body } = payload;
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
    if (!exports.HTTP_METHODS.includes(upper))
        throw new non_retryable_job_error_1.NonRetryableJobError(`http job method must be one of ${exports.HTTP_METHODS.join(', ')}`);
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers) || Object.values(headers).some((v) => typeof v !== 'string')) {
        throw new non_retryable_job_error_1.NonRetryableJobError('http job headers must be an object of strings');
    }
    if (body !== undefined && (upper === 'GET' || upper === 'HEAD'))
        throw new non_retryable_job_error_1.NonRetryableJobError(`an http job with method ${upper} cannot have a body`);
    return { url: parsed, method: upper, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) };
}
//# sourceMappingURL=http-job-request.js.map