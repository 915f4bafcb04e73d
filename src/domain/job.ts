import type { ParentFailurePolicy } from './job-graph';

/**
 * The job model shared by every store, the API and the worker runtime.
 * Plain TypeScript: no Nest, no ioredis, no TypeORM.
 */

/**
 * `blocked`: a job of an execution's graph waiting on its parents (src/domain/job-graph.ts), not
 * claimable; `skipped`: a graph job its parent's end ended without running (policy `skip`).
 */
export const JOB_STATUSES = ['pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled', 'blocked', 'skipped'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const FINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'cancelled', 'skipped']);

/** Names of queues and job types: `[A-Za-z0-9_.:-]{1,100}`. */
export const NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

export const PRIORITY_MIN = -1000;
export const PRIORITY_MAX = 1000;
export const MAX_ATTEMPTS_LIMIT = 100;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_TIMEOUT_MS = 90_000;
export const DEFAULT_QUEUE = 'default';

export type BackoffStrategy = 'fixed' | 'exponential';

export interface BackoffOptions {
  strategy: BackoffStrategy;
  /** Base delay: the fixed delay, or the first delay of the exponential series. */
  delayMs: number;
  /** Upper bound of any single delay. */
  maxDelayMs?: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { strategy: 'exponential', delayMs: 1000, maxDelayMs: 3_600_000 };

/**
 * The recurring schedule a job was fired by, and the tick it was fired for. Set only by claimq's
 * own callers (the API does not take it from clients); a job keeps it for life, and history too.
 */
export interface JobSchedule {
  /** The schedule's name: NAME_PATTERN. */
  name: string;
  /** Epoch ms of the tick the job was fired for (not when it was enqueued). */
  fireAt: number;
}

/** What a client asks for. Every optional field has its default applied by `normalizeJobSpec`. */
export interface JobSpec {
  type: string;
  queue?: string;
  payload?: unknown;
  priority?: number;
  /** Delay relative to enqueue time; exclusive with runAt. */
  delayMs?: number;
  /** Absolute epoch ms at which the job becomes runnable. */
  runAt?: number;
  maxAttempts?: number;
  backoff?: BackoffOptions;
  timeoutMs?: number;
  idempotencyKey?: string;
  callbackUrl?: string;
  executionId?: string;
  schedule?: JobSchedule;
  /**
   * The job's fairness group (NAME_PATTERN; src/domain/fairness.ts): claims serve a queue's groups
   * round-robin, and caps and rates may hold a group back. None: the queue's default group, or for
   * an `http` job its target host's group (`host:<host>`) while HTTP_HOST_CONCURRENCY is on.
   */
  group?: string;
  /** The job's key in its execution's graph (executions only; NAME_PATTERN, unique in the execution). */
  key?: string;
  /** Keys of the jobs of the same execution this one waits on (job-graph.ts). */
  dependsOn?: string[];
  /** What a parent's failure, cancel or skip does to this job (job-graph.ts); default `fail`. */
  onParentFailure?: ParentFailurePolicy;
}

/** A job's place in its execution's graph, as the stores keep it. */
export interface JobGraphNode {
  key?: string;
  /** The parents' keys, as the client gave them. */
  dependsOn?: string[];
  /** The parents' job ids, in the same order. */
  parentIds?: string[];
  onParentFailure?: ParentFailurePolicy;
  /** A job added to a running execution: the existing (blocked) jobs that now also wait on it. */
  requiredByIds?: string[];
}

/** A spec after defaults: what the stores persist. `payload` is kept as its JSON text. */
export interface NewJob {
  id: string;
  queue: string;
  type: string;
  payloadJson: string;
  priority: number;
  runAt: number;
  maxAttempts: number;
  backoff: BackoffOptions;
  timeoutMs: number;
  idempotencyKey?: string;
  callbackUrl?: string;
  executionId?: string;
  schedule?: JobSchedule;
  /** The job's group; absent: the default group. */
  group?: string;
  /**
   * W3C trace context of the span that enqueued the job (set only while tracing is on; README,
   * Traces): every attempt's run span is its child. Never part of the API's view of a job.
   */
  traceparent?: string;
  tracestate?: string;
  /** Set for a job of an execution's graph: it enters `blocked` while it has parents. */
  graph?: JobGraphNode;
}

/** A job as the API returns it (`GET /jobs/:id`). Times are epoch milliseconds. */
export interface Job {
  id: string;
  queue: string;
  type: string;
  payload: unknown;
  status: JobStatus;
  priority: number;
  attempts: number;
  maxAttempts: number;
  backoff: BackoffOptions;
  timeoutMs: number;
  runAt: number;
  createdAt: number;
  updatedAt: number;
  startedAt?: number;
  finishedAt?: number;
  workerId?: string;
  /** Run of the latest attempt: its claim's fencing token (bumped on every claim, never reset). */
  run?: number;
  result?: unknown;
  lastError?: string;
  /** The stack of the error in lastError, when the handler threw one that had a stack. */
  lastErrorStack?: string;
  idempotencyKey?: string;
  callbackUrl?: string;
  executionId?: string;
  schedule?: JobSchedule;
  /** The job's fairness group; absent: the queue's default group. */
  group?: string;
  /** Set when a cancel was asked for while the job was running. */
  cancelRequested?: boolean;
  /** The latest progress its handler reported (a number or a small JSON value; job-progress.ts), and when. */
  progress?: unknown;
  progressAt?: number;
  /** Log lines its handlers wrote, in all, and how many of the oldest were dropped (JOB_LOG_LINES). */
  logLines?: number;
  logLinesDropped?: number;
  /** The trace context it was enqueued under (NewJob's); internal, left out of toJobJson. */
  traceparent?: string;
  tracestate?: string;
  /** Its key in its execution's graph. */
  key?: string;
  /** The keys of the jobs it waits on (its parents). */
  dependsOn?: string[];
  /** What a parent's failure, cancel or skip does to it; absent: `fail` (job-graph.ts). */
  onParentFailure?: ParentFailurePolicy;
}

/**
 * A job handed to a worker: the job plus its lease. The job is its record as claimed, less
 * `lastErrorStack` (a handler gets the previous attempt's error text, not its stack).
 */
export interface ClaimedJob {
  job: Job;
  /** Fencing token: bumped on every claim; every later call about this lease presents it. */
  token: number;
  leaseExpiresAt: number;
  /** A graph job's parents' results by their keys (a parent that ended without one is absent). */
  parents?: Record<string, unknown>;
  /**
   * Tracing on: the W3C traceparent of the run span of each parent whose success settled this
   * job's edge, by the parent's key. The job's own run span links them.
   */
  parentRuns?: Record<string, string>;
}

export interface Lease {
  id: string;
  token: number;
}

export type HeartbeatOutcome = 'ok' | 'stale' | 'cancel';

export interface EnqueueResult {
  job: Job;
  /** false when the idempotency key matched an existing job, which is returned instead. */
  created: boolean;
}

export type QueueCounts = Record<JobStatus, number>;

export function emptyCounts(): QueueCounts {
  return { pending: 0, scheduled: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 };
}

export function isFinal(status: JobStatus): boolean {
  return FINAL_STATUSES.has(status);
}
