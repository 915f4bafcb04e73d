import { RateLimit } from '../../src/domain/fairness';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { enqueueGroup, groupOf } from './fairness-fixtures';
import { StoreHarness } from './store-harness';

const CLAIMERS = 8;
const RUN_MS = 30_000;
/** Clock steps of the run, in turn: small and uneven, as claims of a busy fleet come. */
const STEPS_MS = [10, 30, 20, 50, 40, 10, 20];

/** What a bucket lets start over `ms` from full: its burst and its refill. */
function allowance(limit: RateLimit, ms: number): number {
  return limit.max + (ms * limit.max) / limit.perMs;
}

/**
 * Every claimer claims (all at once), completes what it got, then the clock moves a small step;
 * from the first claims at the start to the last at RUN_MS. Returns the jobs claimed per group.
 */
async function claimForThirtySeconds(h: StoreHarness, clients: JobEngine[]): Promise<Map<string, number>> {
  const claimed = new Map<string, number>();
  let elapsed = 0;
  for (let step = 0; ; step++) {
    const results = await Promise.all(clients.map((store, i) => store.jobs.claim(QUEUE, `worker-${i}`, 10, LEASE_MS)));
    await Promise.all(
      results.map(async ({ jobs }, i) => {
        for (const { job } of jobs) claimed.set(groupOf(job), (claimed.get(groupOf(job)) ?? 0) + 1);
        if (jobs.length > 0) await clients[i].jobs.complete(QUEUE, jobs.map(leaseOf));
      }),
    );
    if (elapsed >= RUN_MS) return claimed;
    const ms = Math.min(STEPS_MS[step % STEPS_MS.length], RUN_MS - elapsed);
    h.clock.advance(ms);
    elapsed += ms;
  }
}

function expectWithinFivePercent(actual: number, expected: number): void {
  expect(actual).toBeGreaterThanOrEqual(expected * 0.95);
  expect(actual).toBeLessThanOrEqual(expected * 1.05);
}

export function describeRateLimitCases(current: () => StoreHarness): void {
  describe('fairness: rate limits', () => {
    it(`starts no more than the queue's rate allows (burst plus refill, within 5%) over 30 s of ${CLAIMERS} claimers`, async () => {
      const h = current();
      const limit = { max: 50, perMs: 1000 };
      await h.store.groups.updateSettings(QUEUE, { rateLimit: limit });
      for (const g of ['a', 'b', 'c', 'd', 'e']) await enqueueGroup(h, g, 500);
      const clients = await Promise.all(Array.from({ length: CLAIMERS }, () => h.peer()));
      const claimed = await claimForThirtySeconds(h, clients);
      expectWithinFivePercent([...claimed.values()].reduce((a, b) => a + b, 0), allowance(limit, RUN_MS));
    });

    it(`starts no more of a group than its rate allows (within 5%) over 30 s of ${CLAIMERS} claimers, and the others' jobs meanwhile`, async () => {
      const h = current();
      const limit = { max: 20, perMs: 1000 };
      await h.store.groups.updateGroup(QUEUE, 'limited', { rateLimit: limit });
      await enqueueGroup(h, 'limited', 1000);
      await enqueueGroup(h, 'free', 300);
      const clients = await Promise.all(Array.from({ length: CLAIMERS }, () => h.peer()));
      const claimed = await claimForThirtySeconds(h, clients);
      expectWithinFivePercent(claimed.get('limited') ?? 0, allowance(limit, RUN_MS));
      expect(claimed.get('free')).toBe(300);
    });

    it("names the queue's next token in nextDueAt when its rate limit held jobs back", async () => {
      const h = current();
      await h.store.groups.updateSettings(QUEUE, { rateLimit: { max: 2, perMs: 1000 } });
      const start = h.clock.now();
      await enqueueGroup(h, 'A', 3);
      await enqueueGroup(h, 'B', 2);
      const first = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(first.jobs).toHaveLength(2);
      expect(first.nextDueAt).toBe(start + 500);
      h.clock.advance(499);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [], nextDueAt: start + 500 });
      h.clock.advance(1);
      const next = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(next.jobs).toHaveLength(1);
      expect(next.nextDueAt).toBe(start + 1000);
    });

    it("names a group's next token in nextDueAt when its rate limit held its jobs back, or an earlier scheduled job", async () => {
      const h = current();
      await h.store.groups.updateGroup(QUEUE, 'G', { rateLimit: { max: 2, perMs: 1000 } });
      const start = h.clock.now();
      await enqueueGroup(h, 'G', 5);
      const first = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(first.jobs).toHaveLength(2);
      expect(first.nextDueAt).toBe(start + 500);
      await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ pending: 3, limitedBy: 'rate', limitedUntil: start + 500 });
      await enqueueGroup(h, 'later', 1, { delayMs: 200 });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [], nextDueAt: start + 200 });
      h.clock.advance(500);
      const next = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(next.jobs.map((c) => groupOf(c.job)).sort()).toEqual(['G', 'later']);
      expect(next.nextDueAt).toBe(start + 1000);
    });

    it('refills a bucket when its rate limit is set again or changed, and lifts the limit when cleared', async () => {
      const h = current();
      const slow = { max: 1, perMs: 60_000 };
      await h.store.groups.updateGroup(QUEUE, 'G', { rateLimit: slow });
      await enqueueGroup(h, 'G', 6);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 6, LEASE_MS)).resolves.toMatchObject({ jobs: [expect.anything()] });
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { rateLimit: slow })).resolves.toMatchObject({ rateLimit: slow, limitedBy: null });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 6, LEASE_MS)).resolves.toMatchObject({ jobs: [expect.anything()] });
      await h.store.groups.updateGroup(QUEUE, 'G', { rateLimit: { max: 2, perMs: 60_000 } });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 6, LEASE_MS)).resolves.toMatchObject({ jobs: [expect.anything(), expect.anything()] });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 6, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { rateLimit: null })).resolves.toMatchObject({ rateLimit: null, limitedBy: null });
      expect((await h.store.jobs.claim(QUEUE, WORKER, 6, LEASE_MS)).jobs).toHaveLength(2);
    });

    it("refills the queue's bucket when its rate limit is changed, and lifts it when cleared", async () => {
      const h = current();
      await h.store.groups.updateSettings(QUEUE, { rateLimit: { max: 1, perMs: 60_000 } });
      await enqueueGroup(h, 'G', 4);
      expect((await h.store.jobs.claim(QUEUE, WORKER, 4, LEASE_MS)).jobs).toHaveLength(1);
      expect((await h.store.jobs.claim(QUEUE, WORKER, 4, LEASE_MS)).jobs).toHaveLength(0);
      await h.store.groups.updateSettings(QUEUE, { rateLimit: { max: 2, perMs: 60_000 } });
      expect((await h.store.jobs.claim(QUEUE, WORKER, 4, LEASE_MS)).jobs).toHaveLength(2);
      await h.store.groups.updateSettings(QUEUE, { rateLimit: null });
      expect((await h.store.jobs.claim(QUEUE, WORKER, 4, LEASE_MS)).jobs).toHaveLength(1);
    });
  });
}
