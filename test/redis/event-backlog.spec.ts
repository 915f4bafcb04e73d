import { normalizeJobSpec } from '../../src/domain/job-spec';
import { closeRedisStore, openRedisStore } from '../support/redis-store-harness';

/**
 * The Redis store's history backlog through the consumer group: entries delivered to a writer and
 * not acknowledged count (a writer holds them), as do those not delivered yet, and the oldest of
 * either names the lag; a gap entry (events dropped over budget) counts from its first dropped event.
 */
describe('RedisEngine.eventBacklog', () => {
  const queue = 'backlog';
  const { store, clock, prefix, redis, keys } = openRedisStore(queue);
  afterAll(() => closeRedisStore(store, prefix));

  const enqueue = () => store.jobs.enqueue([normalizeJobSpec({ type: 'noop', queue }, { now: clock.now(), maxPayloadBytes: 1024 })]);

  it('counts entries read and not acknowledged, and those not read yet, from the oldest of either', async () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      times.push(clock.now());
      await enqueue();
      clock.advance(10_000);
    }
    const source = store.outbox.sources({ consumer: 'writer-1' }).open(queue);
    try {
      // one entry delivered (the events of one script call), held by the writer
      const held = await source.read(1, 1);
      expect(held.entries).toBe(1);
      await expect(store.outbox.backlog(queue)).resolves.toEqual({ entries: 3, oldestAt: times[0] });

      await source.ack(held);
      await expect(store.outbox.backlog(queue)).resolves.toEqual({ entries: 2, oldestAt: times[1] });

      // the rest delivered, not acknowledged: the oldest held one names the age
      const rest = await source.read(1_000, 1);
      expect(rest.entries).toBe(2);
      await expect(store.outbox.backlog(queue)).resolves.toEqual({ entries: 2, oldestAt: times[1] });
      await source.ack(rest);
      await expect(store.outbox.backlog(queue)).resolves.toEqual({ entries: 0, oldestAt: null });
    } finally {
      await source.close();
    }
  });

  it('dates a gap entry by its first dropped event', async () => {
    await redis.xadd(keys.events, '*', 'gap', `${clock.now() - 60_000},${clock.now() - 30_000},7`);
    await expect(store.outbox.backlog(queue)).resolves.toEqual({ entries: 1, oldestAt: clock.now() - 60_000 });
  });
});
