import { Job } from '../../domain/job';
import { JobResponseDto } from './dto/job-response.dto';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The store keeps epoch ms; the API speaks ISO-8601. Optional fields are left out when unset
 * rather than sent as null, and the key order is stable for humans reading responses.
 */
export function presentJob(job: Job): JobResponseDto {
  const view: JobResponseDto = {
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
