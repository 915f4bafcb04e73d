import { JobContext } from '../job-context';
import { JobHandler } from '../job-handler.decorator';
import { NonRetryableJobError } from '../non-retryable-job.error';

/** The longest `sleep` job; a bigger ms is refused rather than left to the job timeout. */
const MAX_SLEEP_MS = 24 * 3600 * 1000;

/**
 * Built-in types for benchmarks, smoke and fault tests, with no outside dependency:
 * - `noop`: succeeds at once with null (measures the queue itself);
 * - `sleep`: payload `{ ms }`, succeeds with `{ sleptMs }` after ms, ends early (rejecting with
 *   the signal's reason) when its signal aborts: a stand-in for a long, well-behaved job.
 */
export class BuiltinJobHandlers {
  @JobHandler('noop')
  noop(): null {
    return null;
  }

  @JobHandler('sleep')
  sleep(ctx: JobContext): Promise<{ sleptMs: number }> {
    const ms = (ctx.payload as { ms?: unknown } | null)?.ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_SLEEP_MS) {
      return Promise.reject(new NonRetryableJobError(`sleep job payload must be { ms } with 0 <= ms <= ${MAX_SLEEP_MS}`));
    }
    const { signal } = ctx;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve({ sleptMs: ms });
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
