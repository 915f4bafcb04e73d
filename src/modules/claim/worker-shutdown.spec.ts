import { waitFor, workerHarness, WorkerHarness } from '../../../test/support/worker-harness';
import { JobContext } from './job-context';

describe('WorkerRuntime shutdown', () => {
  let h: WorkerHarness;
  afterEach(() => h.stop());

  it('leaves no timer of the grace period behind once it has stopped', async () => {
    h = workerHarness({ shutdownGraceMs: 3_600_000 });
    const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    h.runtime.start();
    await h.runtime.shutdown();
    await h.store.close();
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('lets running jobs finish within the grace period, then releases the rest without spending an attempt', async () => {
    h = workerHarness({ shutdownGraceMs: 150, concurrency: 4 });
    const seen: JobContext[] = [];
    h.registry.register('quick', async () => {
      await new Promise((r) => setTimeout(r, 30));
      return 'done';
    });
    h.registry.register('endless', (ctx) => {
      seen.push(ctx);
      return new Promise((resolve) => setTimeout(() => resolve('too late'), 1_000)); // ignores its signal
    });
    const [quick] = await h.enqueue({ type: 'quick' });
    const [endless] = await h.enqueue({ type: 'endless' });
    const unregister = vi.spyOn(h.store.workers, 'unregister');
    h.runtime.start();
    await waitFor(() => seen.length === 1, 'endless running');

    const started = Date.now();
    await h.runtime.shutdown();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    expect((await h.store.admin.get(quick.id))?.status).toBe('succeeded');
    const released = await h.store.admin.get(endless.id);
    expect(released).toMatchObject({ status: 'pending', attempts: 0 });
    expect(seen[0].signal.reason).toMatchObject({ kind: 'shutdown' });
    expect(unregister).toHaveBeenCalledWith('default', 'test-worker');
    expect((await h.store.admin.counts('default')).running).toBe(0);

    // the handler's late result never lands
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await h.store.admin.get(endless.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('claims nothing after shutdown began', async () => {
    h = workerHarness({ shutdownGraceMs: 50 });
    h.registry.register('noop', () => null);
    h.runtime.start();
    await h.runtime.shutdown();
    const [job] = await h.enqueue({ type: 'noop' });
    await new Promise((r) => setTimeout(r, 50));
    expect((await h.store.admin.get(job.id))?.status).toBe('pending');
  });
});
