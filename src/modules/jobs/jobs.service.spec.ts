import { AppConfig } from '../../config/app-config';
import { ManualClock } from '../../domain/clock';
import { InvalidJobSpecError, PayloadTooLargeError } from '../../domain/errors';
import { EnqueueResult, Job, NewJob } from '../../domain/job';
import { CallbackEnqueuer, JobAdmin, JobQueue } from '../queue';
import { NOOP_JOB_TRACER } from '../tracing';
import { JobsService } from './jobs.service';

/** Records enqueue calls; answers each job as created. */
class RecordingStore {
  calls: NewJob[][] = [];
  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    this.calls.push(jobs);
    return jobs.map((j) => ({ job: { id: j.id, queue: j.queue } as Job, created: true }));
  }
  async get(): Promise<Job | null> {
    return null;
  }
}

function setup(env: Record<string, string> = {}) {
  const store = new RecordingStore();
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const config = AppConfig.from(env);
  const [jobs, admin] = [store as unknown as JobQueue, store as unknown as JobAdmin];
  const service = new JobsService(jobs, admin, config, clock, new CallbackEnqueuer(jobs, admin, clock, config.maxPayloadBytes), NOOP_JOB_TRACER);
  return { store, clock, service };
}

describe('JobsService', () => {
  it('enqueues a bulk in one store call and answers the ids in request order', async () => {
    const { store, service } = setup({ QUEUES: 'a,b' });
    const ids = await service.createMany([{ type: 't1', queue: 'a' }, { type: 't2', queue: 'a' }]);
    expect(store.calls.map((call) => call.map((j) => j.type))).toEqual([['t1', 't2']]);
    expect(ids).toEqual(store.calls[0].map((j) => j.id));
  });

  it('refuses a bulk whose jobs span queues, naming the first stray, and writes nothing', async () => {
    const { store, service } = setup({ QUEUES: 'a,b' });
    const bulk = [{ type: 't', queue: 'a' }, { type: 't', queue: 'a' }, { type: 't', queue: 'b' }, { type: 't', queue: 'b' }];
    await expect(service.createMany(bulk)).rejects.toMatchObject({ field: 'jobs.2.queue', reason: expect.stringContaining('share one queue') });
    expect(store.calls).toEqual([]);
  });

  it('refuses a queue outside QUEUES, naming the field and the accepted queues', async () => {
    const { store, service } = setup({ QUEUES: 'default,reports' });
    const reason = 'must be one of the queues this service accepts (QUEUES): default, reports';
    await expect(service.create({ type: 't', queue: 'other' })).rejects.toMatchObject(new InvalidJobSpecError('queue', reason));
    await expect(service.createMany([{ type: 't' }, { type: 't', queue: 'other' }])).rejects.toMatchObject({ field: 'jobs.1.queue' });
    expect(() => service.normalizeMany([{ type: 't', queue: 'reports' }, { type: 't', queue: 'x' }])).toThrow(
      expect.objectContaining({ field: 'jobs.1.queue', reason }),
    );
    expect(() => service.list({ queue: 'other', limit: 1 })).toThrow(expect.objectContaining({ field: 'queue', reason }));
    expect(store.calls).toEqual([]);
  });

  it('writes nothing when any job of a bulk is invalid, and names it by index', async () => {
    const { store, service } = setup({ MAX_PAYLOAD_BYTES: '10' });
    await expect(service.createMany([{ type: 't' }, { type: 't', payload: 'x'.repeat(20) }])).rejects.toMatchObject(
      new PayloadTooLargeError('jobs.1.payload', 22, 10),
    );
    await expect(service.createMany([{ type: 't' }, { type: 't', delayMs: 1, runAt: 1 }])).rejects.toMatchObject({
      field: 'jobs.1.delayMs',
    });
    expect(store.calls).toEqual([]);
  });

  it('refuses a runAt more than a year ahead of its clock', async () => {
    const { clock, service } = setup();
    await expect(service.create({ type: 't', runAt: clock.now() + 366 * 86_400_000 })).rejects.toBeInstanceOf(InvalidJobSpecError);
  });

  it('stamps the job with its clock', async () => {
    const { store, clock, service } = setup();
    await service.create({ type: 't', delayMs: 5000 });
    expect(store.calls[0][0].runAt).toBe(clock.now() + 5000);
  });

  it("gives http jobs their host's group unless HTTP_HOST_CONCURRENCY is 0, and names a bad group by index in a bulk", async () => {
    const http = { type: 'http', payload: { url: 'https://hooks.example.com/in', method: 'POST' } };
    expect(setup().service.normalize(http, '').group).toBe('host:hooks.example.com');
    expect(setup().service.normalize({ ...http, group: 'tenant-1' }, '').group).toBe('tenant-1');
    expect(setup({ HTTP_HOST_CONCURRENCY: '0' }).service.normalize(http, '')).not.toHaveProperty('group');
    expect(() => setup().service.normalizeMany([{ type: 't' }, { type: 't', group: 'a b' }])).toThrow(expect.objectContaining({ field: 'jobs.1.group' }));
  });
});
