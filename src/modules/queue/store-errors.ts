import { StoreOutOfMemoryError, StoreUnavailableError } from '../../domain/errors';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether a store call failed because the store could not be reached (worth retrying as is), as
 * opposed to refusing the request (retrying the same call would fail the same way).
 */
export function isTransientStoreError(err: unknown): boolean {
  if (err instanceof StoreUnavailableError || err instanceof StoreOutOfMemoryError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return err.name === 'MaxRetriesPerRequestError' || /connection|connect|closed|timed? ?out|socket|LOADING|READONLY|CLUSTERDOWN|TRYAGAIN/i.test(err.message);
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
