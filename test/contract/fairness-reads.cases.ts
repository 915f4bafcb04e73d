import {
  GroupState,
  MAX_GROUP_CONCURRENCY,
  MAX_RATE_LIMIT_MAX,
  MAX_RATE_LIMIT_PER_MS,
  MIN_RATE_LIMIT_PER_MS,
} from '../../src/domain/fairness';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { claimOne, LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { enqueueGroup } from './fairness-fixtures';
import { StoreHarness } from './store-harness';

/** A group with no job and no settings, as every read shows it. */
function emptyGroup(name: string, effectiveConcurrency: number | null = null): GroupState {
  return { name, pending: 0, running: 0, paused: false, concurrency: null, effectiveConcurrency, rateLimit: null, limitedBy: null };
}

/** Every group of the queue, page by page; each page at most `limit`. */
async function listAllGroups(store: JobEngine, limit: number): Promise<{ pages: string[][]; groups: GroupState[] }> {
  const pages: string[][] = [];
  const groups: GroupState[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 1000; n++) {
    const page = await store.groups.list(QUEUE, limit, cursor);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page.items.map((g) => g.name));
    groups.push(...page.items);
    if (page.nextCursor === null) return { pages, groups };
    cursor = page.nextCursor;
  }
  throw new Error('group listing did not end');
}

export function describeGroupReadCases(current: () => StoreHarness): void {
  describe('fairness: queue and group settings, group reads', () => {
    it("reads a queue's settings with their defaults, keeps a field a change leaves out, and clears one set to null", async () => {
      const h = current();
      const rateLimit = { max: 10, perMs: 1000 };
      await expect(h.store.groups.settings(QUEUE)).resolves.toEqual({ queue: QUEUE, paused: false, groupConcurrency: null, rateLimit: null });
      await expect(h.store.groups.updateSettings(QUEUE, { groupConcurrency: 4 })).resolves.toEqual({ queue: QUEUE, paused: false, groupConcurrency: 4, rateLimit: null });
      await expect(h.store.groups.updateSettings(QUEUE, { rateLimit })).resolves.toEqual({ queue: QUEUE, paused: false, groupConcurrency: 4, rateLimit });
      await expect(h.store.groups.setPaused(QUEUE, true)).resolves.toEqual({ queue: QUEUE, paused: true, groupConcurrency: 4, rateLimit });
      await expect(h.store.groups.updateSettings(QUEUE, { groupConcurrency: null })).resolves.toEqual({ queue: QUEUE, paused: true, groupConcurrency: null, rateLimit });
      await expect(h.store.groups.updateSettings(QUEUE, {})).resolves.toEqual({ queue: QUEUE, paused: true, groupConcurrency: null, rateLimit });
      await expect(h.store.groups.updateSettings(QUEUE, { rateLimit: null })).resolves.toEqual({ queue: QUEUE, paused: true, groupConcurrency: null, rateLimit: null });
      await expect(h.store.groups.settings(QUEUE)).resolves.toEqual({ queue: QUEUE, paused: true, groupConcurrency: null, rateLimit: null });
      await expect(h.store.groups.settings('another-queue')).resolves.toEqual({ queue: 'another-queue', paused: false, groupConcurrency: null, rateLimit: null });
    });

    it("round-trips a group's settings, keeps a field a change leaves out, and clears one set to null", async () => {
      const h = current();
      const rateLimit = { max: 5, perMs: 2000 };
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { concurrency: 2, rateLimit, paused: true })).resolves.toEqual({
        ...emptyGroup('G', 2),
        concurrency: 2,
        rateLimit,
        paused: true,
        limitedBy: 'paused',
      });
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { paused: false })).resolves.toEqual({ ...emptyGroup('G', 2), concurrency: 2, rateLimit });
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { concurrency: null })).resolves.toEqual({ ...emptyGroup('G'), rateLimit });
      await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toEqual({ ...emptyGroup('G'), rateLimit });
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { rateLimit: null })).resolves.toEqual(emptyGroup('G'));
    });

    it("reads a group with nothing, of a queue with nothing, as empty; its cap follows the queue's", async () => {
      const h = current();
      await expect(h.store.groups.getGroup('never-used', 'nobody')).resolves.toEqual(emptyGroup('nobody'));
      await expect(h.store.groups.getGroup(QUEUE, '')).resolves.toEqual(emptyGroup(''));
      await h.store.groups.updateSettings(QUEUE, { groupConcurrency: 7 });
      await expect(h.store.groups.getGroup(QUEUE, 'nobody')).resolves.toEqual(emptyGroup('nobody', 7));
      await expect(h.store.groups.getGroup(QUEUE, 'host:api.example')).resolves.toEqual(emptyGroup('host:api.example', 7));
    });

    it("caps a host group at the store's hostConcurrency, below the queue's groupConcurrency too, and no other group", async () => {
      const h = current();
      const hosted = await h.storeWith({ hostConcurrency: 3 });
      await expect(hosted.groups.getGroup(QUEUE, 'host:api.example')).resolves.toEqual(emptyGroup('host:api.example', 3));
      await expect(hosted.groups.getGroup(QUEUE, 'host:api.example')).resolves.toEqual(emptyGroup('host:api.example', 3));
      await expect(hosted.groups.getGroup(QUEUE, 'tenant')).resolves.toEqual(emptyGroup('tenant'));
      await hosted.groups.updateSettings(QUEUE, { groupConcurrency: 7 });
      await expect(hosted.groups.getGroup(QUEUE, 'host:api.example')).resolves.toEqual(emptyGroup('host:api.example', 3));
      await expect(hosted.groups.getGroup(QUEUE, 'tenant')).resolves.toEqual(emptyGroup('tenant', 7));
    });

    it('shows each group’s pending and running jobs and what holds it back: paused, its cap, or its rate until its next token', async () => {
      const h = current();
      await h.store.groups.updateGroup(QUEUE, 'capped', { concurrency: 1 });
      await h.store.groups.updateGroup(QUEUE, 'slow', { rateLimit: { max: 1, perMs: 60_000 } });
      await enqueueGroup(h, 'capped', 3);
      await enqueueGroup(h, 'slow', 2);
      await enqueueGroup(h, 'free', 2);
      const now = h.clock.now();
      expect((await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).jobs).toHaveLength(4);
      await expect(h.store.groups.getGroup(QUEUE, 'capped')).resolves.toEqual({
        ...emptyGroup('capped', 1),
        pending: 2,
        running: 1,
        concurrency: 1,
        limitedBy: 'concurrency',
      });
      await expect(h.store.groups.getGroup(QUEUE, 'slow')).resolves.toEqual({
        ...emptyGroup('slow'),
        pending: 1,
        running: 1,
        rateLimit: { max: 1, perMs: 60_000 },
        limitedBy: 'rate',
        limitedUntil: now + 60_000,
      });
      await expect(h.store.groups.getGroup(QUEUE, 'free')).resolves.toEqual({ ...emptyGroup('free'), running: 2 });
      // paused comes first, then the cap
      await expect(h.store.groups.updateGroup(QUEUE, 'capped', { paused: true })).resolves.toMatchObject({ limitedBy: 'paused' });
      h.clock.advance(60_000);
      await expect(h.store.groups.getGroup(QUEUE, 'slow')).resolves.toMatchObject({ limitedBy: null });
      expect(await h.store.groups.getGroup(QUEUE, 'slow')).not.toHaveProperty('limitedUntil');
    });

    it('lists the groups with jobs or settings by name, the default group first, page by page', async () => {
      const h = current();
      await enqueueGroup(h, 'b', 1);
      await enqueueGroup(h, 'a', 2);
      await enqueueGroup(h, undefined, 1);
      await enqueueGroup(h, 'host:x.example', 1);
      await enqueueGroup(h, 'd', 1, { delayMs: 60_000 });
      await h.store.groups.updateGroup(QUEUE, 'z-settings-only', { concurrency: 3 });
      await enqueueGroup(h, 'c', 1);
      await claimOne(h.store); // the running job keeps its group listed
      const expected = ['', 'a', 'b', 'c', 'host:x.example', 'z-settings-only'];
      const { pages, groups } = await listAllGroups(h.store, 2);
      expect(pages).toEqual([
        ['', 'a'],
        ['b', 'c'],
        ['host:x.example', 'z-settings-only'],
      ]);
      expect(groups.map((g) => [g.name, g.pending + g.running])).toEqual([
        ['', 1],
        ['a', 2],
        ['b', 1],
        ['c', 1],
        ['host:x.example', 1],
        ['z-settings-only', 0],
      ]);
      expect((await listAllGroups(h.store, 500)).pages).toEqual([expected]);
      expect((await listAllGroups(h.store, 1)).pages).toEqual(expected.map((name) => [name]));
      await expect(h.store.groups.list('never-used', 10)).resolves.toEqual({ items: [], nextCursor: null });
    });

    it('forgets a group once it has no job and no settings', async () => {
      const h = current();
      await enqueueGroup(h, 'brief', 1);
      const claimed = await claimOne(h.store);
      expect((await h.store.groups.list(QUEUE, 10)).items.map((g) => g.name)).toEqual(['brief']);
      await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
      await expect(h.store.groups.list(QUEUE, 10)).resolves.toEqual({ items: [], nextCursor: null });
      await expect(h.store.groups.getGroup(QUEUE, 'brief')).resolves.toEqual(emptyGroup('brief'));
      await h.store.groups.updateGroup(QUEUE, 'set', { concurrency: 2, paused: true });
      expect((await h.store.groups.list(QUEUE, 10)).items.map((g) => g.name)).toEqual(['set']);
      await h.store.groups.updateGroup(QUEUE, 'set', { concurrency: null });
      expect((await h.store.groups.list(QUEUE, 10)).items.map((g) => g.name)).toEqual(['set']);
      await h.store.groups.updateGroup(QUEUE, 'set', { paused: false });
      await expect(h.store.groups.list(QUEUE, 10)).resolves.toEqual({ items: [], nextCursor: null });
    });

    it('accepts caps and rates at their maximum (and the shortest window), and claims under them', async () => {
      const h = current();
      const widest = { max: MAX_RATE_LIMIT_MAX, perMs: MAX_RATE_LIMIT_PER_MS };
      const fastest = { max: MAX_RATE_LIMIT_MAX, perMs: MIN_RATE_LIMIT_PER_MS };
      await expect(h.store.groups.updateSettings(QUEUE, { groupConcurrency: MAX_GROUP_CONCURRENCY, rateLimit: widest })).resolves.toEqual({
        queue: QUEUE,
        paused: false,
        groupConcurrency: MAX_GROUP_CONCURRENCY,
        rateLimit: widest,
      });
      await expect(h.store.groups.updateGroup(QUEUE, 'wide', { concurrency: MAX_GROUP_CONCURRENCY, rateLimit: widest })).resolves.toMatchObject({
        concurrency: MAX_GROUP_CONCURRENCY,
        effectiveConcurrency: MAX_GROUP_CONCURRENCY,
        rateLimit: widest,
        limitedBy: null,
      });
      await expect(h.store.groups.updateGroup(QUEUE, 'fast', { rateLimit: fastest })).resolves.toMatchObject({
        effectiveConcurrency: MAX_GROUP_CONCURRENCY,
        rateLimit: fastest,
        limitedBy: null,
      });
      await h.store.groups.updateGroup(QUEUE, 'one-a-day', { rateLimit: { max: 1, perMs: MAX_RATE_LIMIT_PER_MS } });
      await enqueueGroup(h, 'wide', 3);
      await enqueueGroup(h, 'fast', 3);
      await enqueueGroup(h, 'one-a-day', 2);
      const now = h.clock.now();
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
      expect(jobs).toHaveLength(7);
      await expect(h.store.groups.getGroup(QUEUE, 'one-a-day')).resolves.toMatchObject({ pending: 1, limitedBy: 'rate', limitedUntil: now + MAX_RATE_LIMIT_PER_MS });
      await expect(h.store.groups.getGroup(QUEUE, 'fast')).resolves.toMatchObject({ running: 3, limitedBy: null });
    });
  });
}
