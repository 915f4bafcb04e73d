import { BackoffOptions, Job, JobStatus } from './job';

/**
 * A job as JSON, the shape `GET /jobs/:id` returns: the domain Job with times as ISO-8601 strings,
 * unset optional fields left out (not null), keys in a stable order. Pure, so the API's presenter
 * and the worker's completion callbacks send the same document.
 */
export interface JobJson {
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
  runAt: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  finishedAt?: string;
  workerId?: string;
  result?: unknown;
  lastError?: string;
  idempotencyKey?: string;
  callbackUrl?: string;
  executionId?: string;
  cancelRequested?: boolean;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function toJobJson(job: Job): JobJson {
  const view: JobJson = {
    id: job.id,
    queue: job.queue,
    type: job.type,
    payload: job.payload,
    status: job.status,
    priority: job.priority,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    backoff: { ...job.backoff },
    timeoutMs: job.timeoutMs,
    runAt: iso(job.runAt),
    createdAt: iso(job.createdAt),
    updatedAt: iso(job.updatedAt),
  };
  if (job.startedAt !== undefined) view.startedAt = iso(job.startedAt);
  if (job.finishedAt !== undefined) view.finishedAt = iso(job.finishedAt);
  if (job.workerId !== undefined) view.workerId = job.workerId;
  if (job.result !== undefined) view.result = job.result;
  if (job.lastError !== undefined) view.lastError = job.lastError;
  if (job.idempotencyKey !== undefined) view.idempotencyKey = job.idempotencyKey;
  if (job.callbackUrl !== undefined) view.callbackUrl = job.callbackUrl;
  if (job.executionId !== undefined) view.executionId = job.executionId;
  if (job.cancelRequested) view.cancelRequested = true;
  return view;
}
