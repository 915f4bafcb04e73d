/**
 * Milliseconds to wait before `now` is past a Retry-After value, which is delta-seconds or an
 * HTTP-date (RFC 9110, 10.2.3); undefined when the header is absent or unreadable. An HTTP-date
 * always starts with a day name, which keeps Date.parse from reading "1.5" as a date.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
