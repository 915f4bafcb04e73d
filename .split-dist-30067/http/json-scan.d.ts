/**
 * One pass over a JSON request body's bytes, before anything parses it: how deep it nests, and
 * how large each opaque value (a job's `payload`) is. A body that breaks a limit is refused from
 * this scan alone, so a 30 MB payload gets its 413 without being turned into 30 MB of objects,
 * and a body nested 100,000 deep its 400 without being walked. Linear in the body's size; strings
 * are skipped with Buffer.indexOf. It does not validate the JSON: JSON.parse does that after.
 */
export interface JsonScanLimits {
    /** Deepest nesting of containers in the whole body (`{}` is 1). */
    maxDepth: number;
    /** Largest opaque value, counted as its JSON text without insignificant whitespace. */
    maxOpaqueBytes: number;
    /** Keys whose values are opaque client JSON (`payload`, an http job's `body`). */
    opaqueNames: ReadonlySet<string>;
}
export type JsonScanProblem = {
    kind: 'too-deep';
    path: string[];
} | {
    kind: 'opaque-too-large';
    path: string[];
    size: number;
};
/** The first problem found, or undefined. */
export declare function scanJson(buf: Buffer, limits: JsonScanLimits): JsonScanProblem | undefined;
