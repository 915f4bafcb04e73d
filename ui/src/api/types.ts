/** The API's response shapes the dashboard reads (README, The API; .scratch/ui-api.md for the new routes). */

export const JOB_STATUSES = ['pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled', 'blocked', 'skipped'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export type Counts = Record<JobStatus, number>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface QueueSummary {
  name: string;
  counts: Counts;
  refresh: { backlog: number; inFlight: number };
}

export interface Job {
  id: string;
  queue: string;
  /** absent on a job history recorded before its enqueue reached it */
  type?: string;
  payload?: unknown;
  status: JobStatus;
  priority?: number;
  attempts: number;
  maxAttempts?: number;
  backoff?: { strategy: string; delayMs: number; maxDelayMs?: number };
  timeoutMs?: number;
  runAt?: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  finishedAt?: string;
  workerId?: string;
  result?: unknown;
  lastError?: string;
  /** The stack of lastError's error, when the handler threw one with a stack. */
  lastErrorStack?: string;
  idempotencyKey?: string;
  callbackUrl?: string;
  executionId?: string;
  schedule?: { name: string; fireAt: string };
  group?: string;
  cancelRequested?: boolean;
  /** The latest progress its handler reported, and when. */
  progress?: unknown;
  progressAt?: string;
  /** Log lines written in all, and how many of the oldest were dropped. */
  logLines?: number;
  logLinesDropped?: number;
  /** "history": the store no longer holds the job; history's record of it */
  source?: 'history';
}

/** GET /jobs/:id/logs */
export interface JobLogs {
  jobId: string;
  lines: { seq: number; at: string; line: string }[];
  total: number;
  firstKept: number;
  nextFrom: number | null;
  source: 'store' | 'history';
}

export interface JobAttempt {
  attempt: number;
  run: number;
  outcome: 'running' | 'succeeded' | 'failed' | 'released' | 'expired' | 'cancelled';
  workerId?: string;
  startedAt?: string;
  finishedAt?: string;
  error?: string;
}

export interface JobAttempts {
  jobId: string;
  source: 'history' | 'store';
  items: JobAttempt[];
}

export interface Execution {
  id: string;
  queue: string;
  status: 'running' | 'succeeded' | 'failed' | 'partial';
  counts: Counts;
  total: number;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
}

export interface QueueStats {
  queue: string;
  at: string;
  counts: Counts;
  /** approximate: a lookup bound was hit; the true oldest job may be older still */
  oldestPending: { jobId: string | null; since: string | null; ageMs: number | null; approximate?: true };
  throughput: { stepMs: number; from: string; succeeded: number[]; failed: number[] };
  pickupMs: { p50: number | null; p95: number | null; count: number };
  runMs: { p50: number | null; p95: number | null; count: number };
}

export interface LiveWorker {
  id: string;
  host: string;
  pid: number;
  version: string;
  startedAt: string;
  lastHeartbeatAt: string;
  queues: string[];
  slots: { busy: number; total: number };
  leasesHeld: number;
}

export interface DeadWorker {
  id: string;
  host: string | null;
  pid: number | null;
  queue: string;
  declaredDeadAt: string;
  lastHeartbeatAt: string | null;
  requeued: number;
  failed: number;
  cancelled: number;
  jobIds: string[];
}

export interface Workers {
  live: LiveWorker[];
  dead: DeadWorker[];
}

export type Access = 'open' | 'write' | 'read';

export interface WhoAmI {
  access: Access;
  keyId: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  keyId: string | null;
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

export interface BulkResult {
  processed: number;
  changed: number;
  skipped: number;
  nextCursor: string | null;
}

export interface RateLimit {
  max: number;
  perMs: number;
}

export interface QueueSettings {
  queue: string;
  paused: boolean;
  groupConcurrency: number | null;
  rateLimit: RateLimit | null;
}

export interface GroupState {
  name: string;
  pending: number;
  running: number;
  paused: boolean;
  concurrency: number | null;
  effectiveConcurrency: number | null;
  rateLimit: RateLimit | null;
  limitedBy: 'paused' | 'concurrency' | 'rate' | null;
  limitedUntil?: string;
}

export interface Schedule {
  name: string;
  queue: string;
  cron?: string;
  everyMs?: number;
  timezone: string;
  job: { type: string; payload?: unknown; priority: number; maxAttempts: number; timeoutMs: number; callbackUrl?: string; group?: string };
  overlap: string;
  catchUp: string;
  maxCatchUp: number;
  startAt?: string;
  endAt?: string;
  paused: boolean;
  nextRunAt: string | null;
  counts: { fired: number; skipped: number; missed: number };
  lastJobId?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduleDetail extends Schedule {
  nextRuns: string[];
  lastRuns: { fireAt: string; jobId: string; status: JobStatus | null; trigger?: boolean }[];
}

/** GET /executions/:id/graph: every job of the execution as a node (README, Job graphs). */
export interface ExecutionGraphNode {
  id: string;
  key?: string;
  type: string;
  status: JobStatus;
  dependsOn: string[];
  attempts: number;
  lastError?: string;
}

export interface ExecutionGraph {
  execution: Execution;
  nodes: ExecutionGraphNode[];
  edges: number;
}
