import { ClaimedJob, EnqueueResult, Job, NewJob } from '../../domain/job';

/** A job's trace context by the W3C header names: the fields Job and NewJob carry. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** How an attempt ended, as the run span records it (`claimq.job.outcome`). */
export type RunOutcome = 'succeeded' | 'failed' | 'timed_out' | 'cancelled' | 'lost_lease' | 'shutdown' | 'no_handler';

export interface EnqueueSpanOptions {
  /**
   * The span's parent: a run's context (a job's callback) or a job's own (a callback the reaper or
   * a cancel sends). Default: the active context, which the API sets from the request's
   * traceparent (TraceContextInterceptor), and which inside a handler is the job's run.
   */
  parent?: TraceCarrier;
  /** A trace of its own whatever is active: a schedule's fire has no request behind it. */
  root?: boolean;
}

/**
 * What an enqueue made, as its span records it once the store has answered: a partitioned queue
 * gives a job (and an execution) the id of the partition it lands in, unknown before the write.
 */
export interface Enqueued {
  jobIds: readonly string[];
  executionId?: string;
}

/** The ids of the jobs an enqueue returned (the job an idempotency key matched, where it did). */
export function enqueuedJobs(results: readonly EnqueueResult[]): Enqueued {
  return { jobIds: results.map((result) => result.job.id) };
}

export interface EnqueueSpan {
  /** Runs `fn` (the store's write) with the span active. */
  activate<T>(fn: () => T): T;
  /** Once: the write failed with `error`, or made `enqueued`. */
  end(error: unknown, enqueued?: Enqueued): void;
}

/** A claim batch's span, which each of its runs links to. Opaque outside the tracer. */
export interface ClaimSpan {
  readonly kind: 'claim';
}

export interface RunSpan {
  /** Runs `fn` (the handler) with the span active, so the handler's own spans and its http calls are children. */
  activate<T>(fn: () => T): T;
  /** Once; later calls are ignored. `retryable`: whether a failure may be retried (claimq.job.retryable; the store decides whether attempts are left). */
  end(outcome: RunOutcome, error?: unknown, retryable?: boolean): void;
  /** This span's context as W3C headers: the parent of the callback the attempt's ending sends. */
  carrier(): TraceCarrier;
}

export interface HttpCallSpan {
  /** The response's status (undefined: no response) and the error that ended the call, if any. Once. */
  end(status: number | undefined, error?: unknown): void;
}

/** Anything outgoing headers can be set on (undici's Headers). */
export interface HeaderSetter {
  set(name: string, value: string): void;
}

/**
 * What the rest of claimq asks of tracing (README, Traces), and the injection token
 * (TracingModule). Tracing off is NoopJobTracer: `enabled` false and every method a no-op. Code
 * on the worker's hot path (claim, run, complete) reads `enabled` before it calls anything, so an
 * instance without tracing allocates nothing per job for it.
 */
export abstract class JobTracer {
  abstract readonly enabled: boolean;

  /**
   * Starts an `enqueue` span (PRODUCER) and writes its context into each job (traceparent,
   * tracestate): each attempt's run span is then its child, whichever instance runs it.
   */
  abstract startEnqueue(jobs: readonly NewJob[], options?: EnqueueSpanOptions): EnqueueSpan;

  /** A claim batch's `claim` span, from `startedAt` (performance.now()) to now; jobs undefined: the claim failed with `error`. */
  abstract recordClaim(queue: string, workerId: string, startedAt: number, jobs: readonly ClaimedJob[] | undefined, error?: unknown): ClaimSpan | undefined;

  /** Starts the `run` span (CONSUMER) of one attempt, a child of the job's stored context. */
  abstract startRun(job: Job, workerId: string, claim?: ClaimSpan, parentRuns?: Readonly<Record<string, string>>): RunSpan;

  /** Starts a CLIENT span of one HTTP request (a hop) in the active context, and puts its traceparent into `headers`. */
  abstract startHttpCall(method: string, url: URL, headers: HeaderSetter, hop: number): HttpCallSpan;

  /** Runs `fn` in the context the incoming request's headers carry, unless a span is active already (an embedding app's own). */
  abstract withIncomingRequest<T>(headers: Record<string, string | string[] | undefined>, fn: () => T): T;

  /** `write` inside an `enqueue` span over `jobs`, `enqueued` saying what it made; just `write()` while tracing is off. */
  async traceEnqueue<T>(jobs: readonly NewJob[], write: () => Promise<T>, enqueued: (result: T) => Enqueued, options?: EnqueueSpanOptions): Promise<T> {
    if (!this.enabled) return write();
    const span = this.startEnqueue(jobs, options);
    let result: T;
    try {
      result = await span.activate(write);
    } catch (err) {
      span.end(err);
      throw err;
    }
    span.end(undefined, enqueued(result));
    return result;
  }

  /**
   * `write` (one store call) under one `enqueue` span per job, each the root of a trace of its own:
   * jobs no request stands behind (a schedule's fires, executions' callbacks). Just `write()` while off.
   */
  async traceEnqueueEach(jobs: readonly NewJob[], write: () => Promise<EnqueueResult[]>): Promise<EnqueueResult[]> {
    if (!this.enabled) return write();
    const spans = jobs.map((job) => this.startEnqueue([job], { root: true }));
    let results: EnqueueResult[];
    try {
      results = await write();
    } catch (err) {
      for (const span of spans) span.end(err);
      throw err;
    }
    spans.forEach((span, i) => span.end(undefined, { jobIds: [results[i].job.id] }));
    return results;
  }
}
