import { Job } from '../../domain/job';
import { presentJob } from './job.presenter';

const base: Job = {
  id: 'default-01HZZZZZZZ0000000000',
  queue: 'default',
  type: 'email.send',
  payload: { to: 'a@b.c' },
  status: 'pending',
  priority: 0,
  attempts: 0,
  maxAttempts: 3,
  backoff: { strategy: 'exponential', delayMs: 1000, maxDelayMs: 3_600_000 },
  timeoutMs: 90_000,
  runAt: Date.UTC(2030, 0, 1),
  createdAt: Date.UTC(2029, 11, 31, 23, 59, 59, 500),
  updatedAt: Date.UTC(2029, 11, 31, 23, 59, 59, 500),
};

describe('presentJob', () => {
  it('turns epoch milliseconds into ISO-8601 strings', () => {
    const view = presentJob({ ...base, startedAt: Date.UTC(2030, 0, 1, 0, 0, 1), finishedAt: Date.UTC(2030, 0, 1, 0, 0, 2) });
    expect(view.runAt).toBe('2030-01-01T00:00:00.000Z');
    expect(view.createdAt).toBe('2029-12-31T23:59:59.500Z');
    expect(view.startedAt).toBe('2030-01-01T00:00:01.000Z');
    expect(view.finishedAt).toBe('2030-01-01T00:00:02.000Z');
  });

  it('leaves unset optional fields out instead of sending null', () => {
    const view = presentJob(base);
    for (const key of ['startedAt', 'finishedAt', 'workerId', 'result', 'lastError', 'idempotencyKey', 'callbackUrl', 'executionId', 'schedule', 'group', 'cancelRequested']) {
      expect(view).not.toHaveProperty(key);
    }
  });

  it('keeps the optional fields that are set, including a falsy result', () => {
    const view = presentJob({
      ...base,
      status: 'succeeded',
      workerId: 'w1',
      result: 0,
      lastError: 'boom',
      idempotencyKey: 'k',
      callbackUrl: 'https://x.test/cb',
      executionId: 'e1',
      cancelRequested: true,
    });
    expect(view).toMatchObject({ workerId: 'w1', result: 0, lastError: 'boom', idempotencyKey: 'k', callbackUrl: 'https://x.test/cb', executionId: 'e1', cancelRequested: true });
  });

  it("shows a schedule's tick as ISO-8601, in a copy of its own", () => {
    const job: Job = { ...base, schedule: { name: 'nightly', fireAt: Date.UTC(2030, 0, 1, 2, 0, 0, 250) } };
    const view = presentJob(job);
    expect(view.schedule).toEqual({ name: 'nightly', fireAt: '2030-01-01T02:00:00.250Z' });
    expect(Object.keys(view).slice(-1)).toEqual(['schedule']);
    expect(job.schedule).toEqual({ name: 'nightly', fireAt: Date.UTC(2030, 0, 1, 2, 0, 0, 250) });
  });

  it('shows the group when the job has one, after the schedule', () => {
    const view = presentJob({ ...base, schedule: { name: 'nightly', fireAt: 0 }, group: 'host:api.example.com', cancelRequested: true });
    expect(view.group).toBe('host:api.example.com');
    expect(Object.keys(view).slice(-3)).toEqual(['schedule', 'group', 'cancelRequested']);
  });

  it('does not share the backoff object with the stored job', () => {
    const view = presentJob(base);
    expect(view.backoff).toEqual(base.backoff);
    expect(view.backoff).not.toBe(base.backoff);
  });
});
