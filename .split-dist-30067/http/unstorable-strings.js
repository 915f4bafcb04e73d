"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.unstorableStrings = unstorableStrings;
const opaque_json_decorator_1 = require("./opaque-json.decorator");
const NUL_REASON = 'must not contain a NUL character (\\u0000)';
const SURROGATE_REASON = 'must be well-formed Unicode (it holds a lone surrogate)';
function reasonFor(text) {
    if (text.includes('\u0000'))
        return NUL_REASON;
    if (!text.isWellFormed())
        return SURROGATE_REASON;
    return undefined;
}
/**
 * Every string of the request's own structure (not inside a payload) that holds a NUL character or
 * a lone surrogate, by field path: PostgreSQL refuses both in text, and a record it refuses could
 * otherwise be accepted here and then fail every history or refresh write it is part of. Payloads
 * (@OpaqueJson values) are the client's data and only ever stored as JSON, so they may hold any
 * string; an http job's payload is structure again (its url and headers are checked).
 */
function unstorableStrings(value, path = '') {
    const errors = [];
    const field = (at) => at || 'body';
    const stack = [[value, path]];
    while (stack.length > 0) {
        const [current, at] = stack.pop();
        if (typeof current === 'string') {
            const reason = reasonFor(current);
            if (reason)
                errors.push({ field: field(at), reason });
            continue;
        }
        if (typeof current !== 'object' || current === null)
            continue;
        if (Array.isArray(current)) {
            current.forEach((item, i) => stack.push([item, at ? `${at}.${i}` : String(i)]));
            continue;
        }
        const record = current;
        for (const key of Object.keys(record)) {
            const keyReason = reasonFor(key);
            if (keyReason) {
                errors.push({ field: field(at), reason: `has a key that ${keyReason}` });
                continue;
            }
            if (!(0, opaque_json_decorator_1.isRawOpaqueValue)(record, key))
                stack.push([record[key], at ? `${at}.${key}` : key]);
        }
    }
    return errors.reverse();
}
//# sourceMappingURL=unstorable-strings.js.map