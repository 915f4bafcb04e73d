/**
 * Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`
 * with the last error and `describe()` (e.g. process logs). Errors thrown by `check` (the store
 * during an outage) count as "not yet". Tests wait on conditions, never on durations.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; intervalMs?: number; describe?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out waiting for ${what}${reason}\n${options.describe?.() ?? ''}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}
