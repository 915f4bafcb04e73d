import type Redis from 'ioredis';
import { BenchSystem, UnfinishedJobs, WorkerHooks } from '../../bench/bench-system';
import { measureSystem, MeasureOptions } from '../../bench/measure-system';

/** INFO answers with no figures: these cases are about the end-state checks, not the numbers. */
const admin = { info: async () => '' } as unknown as Redis;

const options: MeasureOptions = { n: 20, concurrency: 5, chunk: 10, pickupSamples: 0, pickupGapMs: 1, idleSeconds: 0.01, stallSeconds: 0.3, throughputOnly: true };

/** A system in memory whose worker records `recorded(n)` completions of the n jobs, and leaves `left` unfinished. */
class FakeSystem implements BenchSystem {
  readonly name = 'fake';
  closed = false;
  private waiting = 0;
  private hooks: WorkerHooks | undefined;

  constructor(
    private readonly recorded: (n: number) => number,
    private readonly left: (n: number) => UnfinishedJobs,
  ) {}

  async enqueueBulk(count: number): Promise<void> {
    this.waiting += count;
  }

  async prepareWorker(_concurrency: number, hooks: WorkerHooks): Promise<void> {
    this.hooks = hooks;
  }

  runWorker(): void {
    const n = this.waiting;
    setImmediate(() => this.hooks?.completed(this.recorded(n)));
  }

  async addOne(): Promise<void> {
    this.waiting++;
  }

  async unfinishedJobs(): Promise<UnfinishedJobs> {
    return this.left(this.waiting);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

describe('measureSystem end state', () => {
  it('fails a drain that stalls short of N, naming the jobs missing and where they are, and closes the system', async () => {
    const system = new FakeSystem((n) => n - 1, () => ({ waiting: 1, active: 0 }));
    await expect(measureSystem(system, admin, options)).rejects.toThrow('fake: drain, no completion for 0.3 s: 1 of 20 jobs not completed (left in the queue: waiting 1)');
    expect(system.closed).toBe(true);
  });

  it('fails a drain whose completions reached N while jobs are still left in the queue', async () => {
    const system = new FakeSystem((n) => n, () => ({ waiting: 0, failed: 2 }));
    await expect(measureSystem(system, admin, options)).rejects.toThrow('fake: after the drain: 0 of 20 jobs not completed (left in the queue: failed 2)');
  });

  it('fails a drain that recorded more completions than jobs', async () => {
    const system = new FakeSystem((n) => n + 3, () => ({ waiting: 0 }));
    await expect(measureSystem(system, admin, options)).rejects.toThrow('fake: after the drain: 3 more completions than the 20 jobs (nothing left in the queue)');
  });

  it('passes a drain that recorded every job once and left nothing', async () => {
    const system = new FakeSystem((n) => n, () => ({ waiting: 0, active: 0 }));
    const figures = await measureSystem(system, admin, options);
    expect(figures.redis_cmds_per_job_process).toBe(0);
  });
});
