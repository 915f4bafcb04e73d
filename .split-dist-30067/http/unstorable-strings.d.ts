import { FieldError } from './error-body';
/**
 * Every string of the request's own structure (not inside a payload) that holds a NUL character or
 * a lone surrogate, by field path: PostgreSQL refuses both in text, and a record it refuses could
 * otherwise be accepted here and then fail every history or refresh write it is part of. Payloads
 * (@OpaqueJson values) are the client's data and only ever stored as JSON, so they may hold any
 * string; an http job's payload is structure again (its url and headers are checked).
 */
export declare function unstorableStrings(value: unknown, path?: string): FieldError[];
