import { encodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { createRedisClient, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { JobEvent } from '../../src/domain/job-event';
import { QueueEventTail } from '../support/claim-events';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

const event = (id: string, k: 'claimed' | 'succeeded'): JobEvent => ({ k, id, st: k === 'claimed' ? 'running' : 'succeeded', att: 1, at: 1_000, w: 'w1', run: 1 });

/** chaos reads the events stream while the run goes on; these are the tail's guarantees. */
describe('QueueEventTail', () => {
  let redis: RedisClient;
  let prefix: string;
  let key: string;

  beforeEach(() => {
    redis = createRedisClient(TEST_REDIS_URL);
    prefix = uniqueTestPrefix();
    key = `${prefix}:{q}:events`;
  });

  afterEach(async () => {
    await deletePrefixedKeys(redis, prefix);
    redis.disconnect();
  });

  it('reads each entry once across polls, in order, and reports nothing missed while nothing was trimmed', async () => {
    const tail = new QueueEventTail(redis, prefix, 'q');
    await tail.poll();
    expect(tail.events).toEqual([]);
    expect(await tail.missedEntries()).toBe(0);
    await redis.xadd(key, '*', ...encodeStreamEntry([event('a', 'claimed')]));
    await tail.poll();
    await redis.xadd(key, '*', ...encodeStreamEntry([event('a', 'succeeded'), event('b', 'claimed')]));
    await tail.poll();
    await tail.poll();
    expect(tail.events.map((e) => `${e.k}:${e.id}`)).toEqual(['claimed:a', 'succeeded:a', 'claimed:b']);
    expect(await tail.missedEntries()).toBe(0);
  });

  it('counts the entries trimmed before it read them, not the read ones trimmed after', async () => {
    const tail = new QueueEventTail(redis, prefix, 'q');
    for (const id of ['a', 'b', 'c']) await redis.xadd(key, '*', ...encodeStreamEntry([event(id, 'succeeded')]));
    await tail.poll();
    await redis.xtrim(key, 'MAXLEN', 1);
    expect(await tail.missedEntries()).toBe(0);
    for (const id of ['d', 'e']) await redis.xadd(key, '*', ...encodeStreamEntry([event(id, 'succeeded')]));
    await redis.xtrim(key, 'MAXLEN', 1);
    expect(await tail.missedEntries()).toBe(1);
    expect(tail.events.map((e) => e.id)).toEqual(['a', 'b', 'c', 'e']);
  });
});
