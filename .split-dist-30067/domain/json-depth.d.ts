/** Deepest nesting of containers (objects, arrays) a job payload may have. */
export declare const MAX_PAYLOAD_DEPTH = 64;
export declare const PAYLOAD_TOO_DEEP = "must not be nested more than 64 levels deep";
/**
 * The path (keys, array indexes as strings) to the first container nested deeper than
 * `maxDepth`, or undefined. Scalars are 0 deep, `{}` 1, `{a: [1]}` 2. Iterative, so no depth can
 * overflow the stack as a recursive walk (class-transformer, JSON.stringify) does; a cycle ends
 * as too deep. Linear, and allocation-free per scalar: an array of millions of numbers is one
 * loop over it (Object.entries would build a pair per item).
 */
export declare function pathBeyondDepth(value: unknown, maxDepth: number): string[] | undefined;
