import { MAX_PAYLOAD_DEPTH, PAYLOAD_TOO_DEEP, pathBeyondDepth } from '../domain/json-depth';
import { FieldError } from './error-body';
import { opaqueJsonNames } from './opaque-json.decorator';
import { BODY_FIELD } from './validation-errors';

/** A payload at its deepest, plus room for the structure around it (`jobs.3.payload`). */
export const MAX_BODY_DEPTH = MAX_PAYLOAD_DEPTH + 8;

/** Bodies whose depth jsonBodyMiddleware's byte scan has checked already. */
const depthChecked = new WeakSet<object>();

/** Marks a parsed body as checked for depth (by the byte scan), so the pipe does not walk it again. */
export function markDepthChecked(body: unknown): void {
  if (typeof body === 'object' && body !== null) depthChecked.add(body);
}

/**
 * The error for a body nested deeper than MAX_BODY_DEPTH, else undefined. Checked before
 * class-transformer walks the body (recursively: a deep body overflowed its stack into a 500);
 * a body the byte scan checked is not walked again. The exact payload bound is JobsService's.
 */
export function bodyDepthError(body: unknown): FieldError | undefined {
  if (typeof body === 'object' && body !== null && depthChecked.has(body)) return undefined;
  const path = pathBeyondDepth(body, MAX_BODY_DEPTH);
  return path === undefined ? undefined : tooDeepError(path);
}

/**
 * The error for the container at `path` past MAX_BODY_DEPTH: names the opaque field the depth is
 * in (`jobs.3.payload`), else the body.
 */
export function tooDeepError(path: string[]): FieldError {
  const opaque = opaqueJsonNames();
  const at = path.findIndex((key) => opaque.has(key));
  if (at < 0) return { field: BODY_FIELD, reason: `must not be nested more than ${MAX_BODY_DEPTH} levels deep` };
  return { field: path.slice(0, at + 1).join('.'), reason: PAYLOAD_TOO_DEEP };
}
