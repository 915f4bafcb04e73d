import { Job } from '../../domain/job';
import { AttemptOutcomeView, JobAttemptResponseDto } from './dto/job-attempts-response.dto';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * What the store itself knows of a job's attempts, without history: the store keeps the attempt
 * count, the start and worker of the latest attempt, the job's finish time and its last error.
 * So this describes the latest attempt only (none when the job never started). Its outcome is read
 * from the job's status; a job back in pending or scheduled ended its latest attempt by failing or
 * by losing its lease (the store's "lease expired" error says which).
 */
export function latestAttemptFromJob(job: Job): JobAttemptResponseDto[] {
  if (job.attempts === 0 || job.startedAt === undefined) return [];
  const outcome = outcomeOf(job);
  const view: JobAttemptResponseDto = { attempt: job.attempts, run: job.run ?? job.attempts, outcome, startedAt: iso(job.startedAt) };
  if (job.workerId !== undefined) view.workerId = job.workerId;
  if (outcome !== 'running' && job.finishedAt !== undefined) view.finishedAt = iso(job.finishedAt);
  if (outcome !== 'running' && outcome !== 'succeeded' && job.lastError !== undefined) view.error = job.lastError;
  return [view];
}

function outcomeOf(job: Job): AttemptOutcomeView {
  switch (job.status) {
    case 'running':
      return 'running';
    case 'succeeded':
      return 'succeeded';
    case 'cancelled':
      return 'cancelled';
    case 'skipped':
    case 'blocked':
    case 'failed':
    case 'pending':
    case 'scheduled':
      return job.lastError?.startsWith('lease expired') ? 'expired' : 'failed';
  }
}
