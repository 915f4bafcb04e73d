import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { Job } from '../../domain/job';
import { StoreUnavailableError } from '../../domain/errors';
import { JobHistoryService } from './job-history.service';
import { JobStreams } from './job-streams';
import { JobWaits } from './job-waits';
import { presentJob } from './job.presenter';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

const written: Job = {
  id: 'default-01HZZZZZZZ0000000000',
  queue: 'default',
  type: 'noop',
  payload: null,
  status: 'pending',
  priority: 0,
  attempts: 0,
  maxAttempts: 3,
  backoff: { strategy: 'exponential', delayMs: 1000, maxDelayMs: 3_600_000 },
  timeoutMs: 90_000,
  runAt: Date.UTC(2030, 0, 1),
  createdAt: Date.UTC(2030, 0, 1),
  updatedAt: Date.UTC(2030, 0, 1),
};

/** An express Response as far as the controller uses it: a status and the close event. */
function response(): Response & { statusCode: number } {
  const res = new EventEmitter() as unknown as Response & { statusCode: number };
  res.statusCode = 201;
  res.status = ((code: number) => ((res.statusCode = code), res)) as Response['status'];
  return res;
}

describe('JobsController POST /jobs?waitMs', () => {
  it('answers the job as written when the wait fails after the write (the store blinked): it is stored, so never a 503', async () => {
    const jobs = { create: async () => ({ job: written, created: true }) } as unknown as JobsService;
    const waits = {
      watch: async () => undefined,
      untilEnded: async () => {
        throw new StoreUnavailableError('Redis is unreachable');
      },
    } as unknown as JobWaits;
    const controller = new JobsController(jobs, {} as JobHistoryService, waits, {} as JobStreams);
    const res = response();
    await expect(controller.create({ type: 'noop' } as never, { waitMs: 1000 }, res)).resolves.toEqual(presentJob(written));
    expect(res.statusCode).toBe(201);
  });

  it('answers the job as it ended when the wait hears its end', async () => {
    const ended: Job = { ...written, status: 'succeeded', attempts: 1, result: { ok: true }, finishedAt: Date.UTC(2030, 0, 1, 0, 0, 1) };
    const jobs = { create: async () => ({ job: written, created: true }) } as unknown as JobsService;
    const waits = { watch: async () => undefined, untilEnded: async () => ended } as unknown as JobWaits;
    const controller = new JobsController(jobs, {} as JobHistoryService, waits, {} as JobStreams);
    await expect(controller.create({ type: 'noop' } as never, { waitMs: 1000 }, response())).resolves.toEqual(presentJob(ended));
  });
});
