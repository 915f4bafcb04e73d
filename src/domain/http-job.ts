import { CALLBACK_SIGNATURE_HEADER } from './callback-signature';

/**
 * The built-in `http` job type: its name and the methods it may use. The API checks a payload
 * against these at enqueue and the worker again at run time, so both read them from here.
 */
export const HTTP_JOB_TYPE = 'http';

export const HTTP_JOB_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpJobMethod = (typeof HTTP_JOB_METHODS)[number];

/** The method used when a payload names none. */
export const DEFAULT_HTTP_JOB_METHOD: HttpJobMethod = 'POST';

/** RFC 9110 token: what a header name may be (HTTP_SECRET_HEADERS lists such names too). */
export const HTTP_TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const HEADER_NAME = new RegExp(`^${HTTP_TOKEN}$`);
/** What a header value may not hold (fetch refuses them). */
const HEADER_VALUE_FORBIDDEN = /[\0\r\n]/;
/** Set by claimq alone, whether or not it signs: a receiver can then take the header as claimq's word. */
const RESERVED_HEADER = CALLBACK_SIGNATURE_HEADER.toLowerCase();

/**
 * Why `headers` cannot be sent as request headers, or undefined when they can. Names the header,
 * never its value (which may be a secret).
 */
export function invalidHttpHeaders(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return 'must be an object of header names to strings';
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) return `has a header name that is not an HTTP token: ${JSON.stringify(name.slice(0, 100))}`;
    if (name.toLowerCase() === RESERVED_HEADER) return `${name} is reserved: claimq signs its requests with it`;
    if (typeof value !== 'string') return `${name} must be a string`;
    if (HEADER_VALUE_FORBIDDEN.test(value)) return `${name} has a value with CR, LF or NUL`;
  }
  return undefined;
}
