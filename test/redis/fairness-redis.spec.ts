import { ManualClock } from '../../src/domain/clock';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { createRedisClient, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { deletePrefixedKeys, listPrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

/**
 * Redis-only fairness checks: what the contract cannot see (the switch of a queue to groups, the
 * keys a forgotten group leaves behind). The semantics themselves are test/contract/fairness.cases.ts.
 */
const QUEUE = 'default';

interface Harness {
  store: JobEngine;
  clock: ManualClock;
  admin: RedisClient;
  prefix: string;
}

async function enqueue(h: Harness, group: string | undefined, n: number, priority = 0): Promise<string[]> {
  const jobs = Array.from({ length: n }, () => ({
    ...normalizeJobSpec({ type: 't', queue: QUEUE, priority }, { now: h.clock.now(), maxPayloadBytes: 1024 }),
    ...(group === undefined ? {} : { group }),
  }));
  const results = await h.store.jobs.enqueue(jobs);
  return results.map((r) => r.job.id);
}

async function claimGroups(store: JobEngine, max: number): Promise<string[]> {
  const { jobs } = await store.jobs.claim(QUEUE, 'w1', max, 30_000);
  return jobs.map((j) => j.job.group ?? '~');
}

describe('Redis fairness internals', () => {
  let h: Harness;
  beforeEach(() => {
    const prefix = uniqueTestPrefix();
    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    h = { store: new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock }), clock, admin: createRedisClient(TEST_REDIS_URL), prefix };
  });
  afterEach(async () => {
    await h.store.close();
    await deletePrefixedKeys(h.admin, h.prefix);
    await h.admin.quit();
  });

  it('serves groups round-robin once a named group appears, the default group included', async () => {
    await enqueue(h, undefined, 3);
    await enqueue(h, 'a', 10);
    await enqueue(h, 'b', 1);
    expect(await claimGroups(h.store, 1)).toEqual(['~']);
    expect(await claimGroups(h.store, 1)).toEqual(['a']);
    expect(await claimGroups(h.store, 1)).toEqual(['b']);
    expect(await claimGroups(h.store, 3)).toEqual(['~', '~', 'a']);
    const counts = await h.store.admin.counts(QUEUE);
    expect(counts.pending).toBe(8);
    expect(counts.running).toBe(6);
  });

  it('keeps a cap across claims and frees it when a job completes', async () => {
    await h.store.groups.updateGroup(QUEUE, 'a', { concurrency: 2 });
    await enqueue(h, 'a', 5);
    const first = await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000);
    expect(first.jobs).toHaveLength(2);
    expect((await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000)).jobs).toHaveLength(0);
    const state = await h.store.groups.getGroup(QUEUE, 'a');
    expect(state).toMatchObject({ pending: 3, running: 2, limitedBy: 'concurrency' });
    await h.store.jobs.complete(QUEUE, [{ id: first.jobs[0].job.id, token: first.jobs[0].token }]);
    expect((await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000)).jobs).toHaveLength(1);
  });

  it('throttles by a group rate and names the next token', async () => {
    await h.store.groups.updateGroup(QUEUE, 'a', { rateLimit: { max: 5, perMs: 1000 } });
    await enqueue(h, 'a', 20);
    expect((await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000)).jobs).toHaveLength(5);
    const held = await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000);
    expect(held.jobs).toHaveLength(0);
    expect(held.nextDueAt).toBe(h.clock.now() + 200);
    h.clock.advance(200);
    expect((await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000)).jobs).toHaveLength(1);
  });

  it('forgets a group with nothing left, keys and all', async () => {
    const [id] = await enqueue(h, 'gone', 1);
    await h.store.admin.cancel(id);
    expect((await h.store.jobs.claim(QUEUE, 'w1', 10, 30_000)).jobs).toHaveLength(0);
    const keys = await listPrefixedKeys(h.admin, h.prefix);
    expect(keys.filter((k) => k.includes(':grp:gone') || k.includes(':grpl:gone') || k.includes(':grpz:gone'))).toEqual([]);
    expect((await h.store.groups.list(QUEUE, 10)).items.map((g) => g.name)).toEqual([]);
    expect((await h.store.admin.counts(QUEUE)).pending).toBe(0);
  });

  it('lists the pending jobs of every group, page by page, each once', async () => {
    const ids = [...(await enqueue(h, undefined, 3)), ...(await enqueue(h, 'a', 4)), ...(await enqueue(h, 'b', 2, 5)), ...(await enqueue(h, 'c', 3))];
    for (let i = 0; i < 60; i++) await enqueue(h, `empty-${String(i).padStart(2, '0')}`, 1);
    // the 60 one-job groups leave nothing pending: their jobs are cancelled
    const page = await h.store.admin.list({ queue: QUEUE, status: 'pending', limit: 1000 });
    for (const job of page.items.filter((j) => j.group?.startsWith('empty-'))) await h.store.admin.cancel(job.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const next = await h.store.admin.list({ queue: QUEUE, status: 'pending', limit: 2, cursor });
      seen.push(...next.items.map((j) => j.id));
      if (next.nextCursor === null) break;
      cursor = next.nextCursor;
    }
    expect([...seen].sort()).toEqual([...ids].sort());
    expect((await h.store.admin.counts(QUEUE)).pending).toBe(ids.length);
  });
});
