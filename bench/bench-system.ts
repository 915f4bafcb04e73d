/**
 * One queue system under test, driven the same way for each: bulk enqueue of no-op jobs, a worker
 * with C slots (with what a deployment of the system runs beside it: for claimq a whole instance),
 * single jobs added one at a time, and its own count of the jobs left unfinished. Every system
 * works on the bench's private redis-server (never the shared one on 6379).
 */
export interface WorkerHooks {
  /**
   * Called with how many jobs were durably completed: the system recorded the result in Redis
   * (claimq: the store answered `succeeded`, not `stale`; BullMQ: `completed`; Bee-Queue:
   * `succeeded`).
   */
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
  /** Starts taking jobs (after prepareWorker); resolves once started (its time counts in the processing phase). */
  runWorker(): void | Promise<void>;
  /** Adds one no-op job with payload `{ t: sentAt }`. */
  addOne(sentAt: number): Promise<void>;
  /** The bench queue's jobs that are not done, by the system's own state names (every count 0 after a drain). */
  unfinishedJobs(): Promise<UnfinishedJobs>;
  /** Stops the worker and closes every connection. */
  close(): Promise<void>;
}

/** Jobs not done by state (waiting, active, delayed, failed, ...), as the system counts them. */
export type UnfinishedJobs = Record<string, number>;

/** How the benches find the queue under test: one name for every system. */
export const BENCH_QUEUE = 'bench';

export function payloadTime(payload: unknown): number | undefined {
  const t = (payload as { t?: unknown } | null)?.t;
  return typeof t === 'number' ? t : undefined;
}
