import { Job } from '../../domain/job';
import { latestAttemptFromJob } from './latest-attempt';

const T = Date.UTC(2030, 0, 1);
const job = (over: Partial<Job>): Job => ({
  id: 'q-1',
  queue: 'q',
  type: 't',
  payload: null,
  status: 'pending',
  priority: 0,
  attempts: 0,
  maxAttempts: 3,
  backoff: { strategy: 'fixed', delayMs: 0 },
  timeoutMs: 1000,
  runAt: T,
  createdAt: T,
  updatedAt: T,
  ...over,
});

describe('latestAttemptFromJob', () => {
  it('knows no attempt of a job that never started', () => {
    expect(latestAttemptFromJob(job({}))).toEqual([]);
  });

  it('describes a running attempt without an end', () => {
    expect(latestAttemptFromJob(job({ status: 'running', attempts: 2, run: 3, startedAt: T + 5, workerId: 'w', lastError: 'earlier' }))).toEqual([
      { attempt: 2, run: 3, outcome: 'running', workerId: 'w', startedAt: '2030-01-01T00:00:00.005Z' },
    ]);
  });

  it('reads an expired lease from the last error of a job back in pending', () => {
    expect(latestAttemptFromJob(job({ status: 'pending', attempts: 1, startedAt: T, lastError: 'lease expired' }))[0]).toMatchObject({
      outcome: 'expired',
      error: 'lease expired',
    });
  });

  it('ends a succeeded attempt at the job finish, without an error', () => {
    expect(latestAttemptFromJob(job({ status: 'succeeded', attempts: 1, run: 1, startedAt: T, finishedAt: T + 10, lastError: 'old' }))).toEqual([
      { attempt: 1, run: 1, outcome: 'succeeded', startedAt: '2030-01-01T00:00:00.000Z', finishedAt: '2030-01-01T00:00:00.010Z' },
    ]);
  });
});
