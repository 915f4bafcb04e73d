import { ExecutionNotFoundError } from '../../../domain/errors';
import { JobEvent } from '../../../domain/job-event';
import { Job } from '../../../domain/job';
import { decodeOffsetCursor, encodeOffsetCursor } from '../execution-job-cursor';
import { ListPage } from '../job-admin';
import { toJob } from './memory-job-record';
import { cancelJob } from './memory-job-transitions';
import { MemoryExecution } from './memory-executions';
import { MemoryQueue } from './memory-queue';

/** Execution reads and the cancel of a whole execution, over one MemoryQueue. */
export function requireExecution(q: MemoryQueue | undefined, id: string): MemoryExecution {
  const execution = q?.executions.byId.get(id);
  if (!execution) throw new ExecutionNotFoundError(id);
  return execution;
}

export function listExecutionJobs(q: MemoryQueue | undefined, id: string, limit: number, cursor?: string): ListPage {
  const execution = requireExecution(q, id);
  const start = decodeOffsetCursor(cursor);
  const count = Math.max(1, Math.floor(limit));
  const ids = execution.jobIds.slice(start, start + count);
  const items: Job[] = [];
  for (const jobId of ids) {
    const entry = q?.jobs.get(jobId);
    if (entry) items.push(toJob(entry.record, entry.status));
  }
  return { items, nextCursor: ids.length < count ? null : encodeOffsetCursor(start + ids.length) };
}

/** pending|scheduled -> cancelled, running -> cancel requested; final jobs are left as they are. */
export function cancelExecutionJobs(q: MemoryQueue, execution: MemoryExecution, now: number): JobEvent[] {
  const events: JobEvent[] = [];
  for (const jobId of execution.jobIds) {
    const entry = q.jobs.get(jobId);
    if (!entry) continue;
    const change = cancelJob(q, entry, now);
    if (change !== undefined && change !== 'refused') events.push(change);
  }
  return events;
}
