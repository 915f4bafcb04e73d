import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicPass } from './periodic-pass';

describe('PeriodicPass', () => {
  it('skips a tick while the previous pass is still running', async () => {
    let release!: () => void;
    let passes = 0;
    const pass = new PeriodicPass(new SchedulerRegistry(), 'test', 60_000, () => {
      passes += 1;
      return new Promise<void>((resolve) => (release = resolve));
    });
    const first = pass.tick();
    await pass.tick();
    expect(passes).toBe(1);
    release();
    await first;
    const second = pass.tick();
    expect(passes).toBe(2);
    release();
    await second;
  });

  it('registers its interval and removes it on stop, waiting for the pass in flight', async () => {
    const registry = new SchedulerRegistry();
    let finished = false;
    const pass = new PeriodicPass(registry, 'claimq-test', 60_000, async () => {
      await new Promise((r) => setTimeout(r, 10));
      finished = true;
    });
    pass.start();
    expect(registry.doesExist('interval', 'claimq-test')).toBe(true);
    void pass.tick();
    await pass.stop();
    expect(finished).toBe(true);
    expect(registry.doesExist('interval', 'claimq-test')).toBe(false);
  });
});
