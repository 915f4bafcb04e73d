"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.jsonValueProperty = exports.JSON_VALUE_BRANCHES = void 0;
/**
 * Any JSON value (object, array, string, number, boolean or null) in OpenAPI 3.0, which has no
 * `null` type: null is the object branch's `nullable`. Generated clients type it as the union of
 * the five rather than `object`, which a payload of `null`, `[1, 2]` or `"hi"` is not.
 */
exports.JSON_VALUE_BRANCHES = [
    { type: 'object', nullable: true, additionalProperties: true },
    { type: 'array', items: {} },
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
];
/** ApiProperty options of a field that holds any JSON value. */
const jsonValueProperty = (description) => ({ description, oneOf: exports.JSON_VALUE_BRANCHES });
exports.jsonValueProperty = jsonValueProperty;
//# sourceMappingURL=openapi-schemas.js.map