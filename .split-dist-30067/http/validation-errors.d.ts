import { ValidationError } from 'class-validator';
import { FieldError } from './error-body';
/** The path shown when the body itself is wrong (e.g. an array where an object was expected). */
export declare const BODY_FIELD = "body";
/**
 * Flattens class-validator's tree into one entry per failed field with a dotted path
 * (`backoff.delayMs`, `jobs.3.payload.url`).
 *
 * One reason per field: class-validator records constraints bottom-up (the order decorators run),
 * so the last entry is the top-most decorator, which by convention in our DTOs is the type check
 * (`@IsInt()` above `@Min()`): `limit=abc` says "must be an integer number", not three things.
 * Its messages start with the bare property name; the reason drops it so it reads after the path.
 */
export declare function flattenValidationErrors(errors: ValidationError[], parent?: string): FieldError[];
