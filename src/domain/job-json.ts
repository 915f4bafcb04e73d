import { redactHttpPayload } from './http-job-secrets';
import { Job } from './job';

/**
 * A job as JSON, the shape `GET /jobs/:id` returns: the domain Job with times as ISO-8601 strings,
 * unset optional fields left out (not null), keys in a stable order, secret headers of an `http`
 * job shown as "[redacted]". Pure, so the API's presenter and the worker's completion callbacks
 * send the same document.
 */
/** The Job's times, which JSON carries as ISO-8601 strings. */
type JobTimes = 'runAt' | 'createdAt' | 'updatedAt' | 'startedAt' | 'finishedAt' | 'progressAt';

/** A job's schedule as JSON: its tick's time as an ISO-8601 string, like the job's own times. */
export interface JobScheduleJson {
  name: string;
  fireAt: string;
}

/**
 * The domain Job with its times as strings (optional ones stay optional); the run number and the
 * trace context are internal. `source: "store"` tells it from a job as job history recorded it (`source: "history"`).
 */
export type JobJson = Omit<Job, JobTimes | 'run' | 'schedule' | 'traceparent' | 'tracestate'> & { [K in keyof Pick<Job, JobTimes>]: string } & { schedule?: JobScheduleJson; source: 'store' };

const iso = (ms: number): string => new Date(ms).toISOString();

export function toJobJson(job: Job): JobJson {
  const view: JobJson = {
    id: job.id,
    queue: job.queue,
    type: job.type,
    payload: redactHttpPayload(job.type, job.payload),
    status: job.status,
    priority: job.priority,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    backoff: { ...job.backoff },
    timeoutMs: job.timeoutMs,
    runAt: iso(job.runAt),
    createdAt: iso(job.createdAt),
    updatedAt: iso(job.updatedAt),
    source: 'store',
  };
  if (job.startedAt !== undefined) view.startedAt = iso(job.startedAt);
  if (job.finishedAt !== undefined) view.finishedAt = iso(job.finishedAt);
  if (job.workerId !== undefined) view.workerId = job.workerId;
  if (job.result !== undefined) view.result = job.result;
  if (job.lastError !== undefined) view.lastError = job.lastError;
  if (job.lastErrorStack !== undefined) view.lastErrorStack = job.lastErrorStack;
  if (job.idempotencyKey !== undefined) view.idempotencyKey = job.idempotencyKey;
  if (job.callbackUrl !== undefined) view.callbackUrl = job.callbackUrl;
  if (job.executionId !== undefined) view.executionId = job.executionId;
  if (job.schedule !== undefined) view.schedule = { name: job.schedule.name, fireAt: iso(job.schedule.fireAt) };
  if (job.group !== undefined) view.group = job.group;
  if (job.cancelRequested) view.cancelRequested = true;
  if (job.progress !== undefined) view.progress = job.progress;
  if (job.progressAt !== undefined) view.progressAt = iso(job.progressAt);
  if (job.logLines !== undefined) {
    view.logLines = job.logLines;
    view.logLinesDropped = job.logLinesDropped ?? 0;
  }
  if (job.key !== undefined) view.key = job.key;
  if (job.dependsOn !== undefined) view.dependsOn = [...job.dependsOn];
  if (job.onParentFailure !== undefined) view.onParentFailure = job.onParentFailure;
  return view;
}
