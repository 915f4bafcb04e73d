/**
 * The built-in `http` job type: its name and the methods it may use. The API checks a payload
 * against these at enqueue and the worker again at run time, so both read them from here.
 */
export declare const HTTP_JOB_TYPE = "http";
export declare const HTTP_JOB_METHODS: readonly ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"];
export type HttpJobMethod = (typeof HTTP_JOB_METHODS)[number];
/** The method used when a payload names none. */
export declare const DEFAULT_HTTP_JOB_METHOD: HttpJobMethod;
/** RFC 9110 token: what a header name may be (HTTP_SECRET_HEADERS lists such names too). */
export declare const HTTP_TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/**
 * Why `headers` cannot be sent as request headers, or undefined when they can. Names the header,
 * never its value (which may be a secret).
 */
export declare function invalidHttpHeaders(headers: unknown): string | undefined;
