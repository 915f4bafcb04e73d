import { WorkWaiters } from './work-waiters';

describe('WorkWaiters', () => {
  it('resolves every waiter on a wake and forgets them', async () => {
    const waiters = new WorkWaiters();
    const waits = [waiters.wait(60_000), waiters.wait(60_000)];
    expect(waiters.size).toBe(2);
    waiters.wakeAll();
    await expect(Promise.all(waits)).resolves.toEqual([true, true]);
    expect(waiters.size).toBe(0);
  });

  it('resolves on timeout', async () => {
    const waiters = new WorkWaiters();
    await expect(waiters.wait(5)).resolves.toBe(false);
    expect(waiters.size).toBe(0);
  });

  it('resolves at once for an aborted signal and on a later abort', async () => {
    const waiters = new WorkWaiters();
    await expect(waiters.wait(60_000, AbortSignal.abort())).resolves.toBe(false);
    const controller = new AbortController();
    const wait = waiters.wait(60_000, controller.signal);
    controller.abort();
    await expect(wait).resolves.toBe(false);
    expect(waiters.size).toBe(0);
  });

  it('remembers a wake that found nobody waiting, for the next wait only', async () => {
    const waiters = new WorkWaiters();
    waiters.wakeAll();
    await expect(waiters.wait(60_000)).resolves.toBe(true);
    const second = waiters.wait(60_000);
    expect(waiters.size).toBe(1);
    waiters.wakeAll();
    await expect(second).resolves.toBe(true);
  });
});
