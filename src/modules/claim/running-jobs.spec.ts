import { ManualClock } from '../../domain/clock';
import { ClaimedJob } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { MemoryEngine } from '../queue';
import { silentLogger } from '../../../test/support/worker-harness';
import { AckBatcher } from './ack-batcher';
import { DeadlineTimer } from './deadline-timer';
import { HandlerRegistry } from './handler-registry';
import { JobContext } from './job-context';
import { JobExecutor } from './job-executor';
import { RunningJob } from './running-job';
import { RunningJobs } from './running-jobs';

/** A job claimed once, and the same job claimed again (the next fencing token). */
async function claimedTwice(store: MemoryEngine): Promise<[ClaimedJob, ClaimedJob]> {
  await store.jobs.enqueue([normalizeJobSpec({ type: 'long' }, { now: Date.now(), maxPayloadBytes: 1024 })]);
  const { jobs } = await store.jobs.claim('default', 'w-1', 1, 30_000);
  return [jobs[0], { ...jobs[0], token: jobs[0].token + 1 }];
}

describe('RunningJobs', () => {
  const store = new MemoryEngine({ configuredQueues: ['default'] });
  afterAll(() => store.close());

  it('keeps one attempt per job: a re-claim replaces the older attempt without counting twice', async () => {
    const [first, second] = await claimedTwice(store);
    const running = new RunningJobs();
    const old = new RunningJob(first, () => undefined);
    const renewed = new RunningJob(second, () => undefined);
    expect(running.add(old)).toBeUndefined();
    expect(running.add(renewed)).toBe(old);
    expect([running.size, running.count('default')]).toEqual([1, 1]);
    expect(RunningJobs.leasesOf(running.inQueue('default'))).toEqual([{ id: second.job.id, token: second.token }]);

    running.remove(old); // the older attempt settling later changes nothing
    expect(running.size).toBe(1);
    running.remove(renewed);
    expect([running.size, running.count('default')]).toEqual([0, 0]);
    await expect(running.whenEmpty(0)).resolves.toBe(true);
  });

  it('adds up busy slot-seconds per queue: each running job counts for the time it ran, a re-claim once', async () => {
    const clock = new ManualClock(1_000_000);
    const running = new RunningJobs(clock);
    expect(running.busySlotSeconds('default')).toBe(0);
    const [first, second] = await claimedTwice(store);
    const [other] = await claimedTwice(store);
    const a = new RunningJob(first, () => undefined);
    const b = new RunningJob(other, () => undefined);
    running.add(a);
    clock.advance(2_000); // 1 job x 2 s
    running.add(b);
    clock.advance(3_000); // 2 jobs x 3 s
    expect(running.busySlotSeconds('default')).toBe(8);
    const renewed = new RunningJob(second, () => undefined);
    expect(running.add(renewed)).toBe(a); // still 2 jobs
    clock.advance(1_000); // 2 x 1 s
    running.remove(b);
    clock.advance(4_000); // 1 x 4 s
    running.remove(renewed);
    clock.advance(10_000); // idle
    expect(running.busySlotSeconds('default')).toBe(14);
    expect(running.busySlotSeconds('other')).toBe(0);
  });
});

describe('JobExecutor with a job claimed again while its older attempt runs', () => {
  const store = new MemoryEngine({ configuredQueues: ['default'] });
  afterAll(() => store.close());

  it('aborts the older attempt as a lost lease and keeps running the new one', async () => {
    const [first, second] = await claimedTwice(store);
    const registry = new HandlerRegistry();
    const seen: JobContext[] = [];
    registry.register('long', (ctx) => {
      seen.push(ctx);
      return new Promise(() => undefined);
    });
    const running = new RunningJobs();
    const timer = new DeadlineTimer();
    const acks = new AckBatcher(store.jobs, silentLogger, () => undefined);
    const fail = vi.spyOn(acks, 'fail');
    const executor = new JobExecutor({ registry, acks, timer, running, workerId: 'w-1', clock: { now: () => Date.now() }, logger: silentLogger });
    const settled: number[] = [];
    executor.start(first, () => settled.push(first.token));
    executor.start(second, () => settled.push(second.token));

    expect(seen[0].signal.reason).toMatchObject({ kind: 'lost lease' });
    expect(seen[1].signal.aborted).toBe(false);
    expect(settled).toEqual([first.token]);
    expect([running.size, running.count('default')]).toEqual([1, 1]);
    expect(running.all()[0].token).toBe(second.token);
    expect(fail).not.toHaveBeenCalled(); // nothing is recorded for an attempt whose lease is gone

    executor.abort(running.all()[0], 'shutdown');
    expect(running.size).toBe(0);
    timer.stop();
  });
});
