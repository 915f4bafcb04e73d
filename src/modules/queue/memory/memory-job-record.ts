import { BackoffOptions, Job, JobGraphNode, JOB_STATUSES, JobStatus, NewJob } from '../../../domain/job';
import { DEFAULT_PARENT_FAILURE_POLICY, ParentFailurePolicy } from '../../../domain/job-graph';
import { DEFAULT_GROUP } from '../../../domain/fairness';
import { MALFORMATION } from '../../../domain/job-lifecycle';
import { parseStoredJson, setStoredPayload } from '../job-payload';
import { LogLine } from '../../../domain/job-progress';

/**
 * A job as the memory store keeps it: the fields a Redis job hash holds, payload and result as
 * JSON text. Only the store's own code writes it, but a test seam can damage it the way a bug or
 * a partial write could, so readers check it (`findMalformation`) before trusting it.
 */
/** A graph job's edges and waits (src/domain/job-graph.ts; Redis: includes/graph.lua's keys and fields). */
export interface MemoryGraphNode {
  key?: string;
  /** The parents' keys as given, and their ids (both absent for a job without parents). */
  dependsOn?: string[];
  parentIds?: string[];
  childIds: string[];
  /** Parents not yet settled, while blocked (np). */
  waitingOn: number;
  /** Stored only when not the default (opf). */
  onParentFailure?: ParentFailurePolicy;
  /** Parent key -> result JSON, written as each parent succeeds (':pr'). */
  parentResults: Map<string, string>;
  /** Parent key -> the traceparent of its run that succeeded (tracing on; ':pr' ' ' .. key). */
  parentRuns: Map<string, string>;
  /** The traceparent of its own run that succeeded (tracing on; rtp), until it runs again. */
  run?: string;
  /** Its end came from a parent's (up). */
  upstream: boolean;
}

export interface MemoryJobRecord
  extends Omit<Job, 'payload' | 'result' | 'run' | 'cancelRequested' | 'key' | 'dependsOn' | 'onParentFailure' | 'progress' | 'logLines' | 'logLinesDropped'> {
  payloadJson: string;
  /** The latest progress as JSON text (Redis: pg, and progressAt: pga). */
  progressJson?: string;
  /** Log lines: written in all, and the newest kept (Redis: lgn, lgf and the job's `:lg` list). */
  log?: { total: number; kept: LogLine[] };
  resultJson?: string;
  /** Fencing token: bumped on every claim (the Job's run). */
  token: number;
  leaseExpiresAt?: number;
  cancelRequested: boolean;
  graph?: MemoryGraphNode;
}

/** A runAt at or before `now` is stored as `now` (= createdAt), as the Redis store reads a job due at once. */
/** A new job's record, in the state enqueueDecision gave it. */
export function createRecord(job: NewJob, status: JobStatus, runAt: number, now: number): MemoryJobRecord {
  return {
    id: job.id,
    queue: job.queue,
    type: job.type,
    payloadJson: job.payloadJson,
    status,
    priority: job.priority,
    attempts: 0,
    maxAttempts: job.maxAttempts,
    backoff: { ...job.backoff },
    timeoutMs: job.timeoutMs,
    runAt,
    createdAt: now,
    updatedAt: now,
    token: 0,
    idempotencyKey: job.idempotencyKey,
    callbackUrl: job.callbackUrl,
    executionId: job.executionId,
    schedule: job.schedule && { ...job.schedule },
    // the default group is kept as no group, as a Job shows it
    group: job.group === undefined || job.group === DEFAULT_GROUP ? undefined : job.group,
    cancelRequested: false,
    traceparent: job.traceparent,
    tracestate: job.tracestate,
    graph: job.graph && graphNode(job.graph),
  };
}

function graphNode(g: JobGraphNode): MemoryGraphNode {
  const node: MemoryGraphNode = { childIds: [], waitingOn: 0, parentResults: new Map(), parentRuns: new Map(), upstream: false };
  if (g.key !== undefined) node.key = g.key;
  if (g.parentIds !== undefined && g.parentIds.length > 0) {
    node.parentIds = [...g.parentIds];
    node.dependsOn = [...(g.dependsOn ?? [])];
    node.waitingOn = g.parentIds.length;
  }
  if (g.onParentFailure !== undefined && g.onParentFailure !== DEFAULT_PARENT_FAILURE_POLICY) node.onParentFailure = g.onParentFailure;
  return node;
}

const NUMERIC_FIELDS = ['priority', 'attempts', 'maxAttempts', 'timeoutMs', 'runAt', 'createdAt', 'token'] as const;
const TEXT_FIELDS = ['id', 'queue', 'type', 'payloadJson'] as const;
/** The numeric fields the Redis store checks too, in its order. */
const SHARED_NUMERIC_FIELDS = ['attempts', 'maxAttempts', 'priority', 'token'] as const;

/**
 * What is wrong with a record, or undefined when every field a transition reads is sound. The
 * first problem found, in the order and words of src/lua/includes/job-record.lua (missing type,
 * missing status, then attempts, maxAttempts, priority, token "is not a number"), so both stores
 * fail a damaged record with the same error; then what only this store's records can lose.
 */
export function findMalformation(record: MemoryJobRecord): string | undefined {
  const loose = record as unknown as Record<string, unknown>;
  const absent = (f: string): boolean => loose[f] === undefined || loose[f] === null || loose[f] === '';
  if (absent('type')) return MALFORMATION.missingType;
  if (absent('status')) return MALFORMATION.missingStatus;
  for (const f of SHARED_NUMERIC_FIELDS) {
    if (loose[f] !== undefined && (typeof loose[f] !== 'number' || !Number.isFinite(loose[f]))) return `${f}${MALFORMATION.notANumber}`;
  }
  const missing = [...TEXT_FIELDS, ...NUMERIC_FIELDS].filter((f) => loose[f] === undefined || loose[f] === null);
  if (missing.length > 0) return `missing ${missing.join(', ')}`;
  const notText = TEXT_FIELDS.filter((f) => typeof loose[f] !== 'string');
  if (notText.length > 0) return `${notText.join(', ')} not text`;
  const notNumbers = NUMERIC_FIELDS.filter((f) => typeof loose[f] !== 'number' || !Number.isFinite(loose[f]));
  if (notNumbers.length > 0) return `${notNumbers.join(', ')} not a number`;
  if (!(JOB_STATUSES as readonly unknown[]).includes(record.status)) return `unknown status ${String(record.status)}`;
  const backoff = record.backoff as Partial<BackoffOptions> | undefined;
  if (!backoff || (backoff.strategy !== 'fixed' && backoff.strategy !== 'exponential') || !Number.isFinite(backoff.delayMs)) {
    return 'backoff not valid';
  }
  if (loose.group !== undefined && typeof loose.group !== 'string') return 'group not text';
  return undefined;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * A fresh Job for callers (nothing shared with the record). `status` is the index the job sits
 * in, which is the truth; damaged fields read as neutral values so `get` never throws.
 */
export function toJob(record: MemoryJobRecord, status: JobStatus): Job {
  const job: Job = {
    id: String(record.id),
    queue: String(record.queue),
    type: typeof record.type === 'string' ? record.type : '',
    payload: null,
    status,
    priority: num(record.priority),
    attempts: num(record.attempts),
    maxAttempts: num(record.maxAttempts),
    backoff: { ...record.backoff },
    timeoutMs: num(record.timeoutMs),
    runAt: num(record.runAt),
    createdAt: num(record.createdAt),
    updatedAt: num(record.updatedAt),
  };
  setStoredPayload(job, typeof record.payloadJson === 'string' ? record.payloadJson : undefined);
  if (record.startedAt !== undefined) job.startedAt = record.startedAt;
  if (record.finishedAt !== undefined) job.finishedAt = record.finishedAt;
  if (record.workerId !== undefined) job.workerId = record.workerId;
  if (record.token > 0) job.run = record.token;
  if (record.resultJson !== undefined) job.result = parseStoredJson(record.resultJson);
  if (record.lastError !== undefined) job.lastError = record.lastError;
  if (record.lastErrorStack !== undefined) job.lastErrorStack = record.lastErrorStack;
  if (record.idempotencyKey !== undefined) job.idempotencyKey = record.idempotencyKey;
  if (record.callbackUrl !== undefined) job.callbackUrl = record.callbackUrl;
  if (record.executionId !== undefined) job.executionId = record.executionId;
  if (record.schedule !== undefined) job.schedule = { ...record.schedule };
  if (typeof record.group === 'string' && record.group !== DEFAULT_GROUP) job.group = record.group;
  if (record.cancelRequested) job.cancelRequested = true;
  if (record.progressJson !== undefined) {
    job.progress = parseStoredJson(record.progressJson);
    if (record.progressAt !== undefined) job.progressAt = record.progressAt;
  }
  if (record.log !== undefined) {
    job.logLines = record.log.total;
    job.logLinesDropped = record.log.total - record.log.kept.length;
  }
  if (typeof record.traceparent === 'string') job.traceparent = record.traceparent;
  if (typeof record.tracestate === 'string') job.tracestate = record.tracestate;
  const g = record.graph;
  if (g !== undefined) {
    // as redis-job-codec.ts reads gk, dep and opf
    if (g.key !== undefined) job.key = g.key;
    if (g.dependsOn !== undefined) job.dependsOn = [...g.dependsOn];
    if (g.onParentFailure !== undefined) job.onParentFailure = g.onParentFailure;
    else if (g.dependsOn !== undefined) job.onParentFailure = DEFAULT_PARENT_FAILURE_POLICY;
  }
  return job;
}
