import { ManualClock } from '../../domain/clock';
import { Job, NewJob } from '../../domain/job';
import { CallbackEnqueuer } from './callback-enqueuer';
import { JobAdmin } from './job-admin';
import { JobQueue } from './job-queue';

const silent = { debug: () => undefined, warn: () => undefined, error: () => undefined };

const ended: Job = {
  id: 'q-01HZZZZZZZ0000000000',
  queue: 'q',
  type: 'report',
  payload: null,
  status: 'succeeded',
  priority: 0,
  attempts: 1,
  maxAttempts: 3,
  backoff: { strategy: 'fixed', delayMs: 0 },
  timeoutMs: 1000,
  runAt: 0,
  createdAt: 0,
  updatedAt: 5,
  finishedAt: 5,
  callbackUrl: 'https://receiver.example.com/done',
  group: 'tenant-1',
};

async function callbackOf(hostGroups: boolean): Promise<NewJob> {
  const enqueued: NewJob[] = [];
  const jobs = { enqueue: async (batch: NewJob[]) => (enqueued.push(...batch), []) } as unknown as JobQueue;
  const admin = { get: async () => ended } as unknown as JobAdmin;
  await new CallbackEnqueuer(jobs, admin, new ManualClock(10), 1 << 20, silent, hostGroups).send(ended.id);
  return enqueued[0];
}

describe('CallbackEnqueuer: groups', () => {
  it("puts the callback in its receiver's host group while host groups are on, and tells the job's own group in the body", async () => {
    const callback = await callbackOf(true);
    expect(callback.group).toBe('host:receiver.example.com');
    expect(JSON.parse(callback.payloadJson).body.group).toBe('tenant-1');
  });

  it('gives the callback no group while host groups are off', async () => {
    expect(await callbackOf(false)).not.toHaveProperty('group');
  });
});
