import { Job } from '../../domain/job';

/** What a handler may know about its job (the payload comes separately, parsed on first use). */
export type JobMetadata = Readonly<
  Pick<
    Job,
    | 'id'
    | 'queue'
    | 'type'
    | 'attempts'
    | 'maxAttempts'
    | 'priority'
    | 'timeoutMs'
    | 'runAt'
    | 'createdAt'
    | 'startedAt'
    | 'idempotencyKey'
    | 'callbackUrl'
    | 'executionId'
    | 'schedule'
    | 'key'
    | 'dependsOn'
  >
>;

export interface JobContext<P = unknown> {
  readonly job: JobMetadata;
  readonly payload: P;
  /** Aborted on timeout, cancel, lost lease or shutdown; `signal.reason` is a JobAbortedError. */
  readonly signal: AbortSignal;
  /** 1 on the first attempt. */
  readonly attempt: number;
  readonly workerId: string;
  /**
   * A job of an execution's graph: the results of its parents (dependsOn) by their keys; a parent
   * that ended without succeeding (onParentFailure: run) is absent. `{}` for any other job.
   */
  readonly parents: Readonly<Record<string, unknown>>;
  /**
   * Reports the job's progress: a number or a small JSON value (at most 4 KB as JSON; a RangeError
   * otherwise), kept on the job as its latest (GET /jobs/:id `progress`) and streamed as it comes
   * (GET /jobs/:id/events). Sent within 100 ms, coalesced to the latest; ignored once the attempt
   * has ended.
   */
  progress(value: unknown): void;
  /**
   * Writes a log line to the job (GET /jobs/:id/logs; streamed as it comes): text, cut to 4,096
   * characters; the job keeps its newest JOB_LOG_LINES. Ignored once the attempt has ended.
   */
  log(line: string): void;
}

/** Returns a JSON-serialisable result (undefined is stored as null). Throwing fails the attempt. */
export type JobHandlerFn<P = unknown, R = unknown> = (context: JobContext<P>) => R | Promise<R>;
