import { FieldError } from './error-body';
/** A payload at its deepest, plus room for the structure around it (`jobs.3.payload`). */
export declare const MAX_BODY_DEPTH: number;
/** Marks a parsed body as checked for depth (by the byte scan), so the pipe does not walk it again. */
export declare function markDepthChecked(body: unknown): void;
/**
 * The error for a body nested deeper than MAX_BODY_DEPTH, else undefined. Checked before
 * class-transformer walks the body (recursively: a deep body overflowed its stack into a 500);
 * a body the byte scan checked is not walked again. The exact payload bound is JobsService's.
 */
export declare function bodyDepthError(body: unknown): FieldError | undefined;
/**
 * The error for the container at `path` past MAX_BODY_DEPTH: names the opaque field the depth is
 * in (`jobs.3.payload`), else the body.
 */
export declare function tooDeepError(path: string[]): FieldError;
