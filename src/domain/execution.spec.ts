import { deriveExecutionStatus, toExecution } from './execution';
import { emptyCounts, QueueCounts } from './job';

const counts = (c: Partial<QueueCounts>): QueueCounts => ({ ...emptyCounts(), ...c });

describe('deriveExecutionStatus', () => {
  it('is running while any job is not final', () => {
    expect(deriveExecutionStatus(counts({ pending: 1, succeeded: 2 }), 3)).toBe('running');
    expect(deriveExecutionStatus(counts({ scheduled: 1, failed: 2 }), 3)).toBe('running');
    expect(deriveExecutionStatus(counts({ running: 1 }), 1)).toBe('running');
  });

  it('is succeeded when every job succeeded', () => {
    expect(deriveExecutionStatus(counts({ succeeded: 3 }), 3)).toBe('succeeded');
  });

  it('is failed when every job failed or was cancelled', () => {
    expect(deriveExecutionStatus(counts({ failed: 3 }), 3)).toBe('failed');
    expect(deriveExecutionStatus(counts({ failed: 1, cancelled: 2 }), 3)).toBe('failed');
    expect(deriveExecutionStatus(counts({ cancelled: 3 }), 3)).toBe('failed');
  });

  it('is partial when some succeeded and the others failed or were cancelled', () => {
    expect(deriveExecutionStatus(counts({ succeeded: 1, failed: 1, cancelled: 1 }), 3)).toBe('partial');
  });

  it('is succeeded for an execution that holds no job', () => {
    expect(deriveExecutionStatus(counts({}), 0)).toBe('succeeded');
  });
});

describe('toExecution', () => {
  const record = { id: 'q-x', queue: 'q', total: 2, createdAt: 1, updatedAt: 9, version: 4, callbackEnqueued: false };

  it('reports finishedAt only when final', () => {
    expect(toExecution({ ...record, counts: counts({ succeeded: 1, running: 1 }) })).not.toHaveProperty('finishedAt');
    expect(toExecution({ ...record, counts: counts({ succeeded: 2 }) })).toMatchObject({ status: 'succeeded', finishedAt: 9 });
  });
});
