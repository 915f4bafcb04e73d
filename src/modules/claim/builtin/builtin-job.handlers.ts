import { JobContext } from '../job-context';
import { JobHandler } from '../job-handler.decorator';
import { NonRetryableJobError } from '../non-retryable-job.error';

/** The longest `sleep` job; a bigger ms is refused rather than left to the job timeout. */
const MAX_SLEEP_MS = 24 * 3600 * 1000;

/** Most progress steps a `sleep` job reports. */
const MAX_SLEEP_STEPS = 1_000;

/**
 * Built-in types for benchmarks, smoke and fault tests, with no outside dependency:
 * - `noop`: succeeds at once with null (measures the queue itself);
 * - `sleep`: payload `{ ms, steps? }`, succeeds with `{ sleptMs }` after ms, ends early (rejecting
 *   with the signal's reason) when its signal aborts: a stand-in for a long, well-behaved job. With
 *   `steps` (1 to 1,000) it reports its progress that many times along the way, evenly (`{ step,
 *   of, percent }`), and logs a line at each.
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
    const steps = (ctx.payload as { steps?: unknown }).steps ?? 0;
    if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 0 || steps > MAX_SLEEP_STEPS) {
      return Promise.reject(new NonRetryableJobError(`sleep job payload's steps must be a whole number from 0 to ${MAX_SLEEP_STEPS}`));
    }
    const { signal } = ctx;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      let step = 0;
      const tick = (): void => {
        step += 1;
        ctx.progress({ step, of: steps, percent: Math.round((step / steps) * 100) });
        ctx.log(`step ${step} of ${steps}`);
      };
      const ticker = steps > 0 ? setInterval(() => (step < steps - 1 ? tick() : clearInterval(ticker)), ms / steps) : undefined;
      const onAbort = (): void => {
        clearTimeout(timer);
        clearInterval(ticker);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        clearInterval(ticker);
        signal.removeEventListener('abort', onAbort);
        // the last steps (timers of the same time may fire in any order): reported before the result
        while (step < steps) tick();
        resolve({ sleptMs: ms });
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
