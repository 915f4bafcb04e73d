import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitFor, workerHarness, WorkerHarness } from '../../../test/support/worker-harness';
import { JobContext } from './job-context';

describe('LeaseHeartbeatService', () => {
  let h: WorkerHarness;
  afterEach(() => h.stop());

  /** A handler that runs until its signal aborts, keeping what it saw. */
  function untilAborted(seen: JobContext[]) {
    return (ctx: JobContext) =>
      new Promise((_, reject) => {
        seen.push(ctx);
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
      });
  }

  it('renews every lease of a queue in one heartbeat call and registers the worker', async () => {
    h = workerHarness();
    const seen: JobContext[] = [];
    h.registry.register('long', untilAborted(seen));
    await h.enqueue({ type: 'long' }, { type: 'long' }, { type: 'long' });
    const heartbeat = vi.spyOn(h.store.jobs, 'heartbeat');
    const register = vi.spyOn(h.store.workers, 'register');
    h.runtime.start();
    await waitFor(() => seen.length === 3, '3 running');
    await h.runtime.heartbeat.beat();
    const calls = heartbeat.mock.calls.filter(([, leases]) => leases.length > 0);
    expect(calls).toHaveLength(1);
    expect(calls[0][1]).toHaveLength(3);
    expect(register).toHaveBeenCalledWith('default', 'test-worker');
    expect(seen.every((ctx) => !ctx.signal.aborted)).toBe(true);
  });

  it('asks for stray leases in a queue only when it sent a claim there since the last answer', async () => {
    h = workerHarness();
    h.registry.register('quick', async () => null);
    const strays = vi.spyOn(h.store.jobs, 'strayLeases');
    const waits = vi.spyOn(h.store.jobs, 'waitForWork');
    /** Until the loop waits again: its claims are over. */
    const idle = async (waitsBefore: number) => waitFor(() => waits.mock.calls.length > waitsBefore, 'the loop to wait');
    h.runtime.start();
    await idle(0);
    // the start's beat may have asked before the loop's first claim went: this one asks after it
    await h.runtime.heartbeat.beat();
    await h.runtime.heartbeat.beat();
    const asked = strays.mock.calls.length;
    expect(asked).toBeGreaterThanOrEqual(1);
    // idle: no claim since, so no question
    await h.runtime.heartbeat.beat();
    await h.runtime.heartbeat.beat();
    expect(strays).toHaveBeenCalledTimes(asked);
    // a job brings claims (the memory store wakes the idle loop): the next beat asks, once
    const waitsBefore = waits.mock.calls.length;
    const [job] = await h.enqueue({ type: 'quick' });
    await h.waitForStatus(job.id, 'succeeded');
    await idle(waitsBefore);
    await h.runtime.heartbeat.beat();
    expect(strays).toHaveBeenCalledTimes(asked + 1);
    await h.runtime.heartbeat.beat();
    expect(strays).toHaveBeenCalledTimes(asked + 1);
  });

  it('aborts a running job that was cancelled at the next heartbeat and records it cancelled', async () => {
    h = workerHarness();
    const seen: JobContext[] = [];
    h.registry.register('long', untilAborted(seen));
    const [job] = await h.enqueue({ type: 'long' });
    h.runtime.start();
    await waitFor(() => seen.length === 1, 'running');
    await h.store.admin.cancel(job.id);
    expect(seen[0].signal.aborted).toBe(false);
    await h.runtime.heartbeat.beat();
    expect(seen[0].signal.aborted).toBe(true);
    expect(seen[0].signal.reason).toMatchObject({ kind: 'cancelled' });
    await h.waitForStatus(job.id, 'cancelled');
  });

  it('renews only the lease of a job it runs when it hears the job\'s cancel, and aborts it at once; a notice for a job it does not run changes nothing', async () => {
    h = workerHarness();
    const seen: JobContext[] = [];
    h.registry.register('long', untilAborted(seen));
    const [job, other] = await h.enqueue({ type: 'long' }, { type: 'long' });
    h.runtime.start();
    await waitFor(() => seen.length === 2, '2 running');
    const heartbeat = vi.spyOn(h.store.jobs, 'heartbeat');
    await h.runtime.heartbeat.cancelHeard('default-01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(heartbeat).not.toHaveBeenCalled();
    await h.store.admin.cancel(job.id);
    await h.runtime.heartbeat.cancelHeard(job.id);
    expect(heartbeat.mock.calls.map(([queue, leases]) => [queue, leases.map((l) => l.id)])).toEqual([['default', [job.id]]]);
    const [cancelled, untouched] = job.id === seen[0].job.id ? seen : [seen[1], seen[0]];
    expect(cancelled.signal.reason).toMatchObject({ kind: 'cancelled' });
    expect(untouched.signal.aborted).toBe(false);
    await h.waitForStatus(job.id, 'cancelled');
    await expect(h.store.admin.get(other.id)).resolves.toMatchObject({ status: 'running' });
  });

  it('aborts a job whose lease was lost and does not record its result', async () => {
    h = workerHarness({ leaseMs: 1_000 });
    const seen: JobContext[] = [];
    h.registry.register('long', untilAborted(seen));
    const [job] = await h.enqueue({ type: 'long', maxAttempts: 1 });
    h.runtime.start();
    await waitFor(() => seen.length === 1, 'running');
    // another party takes the job over: the reaper releases the lease of a "silent" worker
    // (gone from the registry, so no recent registration saves it)
    await h.store.workers.unregister('default', 'test-worker');
    await h.store.upkeep.reapWorkers('default', ['test-worker'], 10, 0);
    await h.runtime.heartbeat.beat();
    expect(seen[0].signal.reason).toMatchObject({ kind: 'lost lease' });
    const after = await h.store.admin.get(job.id);
    expect(after?.status).toBe('failed');
    expect(after?.lastError).toMatch(/went silent/);
  });

  it('publishes the worker process once per beat, whatever the number of queues, with its slots and leases', async () => {
    h = workerHarness({ queues: ['a', 'b'], concurrency: 3, process: { host: 'box', pid: 77, version: '9.9.9' } });
    const seen: JobContext[] = [];
    h.registry.register('long', untilAborted(seen));
    await h.enqueue({ type: 'long', queue: 'a' });
    await h.enqueue({ type: 'long', queue: 'b' });
    const publish = vi.spyOn(h.store.workers, 'publish');
    h.runtime.start();
    await waitFor(() => seen.length === 2, '2 running');
    publish.mockClear();
    await h.runtime.heartbeat.beat();
    expect(publish).toHaveBeenCalledTimes(1);
    const [live] = await h.store.workers.live(60_000, 10);
    expect(live).toMatchObject({ id: 'test-worker', host: 'box', pid: 77, version: '9.9.9', queues: ['a', 'b'], slots: { busy: 2, total: 6 }, leasesHeld: 2 });
    expect(live.startedAt).toBeLessThanOrEqual(live.lastHeartbeatAt);
  });

  it('removes the worker\'s info when it shuts down', async () => {
    h = workerHarness();
    h.runtime.start();
    await h.runtime.heartbeat.beat();
    await expect(h.store.workers.live(60_000, 10)).resolves.toMatchObject([{ id: 'test-worker' }]);
    await h.runtime.shutdown();
    await expect(h.store.workers.find(['test-worker'])).resolves.toEqual([]);
  });

  it('publishes the version of claimq from its package.json by default', async () => {
    h = workerHarness();
    h.runtime.start();
    await h.runtime.heartbeat.beat();
    const { version } = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    await expect(h.store.workers.live(60_000, 10)).resolves.toMatchObject([{ version, pid: process.pid }]);
  });
});
