"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.BODY_FIELD = void 0;
exports.flattenValidationErrors = flattenValidationErrors;
/** The path shown when the body itself is wrong (e.g. an array where an object was expected). */
exports.BODY_FIELD = 'body';
const NESTED = 'nestedValidation';
/**
 * Flattens class-validator's tree into one entry per failed field with a dotted path
 * (`backoff.delayMs`, `jobs.3.payload.url`).
 *
 * One reason per field: class-validator records constraints bottom-up (the order decorators run),
 * so the last entry is the top-most decorator, which by convention in our DTOs is the type check
 * (`@IsInt()` above `@Min()`): `limit=abc` says "must be an integer number", not three things.
 * Its messages start with the bare property name; the reason drops it so it reads after the path.
 */
function flattenValidationErrors(errors, parent = '') {
    const out = [];
    for (const error of errors) {
        const property = error.property === undefined || error.property === null ? '' : String(error.property);
        const field = [parent, property].filter((p) => p !== '').join('.') || exports.BODY_FIELD;
        const reason = primaryReason(error.constraints ?? {}, property);
        if (reason !== undefined)
            out.push({ field, reason });
        if (error.children?.length)
            out.push(...flattenValidationErrors(error.children, field === exports.BODY_FIELD ? '' : field));
    }
    return out;
}
function primaryReason(constraints, property) {
    const entries = Object.entries(constraints);
    // "nested property x must be either object or array" repeats what @IsObject says better.
    const meaningful = entries.length > 1 ? entries.filter(([name]) => name !== NESTED) : entries;
    const last = meaningful[meaningful.length - 1];
    if (!last)
        return undefined;
    const [name, message] = last;
    if (name === 'whitelistValidation')
        return 'is not a known field';
    if (name === NESTED)
        return 'must be an object';
    const prefix = `${property} `;
    return property !== '' && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
//# sourceMappingURL=validation-errors.js.map