/** A Retry-After is honoured up to this; beyond it the server is asking for more than a retry. */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date), or undefined. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}
