import { ManualClock } from '../../domain/clock';
import { Execution, newExecutionId } from '../../domain/execution';
import { normalizeJobSpec } from '../../domain/job-spec';
import { MemoryEngine } from '../queue';
import { ExecutionRefresher } from './execution-refresher';
import { ExecutionStatusSink } from './execution-status.writer';

const Q = 'refresh';

describe('ExecutionRefresher', () => {
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  let store: MemoryEngine;
  let written: Execution[][];
  let duringWrite: (() => Promise<void>) | undefined;
  const sink: ExecutionStatusSink = {
    write: async (executions) => {
      written.push(executions);
      const hook = duringWrite;
      duringWrite = undefined;
      await hook?.();
    },
  };

  beforeEach(() => {
    store = new MemoryEngine({ clock });
    written = [];
  });

  async function execution(jobs: number, callbackUrl?: string): Promise<string> {
    const id = newExecutionId(Q, clock.now());
    const specs = Array.from({ length: jobs }, () => normalizeJobSpec({ type: 't', queue: Q, executionId: id }, { now: clock.now(), maxPayloadBytes: 1 << 20 }));
    await store.executions.create({ id, queue: Q, ...(callbackUrl ? { callbackUrl } : {}) }, specs);
    return id;
  }

  const refresher = () => new ExecutionRefresher(store.executions, store.jobs, sink, clock, { refresherId: 'r1', batch: 100, maxPayloadBytes: 1 << 20 });

  it('writes a batch in one call and acknowledges it', async () => {
    await execution(1);
    await execution(2);
    await expect(refresher().refreshBatch(Q)).resolves.toHaveLength(2);
    expect(written).toHaveLength(1);
    await expect(store.executions.refreshBacklog(Q)).resolves.toEqual({ backlog: 0, inFlight: 0 });
  });

  it('refreshes again an execution whose job changed while its refresh was being written', async () => {
    const id = await execution(1);
    duringWrite = async () => {
      const { jobs } = await store.jobs.claim(Q, 'w', 1, 60_000);
      await store.jobs.complete(Q, [{ id: jobs[0].job.id, token: jobs[0].token }]);
    };
    const r = refresher();
    await expect(r.refreshBatch(Q)).resolves.toMatchObject([{ id, status: 'running' }]);
    await expect(r.refreshBatch(Q)).resolves.toMatchObject([{ id, status: 'succeeded' }]);
    expect(written.map((batch) => batch[0].status)).toEqual(['running', 'succeeded']);
  });

  it('enqueues the callback of an execution that ended, once, as an http POST of its JSON', async () => {
    const id = await execution(1, 'http://example.test/cb');
    const { jobs } = await store.jobs.claim(Q, 'w', 1, 60_000);
    await store.jobs.fail(Q, [{ id: jobs[0].job.id, token: jobs[0].token, error: 'x', retryable: false }]);
    await refresher().refreshBatch(Q);
    await store.admin.retry(jobs[0].job.id);
    const again = (await store.jobs.claim(Q, 'w', 10, 60_000)).jobs.find((c) => c.job.id === jobs[0].job.id)!;
    await store.jobs.fail(Q, [{ id: again.job.id, token: again.token, error: 'x', retryable: false }]);
    await expect(refresher().refreshBatch(Q)).resolves.toMatchObject([{ id, status: 'failed' }]);
    const callbacks = (await store.admin.list({ queue: Q, type: 'http', limit: 10 })).items;
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0].payload).toMatchObject({ url: 'http://example.test/cb', method: 'POST', body: { id, status: 'failed', total: 1 } });
  });

  it('leaves a batch in flight when the write fails (the reaper returns it later)', async () => {
    await execution(1);
    const failing = new ExecutionRefresher(store.executions, store.jobs, { write: () => Promise.reject(new Error('db down')) }, clock, { refresherId: 'r1', batch: 10, maxPayloadBytes: 1 << 20 });
    await expect(failing.refreshBatch(Q)).rejects.toThrow('db down');
    await expect(store.executions.refreshBacklog(Q)).resolves.toEqual({ backlog: 0, inFlight: 1 });
    clock.advance(60_001);
    await expect(store.executions.requeueStaleRefresh(Q, 60_000, 10)).resolves.toBe(1);
  });
});
