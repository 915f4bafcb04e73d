/**
 * One queue system under test, driven the same way for each: bulk enqueue of no-op jobs, a worker
 * with C slots, single jobs added one at a time. Every system works on the bench's private
 * redis-server (never the shared one on 6379).
 */
export interface WorkerHooks {
  /** Called with how many jobs were durably completed (result recorded in Redis). */
  completed(count: number): void;
  /** Called at handler start with the job's payload `t` (performance.now() at add), when it has one. */
  started(sentAt: number | undefined): void;
}

export interface BenchSystem {
  readonly name: string;
  /** Adds `count` no-op jobs with payload `{ i }` in bulk calls of `chunk` jobs, one call at a time. */
  enqueueBulk(count: number, chunk: number): Promise<void>;
  /** Connects a worker with `concurrency` slots, not yet taking jobs. */
  prepareWorker(concurrency: number, hooks: WorkerHooks): Promise<void>;
  /** Starts taking jobs (after prepareWorker). */
  runWorker(): void;
  /** Adds one no-op job with payload `{ t: sentAt }`. */
  addOne(sentAt: number): Promise<void>;
  /** Stops the worker and closes every connection. */
  close(): Promise<void>;
}

/** How the benches find the queue under test: one name for every system. */
export const BENCH_QUEUE = 'bench';

export function payloadTime(payload: unknown): number | undefined {
  const t = (payload as { t?: unknown } | null)?.t;
  return typeof t === 'number' ? t : undefined;
}
