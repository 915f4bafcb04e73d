import { describe, expect, it } from 'vitest';
import { EnqueueResult, NewJob } from '../../domain/job';
import { ENQUEUE_BATCH_MAX, EnqueueBatcher } from './enqueue-batcher';

const job = (id: string, queue = 'default'): NewJob => ({ id, queue }) as unknown as NewJob;

/** A store that records each call and answers every job created. */
function recordingStore() {
  const calls: string[][] = [];
  const enqueueMany = async (jobs: NewJob[]): Promise<EnqueueResult[]> => {
    calls.push(jobs.map((j) => j.id));
    return jobs.map((j) => ({ job: { id: j.id, queue: j.queue }, created: true }) as unknown as EnqueueResult);
  };
  return { calls, enqueueMany };
}

describe('EnqueueBatcher', () => {
  it('writes the jobs of one turn in one call per queue, in order, and answers each its own result', async () => {
    const store = recordingStore();
    const batcher = new EnqueueBatcher(store.enqueueMany);
    const results = await Promise.all([batcher.add(job('a1')), batcher.add(job('b1', 'other')), batcher.add(job('a2')), batcher.add(job('a3'))]);
    expect(store.calls).toEqual([['a1', 'a2', 'a3'], ['b1']]);
    expect(results.map((r) => r.job.id)).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('writes a later turn in a call of its own', async () => {
    const store = recordingStore();
    const batcher = new EnqueueBatcher(store.enqueueMany);
    await batcher.add(job('a1'));
    await batcher.add(job('a2'));
    expect(store.calls).toEqual([['a1'], ['a2']]);
  });

  it(`writes at once when a queue's batch reaches ${ENQUEUE_BATCH_MAX} jobs`, async () => {
    const store = recordingStore();
    const batcher = new EnqueueBatcher(store.enqueueMany);
    const adds = Array.from({ length: ENQUEUE_BATCH_MAX + 1 }, (_, i) => batcher.add(job(`j${i}`)));
    expect(store.calls).toHaveLength(1);
    expect(store.calls[0]).toHaveLength(ENQUEUE_BATCH_MAX);
    await Promise.all(adds);
    expect(store.calls.map((c) => c.length)).toEqual([ENQUEUE_BATCH_MAX, 1]);
  });

  it("fails every job of a call the store refused, and only that call's", async () => {
    const refused = new Error('store unavailable');
    const batcher = new EnqueueBatcher(async (jobs) => {
      if (jobs[0].queue === 'down') throw refused;
      return jobs.map((j) => ({ job: { id: j.id }, created: true }) as unknown as EnqueueResult);
    });
    const results = await Promise.allSettled([batcher.add(job('d1', 'down')), batcher.add(job('u1', 'up')), batcher.add(job('d2', 'down'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toBe(refused);
  });
});
