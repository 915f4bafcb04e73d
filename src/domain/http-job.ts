/**
 * The built-in `http` job type: its name and the methods it may use. The API checks a payload
 * against these at enqueue and the worker again at run time, so both read them from here.
 */
export const HTTP_JOB_TYPE = 'http';

export const HTTP_JOB_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpJobMethod = (typeof HTTP_JOB_METHODS)[number];

/** The method used when a payload names none. */
export const DEFAULT_HTTP_JOB_METHOD: HttpJobMethod = 'POST';
