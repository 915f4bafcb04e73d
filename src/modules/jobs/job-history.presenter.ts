import { JobAttemptHistory, JobHistoryRecord } from '../history';
import { JobAttemptResponseDto } from './dto/job-attempts-response.dto';
import { JobHistoryResponseDto } from './dto/job-history-response.dto';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A history record in the API's terms: ISO-8601 times, unset fields left out, `source: "history"`. */
export function presentHistoryJob(record: JobHistoryRecord): JobHistoryResponseDto {
  const view: JobHistoryResponseDto = {
    id: record.id,
    queue: record.queue,
    status: record.status,
    attempts: record.attempts,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    source: 'history',
  };
  if (record.type !== undefined) view.type = record.type;
  if (record.maxAttempts !== undefined) view.maxAttempts = record.maxAttempts;
  if (record.priority !== undefined) view.priority = record.priority;
  if (record.startedAt !== undefined) view.startedAt = iso(record.startedAt);
  if (record.finishedAt !== undefined) view.finishedAt = iso(record.finishedAt);
  if (record.workerId !== undefined) view.workerId = record.workerId;
  if (record.result !== undefined) view.result = record.result;
  if (record.lastError !== undefined) view.lastError = record.lastError;
  if (record.executionId !== undefined) view.executionId = record.executionId;
  if (record.schedule !== undefined) view.schedule = { name: record.schedule.name, fireAt: iso(record.schedule.fireAt) };
  if (record.progressAt !== undefined) {
    view.progress = record.progress;
    view.progressAt = iso(record.progressAt);
  }
  if (record.logLines !== undefined) view.logLines = record.logLines;
  return view;
}

export function presentHistoryAttempt(attempt: JobAttemptHistory): JobAttemptResponseDto {
  const view: JobAttemptResponseDto = { attempt: attempt.attempt, run: attempt.run, outcome: attempt.outcome };
  if (attempt.workerId !== undefined) view.workerId = attempt.workerId;
  if (attempt.startedAt !== undefined) view.startedAt = iso(attempt.startedAt);
  if (attempt.finishedAt !== undefined) view.finishedAt = iso(attempt.finishedAt);
  if (attempt.error !== undefined) view.error = attempt.error;
  if (attempt.progressAt !== undefined) {
    view.progress = attempt.progress;
    view.progressAt = iso(attempt.progressAt);
  }
  return view;
}
