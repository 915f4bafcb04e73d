import { JobContext } from '../job-context';
/**
 * Built-in types for benchmarks, smoke and fault tests, with no outside dependency:
 * - `noop`: succeeds at once with null (measures the queue itself);
 * - `sleep`: payload `{ ms }`, succeeds with `{ sleptMs }` after ms, ends early (rejecting with
 *   the signal's reason) when its signal aborts: a stand-in for a long, well-behaved job.
 */
export declare class BuiltinJobHandlers {
    noop(): null;
    sleep(ctx: JobContext): Promise<{
        sleptMs: number;
    }>;
}
