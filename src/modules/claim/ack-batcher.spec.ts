import { StoreUnavailableError } from '../../domain/errors';
import { Job } from '../../domain/job';
import { MemoryEngine } from '../queue';
import { recordingLogger, waitFor, workerHarness } from '../../../test/support/worker-harness';
import { AckBatcher } from './ack-batcher';

describe('AckBatcher', () => {
  it('sends the results of one tick as one complete call per queue', async () => {
    const h = workerHarness({ concurrency: 20 });
    const complete = vi.spyOn(h.store.jobs, 'complete');
    h.registry.register('noop', () => null);
    const jobs = await h.enqueue(...Array.from({ length: 20 }, () => ({ type: 'noop' })));
    h.runtime.start();
    for (const job of jobs) await h.waitForStatus(job.id, 'succeeded');
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete.mock.calls[0][1]).toHaveLength(20);
    await h.stop();
  });

  it('keeps results while the store is unreachable and records them when it returns', async () => {
    const store = new MemoryEngine({ configuredQueues: ['default'] });
    const h = workerHarness({ store });
    const real = store.jobs.complete.bind(store.jobs);
    let down = 3;
    vi.spyOn(store.jobs, 'complete').mockImplementation(async (queue, items) => {
      if (down-- > 0) throw new StoreUnavailableError('redis is down');
      return real(queue, items);
    });
    h.registry.register('noop', () => 'ok');
    const [job] = await h.enqueue({ type: 'noop' });
    h.runtime.start();
    const done = await h.waitForStatus(job.id, 'succeeded');
    expect(done.result).toBe('ok');
    expect(store.jobs.complete).toHaveBeenCalledTimes(4);
    await h.stop();
  });

  it('drops and logs a result whose lease went stale', async () => {
    const store = new MemoryEngine();
    const logger = recordingLogger();
    const settled: string[] = [];
    const acks = new AckBatcher(store.jobs, logger, (_job, outcome) => settled.push(outcome));
    acks.complete({ id: 'default-0000000000AAAAAAAAAA', queue: 'default' } as Job, { id: 'default-0000000000AAAAAAAAAA', token: 7 });
    await waitFor(() => settled.length === 1, 'the outcome');
    expect(settled).toEqual(['stale']);
    expect(await acks.drain(100)).toBe(true);
  });

  it('does not let one refused item hold back the others', async () => {
    const h = workerHarness({ concurrency: 3 });
    const real = h.store.jobs.complete.bind(h.store.jobs);
    vi.spyOn(h.store.jobs, 'complete').mockImplementation(async (queue, items) => {
      if (items.some((i) => i.resultJson === '"poison"')) throw new Error('result too large');
      return real(queue, items);
    });
    h.registry.register('echo', (ctx) => ctx.payload);
    const jobs = await h.enqueue({ type: 'echo', payload: 'a' }, { type: 'echo', payload: 'poison' }, { type: 'echo', payload: 'b' });
    h.runtime.start();
    await h.waitForStatus(jobs[0].id, 'succeeded');
    await h.waitForStatus(jobs[2].id, 'succeeded');
    const poisoned = await h.waitForStatus(jobs[1].id, 'failed');
    expect(poisoned.lastError).toBe('result could not be recorded: result too large');
    await h.stop();
  });
});
