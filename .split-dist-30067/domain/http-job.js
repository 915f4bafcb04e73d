"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HTTP_TOKEN = exports.DEFAULT_HTTP_JOB_METHOD = exports.HTTP_JOB_METHODS = exports.HTTP_JOB_TYPE = void 0;
exports.invalidHttpHeaders = invalidHttpHeaders;
const callback_signature_1 = require("./callback-signature");
/**
 * The built-in `http` job type: its name and the methods it may use. The API checks a payload
 * against these at enqueue and the worker again at run time, so both read them from here.
 */
exports.HTTP_JOB_TYPE = 'http';
exports.HTTP_JOB_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
/** The method used when a payload names none. */
exports.DEFAULT_HTTP_JOB_METHOD = 'POST';
/** RFC 9110 token: what a header name may be (HTTP_SECRET_HEADERS lists such names too). */
exports.HTTP_TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const HEADER_NAME = new RegExp(`^${exports.HTTP_TOKEN}$`);
/** What a header value may not hold (fetch refuses them). */
const HEADER_VALUE_FORBIDDEN = /[\0\r\n]/;
/** Set by claimq alone, whether or not it signs: a receiver can then take the header as claimq's word. */
const RESERVED_HEADER = callback_signature_1.CALLBACK_SIGNATURE_HEADER.toLowerCase();
/**
 * Why `headers` cannot be sent as request headers, or undefined when they can. Names the header,
 * never its value (which may be a secret).
 */
function invalidHttpHeaders(headers) {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
        return 'must be an object of header names to strings';
    for (const [name, value] of Object.entries(headers)) {
        if (!HEADER_NAME.test(name))
            return `has a header name that is not an HTTP token: ${JSON.stringify(name.slice(0, 100))}`;
        if (name.toLowerCase() === RESERVED_HEADER)
            return `${name} is reserved: claimq signs its requests with it`;
        if (typeof value !== 'string')
            return `${name} must be a string`;
        if (HEADER_VALUE_FORBIDDEN.test(value))
            return `${name} has a value with CR, LF or NUL`;
    }
    return undefined;
}
//# sourceMappingURL=http-job.js.map