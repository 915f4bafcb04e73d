import { ManualClock } from '../../../domain/clock';
import { InvalidJobSpecError, JobNotFoundError } from '../../../domain/errors';
import { JobSpec } from '../../../domain/job';
import { normalizeJobSpec } from '../../../domain/job-spec';
import { MemoryEngine } from './memory-engine';
import { estimatedEventBytes } from './memory-event-log';
import { DamageableMemoryEngine } from '../../../../test/support/memory-store-harness';

/** What only the memory store has: its event outbox, its options and its test seam. */
describe('MemoryEngine', () => {
  const clock = new ManualClock(1_000_000);
  const job = (spec: Partial<JobSpec> = {}) => normalizeJobSpec({ type: 't', queue: 'q', ...spec }, { now: clock.now(), maxPayloadBytes: 1e6 });

  it('records every state change of a job in its event log', async () => {
    const store = new MemoryEngine({ clock });
    const [{ job: created }] = await store.jobs.enqueue([job({ priority: 4, executionId: 'e1' })]);
    const { jobs } = await store.jobs.claim('q', 'w1', 1, 1000);
    await store.jobs.fail('q', [{ id: created.id, token: jobs[0].token, error: 'boom', retryable: true, retryDelayMs: 50 }]);
    clock.advance(50);
    const again = await store.jobs.claim('q', 'w2', 1, 1000);
    await store.jobs.complete('q', [{ id: created.id, token: again.jobs[0].token, resultJson: '{"x":1}' }]);
    const events = store.events.take(100);
    expect(events.every((e) => e.queue === 'q' && e.event.id === created.id)).toBe(true);
    expect(events.map((e) => [e.event.k, e.event.st, e.event.att, e.event.run])).toEqual([
      ['enqueued', 'pending', 0, undefined],
      ['claimed', 'running', 1, 1],
      ['retry_scheduled', 'scheduled', 1, 1],
      ['promoted', 'pending', 1, undefined],
      ['claimed', 'running', 2, 2],
      ['succeeded', 'succeeded', 2, 2],
    ]);
    expect(events[0].event).toMatchObject({ type: 't', prio: 4, max: 3, exec: 'e1', ctime: created.createdAt });
    expect(events[2].event).toMatchObject({ err: 'boom', w: 'w1' });
    expect(events[5].event).toMatchObject({ res: '{"x":1}', w: 'w2' });
  });

  it('numbers runs by the fencing token across a release and an API retry, where attempt numbers repeat', async () => {
    const store = new MemoryEngine({ clock });
    const [{ job: created }] = await store.jobs.enqueue([job()]);
    const first = (await store.jobs.claim('q', 'w1', 1, 1000)).jobs[0];
    await store.jobs.release('q', [{ id: created.id, token: first.token }]);
    const second = (await store.jobs.claim('q', 'w1', 1, 1000)).jobs[0];
    await store.jobs.fail('q', [{ id: created.id, token: second.token, error: 'no', retryable: false }]);
    await store.admin.retry(created.id);
    const third = (await store.jobs.claim('q', 'w1', 1, 1000)).jobs[0];
    clock.advance(1001);
    await store.upkeep.reapExpired('q', 10);
    const runs = store.events.take(100).map((e) => [e.event.k, e.event.att, e.event.run]);
    expect(runs.slice(1)).toEqual([
      ['claimed', 1, 1], ['released', 0, 1],
      ['claimed', 1, 2], ['failed', 1, 2],
      ['retried', 0, undefined],
      ['claimed', 1, 3], ['expired', 1, 3],
    ]);
    expect(third.token).toBe(3);
  });

  it('with deleteSucceeded, still records the succeeded event (with the result) of a job it deletes', async () => {
    const store = new MemoryEngine({ clock, deleteSucceeded: true });
    const [{ job: created }] = await store.jobs.enqueue([job()]);
    const { jobs } = await store.jobs.claim('q', 'w1', 1, 1000);
    await expect(store.jobs.complete('q', [{ id: created.id, token: jobs[0].token, resultJson: '{"v":1}' }])).resolves.toEqual(['succeeded']);
    await expect(store.admin.get(created.id)).resolves.toBeNull();
    const last = store.events.take(100).at(-1)?.event;
    expect(last).toMatchObject({ k: 'succeeded', id: created.id, st: 'succeeded', att: 1, run: 1, w: 'w1', res: '{"v":1}' });
  });

  it('bounds its event log by its byte budget, and reports what it dropped as a gap once', async () => {
    const jobs = Array.from({ length: 8 }, () => job());
    const eventBytes = estimatedEventBytes({ k: 'enqueued', id: jobs[0].id, st: 'pending', att: 0, at: clock.now(), type: jobs[0].type });
    const store = new MemoryEngine({ clock, historyBacklogMaxBytes: 5 * eventBytes });
    await store.jobs.enqueue(jobs);
    expect(store.events.size).toBe(5);
    expect(store.events.dropped).toBe(3);
    await expect(store.upkeep.trimEvents('q')).resolves.toEqual({
      scanned: 0,
      more: false,
      dropped: [{ queue: 'q', events: 3, gap: { fromMs: clock.now(), toMs: clock.now(), events: 3 } }],
    });
    await expect(store.upkeep.trimEvents('q')).resolves.toMatchObject({ dropped: [] });
  });

  it('hands out claimed jobs that callers cannot use to change the store', async () => {
    const store = new MemoryEngine({ clock });
    await store.jobs.enqueue([job({ payload: { a: 1 } })]);
    const { jobs } = await store.jobs.claim('q', 'w', 1, 1000);
    (jobs[0].job.payload as { a: number }).a = 2;
    jobs[0].job.attempts = 99;
    await expect(store.admin.get(jobs[0].job.id)).resolves.toMatchObject({ payload: { a: 1 }, attempts: 1 });
  });

  it('uses its injected jitter for exponential backoff', async () => {
    const store = new MemoryEngine({ clock, random: () => 1 });
    await store.jobs.enqueue([job({ backoff: { strategy: 'exponential', delayMs: 1000 } })]);
    const { jobs } = await store.jobs.claim('q', 'w', 1, 1000);
    await store.jobs.fail('q', [{ id: jobs[0].job.id, token: jobs[0].token, error: 'x', retryable: true }]);
    await expect(store.admin.get(jobs[0].job.id)).resolves.toMatchObject({ runAt: clock.now() + 1000 });
  });

  it('lists configured queues before any job arrives', async () => {
    const store = new MemoryEngine({ clock, configuredQueues: ['emails', 'default'] });
    await expect(store.admin.queues()).resolves.toEqual(['default', 'emails']);
    await store.jobs.waitForWork('idle', 0);
    await expect(store.admin.queues()).resolves.toEqual(['default', 'emails']);
  });

  it('claims correctly after most pending jobs were cancelled (lazy heap deletion)', async () => {
    const store = new MemoryEngine({ clock });
    const results = await store.jobs.enqueue(Array.from({ length: 5000 }, (_, i) => job({ priority: i % 7 })));
    const keep = new Set<string>();
    for (const [i, r] of results.entries()) {
      if (i % 50 === 0) keep.add(r.job.id);
      else await store.admin.cancel(r.job.id);
    }
    const { jobs } = await store.jobs.claim('q', 'w', 1000, 1000);
    expect(new Set(jobs.map((j) => j.job.id))).toEqual(keep);
    const priorities = jobs.map((j) => j.job.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
  });

  it('keeps group counts right when a record is deleted under the indexes, pending or running', async () => {
    const store = new DamageableMemoryEngine({ clock });
    await store.groups.updateGroup('q', 'G', { concurrency: 1 });
    const [running, gone, next] = await store.jobs.enqueue([job(), job(), job()].map((j) => ({ ...j, group: 'G' })));
    await store.jobs.claim('q', 'w', 1, 1000);
    store.corrupt(running.job.id, 'deleted');
    store.corrupt(gone.job.id, 'deleted');
    clock.advance(1001);
    await store.upkeep.reapExpired('q', 10);
    // the group rejoined the round, meeting (and dropping) the deleted pending record on the way
    await expect(store.groups.getGroup('q', 'G')).resolves.toMatchObject({ running: 0, pending: 1, limitedBy: null });
    await expect(store.admin.counts('q')).resolves.toMatchObject({ pending: 1, running: 0 });
    const { jobs } = await store.jobs.claim('q', 'w', 5, 1000);
    expect(jobs.map((j) => j.job.id)).toEqual([next.job.id]);
    await expect(store.groups.getGroup('q', 'G')).resolves.toMatchObject({ running: 1, pending: 0 });
  });

  it('serves thousands of groups in turn, and forgets each once it has no job left', async () => {
    const store = new MemoryEngine({ clock });
    const groups = Array.from({ length: 3000 }, (_, i) => `g${i}`);
    for (const group of groups) await store.jobs.enqueue([job(), job()].map((j) => ({ ...j, group })));
    const first = await store.jobs.claim('q', 'w', 3000, 1000);
    expect(first.jobs.map((j) => j.job.group)).toEqual(groups);
    expect(first.more).toBe(true);
    const second = await store.jobs.claim('q', 'w', 3000, 1000);
    expect(second.jobs.map((j) => j.job.group)).toEqual(groups);
    await store.jobs.complete('q', [...first.jobs, ...second.jobs].map((j) => ({ id: j.job.id, token: j.token })));
    await expect(store.groups.list('q', 10)).resolves.toEqual({ items: [], nextCursor: null });
  });

  it('reads the cursor of a page that ends at the default group', async () => {
    const store = new MemoryEngine({ clock });
    await store.jobs.enqueue([job(), { ...job(), group: 'a' }]);
    const page = await store.groups.list('q', 1);
    expect(page.items.map((g) => g.name)).toEqual(['']);
    expect(page.nextCursor).not.toBe('');
    await expect(store.groups.list('q', 1, page.nextCursor!)).resolves.toMatchObject({ items: [{ name: 'a' }], nextCursor: null });
  });

  it('refuses a list cursor it did not make', async () => {
    const store = new MemoryEngine({ clock });
    await expect(store.admin.list({ queue: 'q', limit: 1, cursor: 'garbage!' })).rejects.toBeInstanceOf(InvalidJobSpecError);
  });

  it('ends pending waits on close and returns at once afterwards', async () => {
    const store = new MemoryEngine({ clock });
    const wait = store.jobs.waitForWork('q', 60_000);
    await store.close();
    await expect(wait).resolves.toBeUndefined();
    await expect(store.jobs.waitForWork('q', 60_000)).resolves.toBeUndefined();
  });

  it('refuses to corrupt a job it does not hold', () => {
    const store = new DamageableMemoryEngine({ clock });
    expect(() => store.corrupt('q-0000000000AAAAAAAAAA', 'deleted')).toThrow(JobNotFoundError);
  });
});
