import { AppConfig } from '../../config/app-config';
import { StoreUnavailableError } from '../../domain/errors';
import { normalizeJobSpec } from '../../domain/job-spec';
import { JobEvent } from '../../domain/job-event';
import { encodeStreamEntry, MemoryEngine, Outbox } from '../queue';
import { gatedFeed } from '../../../test/support/gated-redis-feed';
import { uniqueTestPrefix } from '../../../test/support/redis-store-harness';
import { JobEventHub } from './job-event-hub';
import { JobWaits } from './job-waits';

describe('JobEventHub at shutdown', () => {
  it('takes no new listener once the process shuts down (503 with Retry-After), and a wait asked then answers the job at once', async () => {
    const engine = new MemoryEngine({ configuredQueues: ['default'] });
    const hub = new JobEventHub(engine.outbox);
    const waits = new JobWaits(engine.admin, hub, AppConfig.from({ QUEUES: 'default' }));
    const [{ job }] = await engine.jobs.enqueue([normalizeJobSpec({ type: 't' }, { now: Date.now(), maxPayloadBytes: 1024 })]);
    await hub.onModuleDestroy();
    await expect(hub.onJob('default', job.id, () => undefined)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(hub.onJob('default', job.id, () => undefined)).rejects.toMatchObject({ retryAfterSeconds: 1 });
    // a 60 s wait: the test's own timeout would end it first if it waited
    await expect(waits.untilEnded(job.id, 60_000)).resolves.toMatchObject({ id: job.id, status: 'pending' });
  });
});

describe('JobEventHub seats on a read that lags the stream', () => {
  let gated: ReturnType<typeof gatedFeed>;
  afterEach(async () => gated?.close());

  it("gives a `current` job seat a position no older than the call, and its listener only what comes after; a plain seat may start behind", async () => {
    const prefix = uniqueTestPrefix();
    gated = gatedFeed(prefix);
    const hub = new JobEventHub({ feed: () => gated.feed } as unknown as Outbox);
    const queueWide = await hub.onQueue('q', () => undefined);
    gated.hold();
    const key = `${prefix}:{q}:events`;
    const claimed: JobEvent = { k: 'claimed', id: 'job-1', st: 'running', att: 1, at: Date.now(), w: 'w1', run: 1 };
    const before = (await gated.store.xadd(key, '*', ...encodeStreamEntry([claimed])))!;

    const plain = await hub.onJob('q', 'job-1', () => undefined);
    expect(plain.position).toBe(queueWide.position);

    const heard: string[] = [];
    setTimeout(() => gated.open(), 300);
    const current = await hub.onJob('q', 'job-1', (event, position) => heard.push(`${event.k}@${position}`), { current: true });
    expect(current.position).toBe(before);
    const after = (await gated.store.xadd(key, '*', ...encodeStreamEntry([{ ...claimed, k: 'succeeded', st: 'succeeded', at: Date.now() }])))!;
    await vi.waitFor(() => expect(heard).toEqual([`succeeded@${after}`]));
    for (const seat of [queueWide, plain, current]) seat.leave();
    await hub.onModuleDestroy();
  });
});

describe('JobWaits under a watch', () => {
  it("answers a job whose end came while the wait's seat was being taken (deleted on success: from the watch's event)", async () => {
    const engine = new MemoryEngine({ configuredQueues: ['default'], deleteSucceeded: true });
    const hub = new JobEventHub(engine.outbox);
    const waits = new JobWaits(engine.admin, hub, AppConfig.from({ QUEUES: 'default' }));
    const watch = (await waits.watch('default'))!;
    const [{ job }] = await engine.jobs.enqueue([normalizeJobSpec({ type: 't' }, { now: Date.now(), maxPayloadBytes: 1024 })]);
    const [claimed] = (await engine.jobs.claim('default', 'w-1', 1, 30_000)).jobs;
    // the wait begins, then the job succeeds before its seat is in place (the memory feed tells
    // listeners as the store applies a change, so the end is heard by the watch only)
    const waiting = waits.untilEnded(job.id, 60_000, { watch, written: job });
    await engine.jobs.complete('default', [{ id: job.id, token: claimed.token, resultJson: '{"ok":true}' }]);
    await expect(waiting).resolves.toMatchObject({ id: job.id, status: 'succeeded' });
    expect(await engine.admin.get(job.id)).toBeNull();
    watch.close();
    await hub.onModuleDestroy();
  });
});
