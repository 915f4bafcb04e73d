import { callbackJobSpec } from '../../src/domain/job-callback';
import { DEFAULT_BACKOFF, Job } from '../../src/domain/job';
import { toJobJson } from '../../src/domain/job-json';
import { callbackIdempotencyKey } from '../../ui/src/callback-key';

const ENDED = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

function job(over: Partial<Job>): Job {
  return {
    id: 'default.0h2k0000000000000000000000',
    queue: 'default',
    type: 't',
    payload: null,
    status: 'failed',
    priority: 0,
    attempts: 1,
    maxAttempts: 1,
    backoff: DEFAULT_BACKOFF,
    timeoutMs: 1000,
    runAt: ENDED - 5000,
    createdAt: ENDED - 5000,
    updatedAt: ENDED,
    callbackUrl: 'https://example.test/hook',
    ...over,
  };
}

describe('the dashboard\'s callback lookup key', () => {
  it('is the key the service gives the callback job, from the job as GET /jobs/:id shows it', () => {
    const finished = job({ finishedAt: ENDED });
    expect(callbackIdempotencyKey(toJobJson(finished))).toBe(callbackJobSpec(finished).idempotencyKey);
    const noFinish = job({ status: 'cancelled', updatedAt: ENDED + 1 });
    expect(callbackIdempotencyKey(toJobJson(noFinish))).toBe(callbackJobSpec(noFinish).idempotencyKey);
  });
});
