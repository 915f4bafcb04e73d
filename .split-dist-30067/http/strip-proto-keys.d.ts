/**
 * What Nest's ValidationPipe does to a whole body (deletes `__proto__`, `prototype` and
 * `constructor` keys, so class-transformer cannot set a DTO's prototype from them), but only in
 * the request's own structure: the values of @OpaqueJson properties (job payloads, an http job's
 * body) are the client's data, kept byte for byte. They are never merged into anything, only
 * serialized, and a key that JSON.parse made is an own property, so they pollute nothing. One pass,
 * without a stack of its own calls, and payloads are not walked at all.
 */
export declare function stripProtoKeysOutsideOpaque(body: unknown): void;
