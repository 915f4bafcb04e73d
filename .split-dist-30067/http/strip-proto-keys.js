"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.stripProtoKeysOutsideOpaque = stripProtoKeysOutsideOpaque;
const opaque_json_decorator_1 = require("./opaque-json.decorator");
const POLLUTING_KEYS = ['__proto__', 'prototype', 'constructor'];
/**
 * What Nest's ValidationPipe does to a whole body (deletes `__proto__`, `prototype` and
 * `constructor` keys, so class-transformer cannot set a DTO's prototype from them), but only in
 * the request's own structure: the values of @OpaqueJson properties (job payloads, an http job's
 * body) are the client's data, kept byte for byte. They are never merged into anything, only
 * serialized, and a key that JSON.parse made is an own property, so they pollute nothing. One pass,
 * without a stack of its own calls, and payloads are not walked at all.
 */
function stripProtoKeysOutsideOpaque(body) {
    const visited = new WeakSet();
    const stack = [body];
    while (stack.length > 0) {
        const current = stack.pop();
        if (typeof current !== 'object' || current === null || visited.has(current))
            continue;
        visited.add(current);
        if (Array.isArray(current)) {
            for (const item of current)
                stack.push(item);
            continue;
        }
        const record = current;
        for (const key of POLLUTING_KEYS)
            if (Object.hasOwn(record, key))
                delete record[key];
        for (const key of Object.keys(record))
            if (!(0, opaque_json_decorator_1.isRawOpaqueValue)(record, key))
                stack.push(record[key]);
    }
}
//# sourceMappingURL=strip-proto-keys.js.map