import { JobEvent } from '../../../domain/job-event';
import { gatedFeed } from '../../../../test/support/gated-redis-feed';
import { uniqueTestPrefix } from '../../../../test/support/redis-store-harness';
import { FeedBatch } from './job-feed';
import { encodeStreamEntry } from './stream-entry-codec';

function event(id: string): JobEvent {
  return { k: 'claimed', id, st: 'running', att: 1, at: Date.now(), w: 'w1', run: 1 };
}

describe('RedisJobFeed.caughtUp', () => {
  let prefix: string;
  let gated: ReturnType<typeof gatedFeed>;
  afterEach(async () => gated?.close());

  it('resolves only once every entry written before the call has reached the listeners of a read that lags the stream', async () => {
    prefix = uniqueTestPrefix();
    gated = gatedFeed(prefix);
    const heard: FeedBatch[] = [];
    const subscription = await gated.feed.subscribe('q', (batch) => heard.push(batch));
    gated.hold();
    const key = `${prefix}:{q}:events`;
    const written: string[] = [];
    for (let i = 0; i < 3; i++) written.push((await gated.store.xadd(key, '*', ...encodeStreamEntry([event(`job-${i}`)])))!);
    setTimeout(() => gated.open(), 300);
    await gated.feed.caughtUp('q');
    expect(heard.map((batch) => batch.position)).toEqual(written);
    // the subscription's position is the stream's end when it was taken: before the writes
    expect(subscription.position).toBe('0-0');
  });

  it('serves the callers of one turn of the event loop with one read of the stream, and a later caller with its own', async () => {
    prefix = uniqueTestPrefix();
    gated = gatedFeed(prefix);
    await gated.feed.subscribe('q', () => undefined);
    await Promise.all(Array.from({ length: 100 }, () => gated.feed.caughtUp('q')));
    expect(gated.reads.count).toBe(1);
    await gated.feed.caughtUp('q');
    expect(gated.reads.count).toBe(2);
  });

  it('lets its callers go on when the stream cannot be read (a stream is not refused for it)', async () => {
    prefix = uniqueTestPrefix();
    gated = gatedFeed(prefix);
    await gated.feed.subscribe('q', () => undefined);
    gated.reads.failing = true;
    await expect(gated.feed.caughtUp('q')).resolves.toBeUndefined();
    expect(gated.reads.count).toBe(1);
  });

  it('resolves at once for a queue nobody reads, and where the read has passed the end', async () => {
    prefix = uniqueTestPrefix();
    // a wait for an XREAD reply would outlast the test's own timeout
    gated = gatedFeed(prefix, 120_000);
    await gated.feed.caughtUp('nobody-reads-this');
    expect(gated.reads.count).toBe(0);
    const heard: FeedBatch[] = [];
    await gated.feed.subscribe('q', (batch) => heard.push(batch));
    gated.hold();
    // the read is at the stream's end: no XREAD reply is needed, so the held gate does not hold it
    await gated.feed.caughtUp('q');
    expect(gated.reads.count).toBe(1);
    expect(heard).toEqual([]);
  });

  it('lets the caller go on after caughtUpWaitMs when the read cannot pass the end, the entries then arriving live', async () => {
    prefix = uniqueTestPrefix();
    gated = gatedFeed(prefix, 300);
    const heard: FeedBatch[] = [];
    await gated.feed.subscribe('q', (batch) => heard.push(batch));
    gated.hold();
    const id = await gated.store.xadd(`${prefix}:{q}:events`, '*', ...encodeStreamEntry([event('job-held')]));
    await gated.feed.caughtUp('q');
    expect(heard).toEqual([]);
    gated.open();
    await vi.waitFor(() => expect(heard.map((batch) => batch.position)).toEqual([id]));
  });
});
