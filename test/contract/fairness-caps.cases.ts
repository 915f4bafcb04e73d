import { effectiveConcurrency } from '../../src/domain/fairness';
import { Job } from '../../src/domain/job';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { claimOne, LEASE_MS, leaseOf, QUEUE, WORKER } from './contract-fixtures';
import { enqueueGroup, groupJob, groupOf, seededRandom, yieldTurns } from './fairness-fixtures';
import { StoreHarness } from './store-harness';

const CLAIMERS = 8;
const JOBS_PER_GROUP = 30;
/** Empty claims in a row after which a claimer gives up: the store stopped handing out work. */
const MAX_IDLE_CLAIMS = 5000;

interface FleetRun {
  /** The most jobs of each group the claimers held at once. */
  maxRunning: Map<string, number>;
  /** How many times each job id was claimed. */
  claims: Map<string, number>;
}

/**
 * Claim loops, one per store, until every job has completed: each claims up to three jobs, holds
 * them a few event-loop turns (a seeded number), then completes them. Running jobs are counted
 * per group in the test, up when a claim returns and down before the completion is sent, so the
 * count never runs ahead of the store's: its maximum is a lower bound of what the store allowed.
 */
async function runClaimers(stores: JobEngine[], total: number, seed: number): Promise<FleetRun> {
  const running = new Map<string, number>();
  const maxRunning = new Map<string, number>();
  const claims = new Map<string, number>();
  const random = seededRandom(seed);
  let done = 0;
  const loop = async (store: JobEngine, workerId: string): Promise<void> => {
    let idle = 0;
    while (done < total) {
      const { jobs } = await store.jobs.claim(QUEUE, workerId, 3, LEASE_MS);
      if (jobs.length === 0) {
        if (++idle > MAX_IDLE_CLAIMS) throw new Error(`${workerId}: ${MAX_IDLE_CLAIMS} empty claims in a row with ${total - done} jobs left`);
        await yieldTurns(1);
        continue;
      }
      idle = 0;
      for (const { job } of jobs) {
        const now = (running.get(groupOf(job)) ?? 0) + 1;
        running.set(groupOf(job), now);
        maxRunning.set(groupOf(job), Math.max(maxRunning.get(groupOf(job)) ?? 0, now));
        claims.set(job.id, (claims.get(job.id) ?? 0) + 1);
      }
      await yieldTurns(Math.floor(random() * 4));
      for (const { job } of jobs) running.set(groupOf(job), (running.get(groupOf(job)) ?? 0) - 1);
      const outcomes = await store.jobs.complete(QUEUE, jobs.map(leaseOf));
      expect(outcomes.every((o) => o === 'succeeded')).toBe(true);
      done += jobs.length;
    }
  };
  await Promise.all(stores.map((store, i) => loop(store, `worker-${i}`)));
  return { maxRunning, claims };
}

/** Each group's jobs in a call of its own; every job then ran exactly once and no group ran over its cap. */
async function expectCapsHeld(run: FleetRun, jobs: Job[], caps: Map<string, number>): Promise<void> {
  expect([...run.claims.keys()].sort()).toEqual(jobs.map((job) => job.id).sort());
  expect([...run.claims.values()].every((n) => n === 1)).toBe(true);
  for (const [group, cap] of caps) {
    expect({ group, maxRunning: run.maxRunning.get(group) }).toEqual({ group, maxRunning: expect.any(Number) });
    expect(run.maxRunning.get(group)).toBeLessThanOrEqual(cap);
  }
  // the claimers did run jobs side by side
  expect(Math.max(...run.maxRunning.values())).toBeGreaterThan(1);
}

export function describeGroupCapCases(current: () => StoreHarness): void {
  describe('fairness: concurrency caps', () => {
    it(`never runs more of a group than its own cap or the queue's groupConcurrency under ${CLAIMERS} concurrent claimers`, async () => {
      const h = current();
      await h.store.groups.updateSettings(QUEUE, { groupConcurrency: 2 });
      await h.store.groups.updateGroup(QUEUE, 'solo', { concurrency: 1 });
      await h.store.groups.updateGroup(QUEUE, 'trio', { concurrency: 3 });
      const groups = ['solo', 'trio', 'shared-a', 'shared-b', ''];
      const caps = new Map(groups.map((g) => [g, effectiveConcurrency(g, g === 'solo' ? 1 : g === 'trio' ? 3 : null, 2, 0) as number]));
      expect(Object.fromEntries(caps)).toEqual({ solo: 1, trio: 3, 'shared-a': 2, 'shared-b': 2, '': 2 });
      const jobs: Job[] = [];
      for (const g of groups) jobs.push(...(await enqueueGroup(h, g === '' ? undefined : g, JOBS_PER_GROUP)));
      for (const [g, cap] of caps) await expect(h.store.groups.getGroup(QUEUE, g)).resolves.toMatchObject({ effectiveConcurrency: cap });
      const stores = await Promise.all(Array.from({ length: CLAIMERS }, () => h.peer()));
      await expectCapsHeld(await runClaimers(stores, jobs.length, 15), jobs, caps);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 0, succeeded: jobs.length });
    });

    it(`never runs more of a host group than the store's hostConcurrency (unless it has a cap of its own) under ${CLAIMERS} concurrent claimers`, async () => {
      const h = current();
      const store = await h.storeWith({ hostConcurrency: 2 });
      await store.groups.updateSettings(QUEUE, { groupConcurrency: 5 });
      await store.groups.updateGroup(QUEUE, 'host:own.example', { concurrency: 4 });
      const groups = ['host:a.example', 'host:b.example:8443', 'host:own.example', 'tenant'];
      const caps = new Map(groups.map((g) => [g, effectiveConcurrency(g, g === 'host:own.example' ? 4 : null, 5, 2) as number]));
      expect(Object.fromEntries(caps)).toEqual({ 'host:a.example': 2, 'host:b.example:8443': 2, 'host:own.example': 4, tenant: 5 });
      const jobs: Job[] = [];
      for (const g of groups) {
        const results = await store.jobs.enqueue(Array.from({ length: JOBS_PER_GROUP }, () => groupJob(h, g)));
        jobs.push(...results.map((r) => r.job));
      }
      for (const [g, cap] of caps) await expect(store.groups.getGroup(QUEUE, g)).resolves.toMatchObject({ effectiveConcurrency: cap });
      // one store (a case that uses storeWith uses it alone): its eight claimers interleave their calls
      await expectCapsHeld(await runClaimers(Array<JobEngine>(CLAIMERS).fill(store), jobs.length, 16), jobs, caps);
    });

    it('claims nothing more of a group whose cap was lowered below its running jobs until they drop under it', async () => {
      const h = current();
      await h.store.groups.updateGroup(QUEUE, 'G', { concurrency: 3 });
      await enqueueGroup(h, 'G', 5);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(jobs).toHaveLength(3);
      await expect(h.store.groups.updateGroup(QUEUE, 'G', { concurrency: 1 })).resolves.toMatchObject({
        running: 3,
        pending: 2,
        concurrency: 1,
        effectiveConcurrency: 1,
        limitedBy: 'concurrency',
      });
      for (const lease of jobs.slice(0, 2).map(leaseOf)) {
        await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
        await h.store.jobs.complete(QUEUE, [lease]);
      }
      await expect(h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await h.store.jobs.complete(QUEUE, [leaseOf(jobs[2])]);
      await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ running: 0, pending: 2, limitedBy: null });
      const after = await h.store.jobs.claim(QUEUE, WORKER, 5, LEASE_MS);
      expect(after.jobs.map((c) => groupOf(c.job))).toEqual(['G']);
    });

    it("holds a group at the queue's lowered groupConcurrency and frees it when the queue's cap is raised", async () => {
      const h = current();
      await h.store.groups.updateSettings(QUEUE, { groupConcurrency: 1 });
      await enqueueGroup(h, 'G', 3);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS)).resolves.toMatchObject({ jobs: [expect.anything()] });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
      await h.store.groups.updateSettings(QUEUE, { groupConcurrency: 3 });
      await expect(h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS)).resolves.toMatchObject({ jobs: [expect.anything(), expect.anything()] });
      await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ running: 3, pending: 0, effectiveConcurrency: 3, limitedBy: 'concurrency' });
    });

    describe('frees the cap at every end of a running attempt', () => {
      const ends: Array<[string, (h: StoreHarness, lease: { id: string; token: number }) => Promise<unknown>, number]> = [
        ['complete', (h, lease) => h.store.jobs.complete(QUEUE, [lease]), LEASE_MS],
        ['fail with a retry later', (h, lease) => h.store.jobs.fail(QUEUE, [{ ...lease, error: 'again', retryable: true, retryDelayMs: 60_000 }]), LEASE_MS],
        ['fail with a retry at once', (h, lease) => h.store.jobs.fail(QUEUE, [{ ...lease, error: 'again', retryable: true, retryDelayMs: 0 }]), LEASE_MS],
        ['fail for good', (h, lease) => h.store.jobs.fail(QUEUE, [{ ...lease, error: 'no', retryable: false }]), LEASE_MS],
        ['release', (h, lease) => h.store.jobs.release(QUEUE, [lease]), LEASE_MS],
        [
          'cancel, then complete',
          async (h, lease) => {
            await h.store.admin.cancel(lease.id);
            return h.store.jobs.complete(QUEUE, [lease]);
          },
          LEASE_MS,
        ],
        [
          'reapExpired',
          async (h) => {
            h.clock.advance(1001);
            return expect(h.store.upkeep.reapExpired(QUEUE, 10)).resolves.toMatchObject({ requeued: [expect.any(String)] });
          },
          1000,
        ],
        [
          'reapWorkers',
          async (h) => {
            h.clock.advance(10_000);
            return expect(h.store.upkeep.reapWorkers(QUEUE, [WORKER], 10, 5000)).resolves.toMatchObject({ requeued: [expect.any(String)] });
          },
          LEASE_MS,
        ],
      ];

      it.each(ends)('%s', async (_end, endAttempt, leaseMs) => {
        const h = current();
        await h.store.groups.updateGroup(QUEUE, 'G', { concurrency: 1 });
        await enqueueGroup(h, 'G', 2);
        await h.store.workers.register(QUEUE, WORKER);
        const first = await claimOne(h.store, WORKER, leaseMs);
        await expect(h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS)).resolves.toMatchObject({ jobs: [] });
        await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ running: 1, limitedBy: 'concurrency' });
        await endAttempt(h, leaseOf(first));
        await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ running: 0, limitedBy: null });
        await h.store.workers.register(QUEUE, 'worker-2');
        const { jobs } = await h.store.jobs.claim(QUEUE, 'worker-2', 2, LEASE_MS);
        expect(jobs.map((c) => groupOf(c.job))).toEqual(['G']);
        await expect(h.store.groups.getGroup(QUEUE, 'G')).resolves.toMatchObject({ running: 1 });
      });
    });
  });
}
