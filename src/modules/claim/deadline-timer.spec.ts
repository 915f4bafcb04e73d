import { DeadlineTimer } from './deadline-timer';

describe('DeadlineTimer', () => {
  it('fires deadlines in order from a single timer, and not those cancelled', async () => {
    const timer = new DeadlineTimer();
    const fired: string[] = [];
    const now = Date.now();
    const setTimeoutSpy = vi.spyOn(global, 'setTimeout');
    timer.add(now + 40, () => fired.push('c'));
    timer.add(now + 10, () => fired.push('a'));
    const cancelled = timer.add(now + 20, () => fired.push('x'));
    timer.add(now + 30, () => fired.push('b'));
    timer.cancel(cancelled);
    expect(setTimeoutSpy.mock.calls.length).toBeLessThanOrEqual(2); // armed for 40, re-armed for 10
    setTimeoutSpy.mockRestore();
    await new Promise((r) => setTimeout(r, 80));
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(timer.size).toBe(0);
  });

  it('keeps many deadlines in a heap and removes any of them', () => {
    const timer = new DeadlineTimer();
    const deadlines = Array.from({ length: 1000 }, (_, i) => timer.add(Date.now() + 60_000 + ((i * 7919) % 1000), () => undefined));
    for (const d of deadlines.filter((_, i) => i % 2 === 0)) timer.cancel(d);
    expect(timer.size).toBe(500);
    for (const d of deadlines) timer.cancel(d);
    expect(timer.size).toBe(0);
    timer.stop();
  });
});
