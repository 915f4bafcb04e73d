import { LEASE_MS, leaseOf, listAllIds, QUEUE, WORKER, expectClaimOrder } from './contract-fixtures';
import { describeGroupCapCases } from './fairness-caps.cases';
import { claimSingly, countByGroup, enqueueGroup, expectGroupOrder, groupJob, groupOf, partitionOf } from './fairness-fixtures';
import { describePauseCases } from './fairness-pause.cases';
import { describeRateLimitCases } from './fairness-rates.cases';
import { describeGroupReadCases } from './fairness-reads.cases';
import { StoreHarness } from './store-harness';

/**
 * Fairness (issue 15): groups served round-robin within a priority, caps, rate limits, pauses and
 * the GroupStore reads, as src/domain/fairness.ts and the GroupStore describe them.
 *
 * With a partitioned queue a group's jobs all live in one partition (its home), and claims take
 * from partitions in turn: order is checked within each partition, as the other cases do.
 */
export function describeFairnessCases(current: () => StoreHarness): void {
  describeRoundRobinCases(current);
  describeJobGroupCases(current);
  describeGroupCapCases(current);
  describeRateLimitCases(current);
  describePauseCases(current);
  describeGroupReadCases(current);
}

function describeRoundRobinCases(current: () => StoreHarness): void {
  describe('fairness: round-robin', () => {
    it('serves ready groups in turn: A with ten jobs enqueued first, then B and C with one each, are claimed A, B, C, A, A...', async () => {
      const h = current();
      const enqueued = [...(await enqueueGroup(h, 'A', 10)), ...(await enqueueGroup(h, 'B', 1)), ...(await enqueueGroup(h, 'C', 1))];
      const claimed = await claimSingly(h.store, 12);
      expectGroupOrder(h, claimed, ['A', 'B', 'C', ...Array<string>(9).fill('A')], enqueued);
      // within a group, first in first out
      const a = enqueued.filter((job) => groupOf(job) === 'A').map((job) => job.id);
      expect(claimed.filter((job) => groupOf(job) === 'A').map((job) => job.id)).toEqual(a);
    });

    it('takes one job of each ready group in one claim of three', async () => {
      const h = current();
      const enqueued = [...(await enqueueGroup(h, 'A', 10)), ...(await enqueueGroup(h, 'B', 1)), ...(await enqueueGroup(h, 'C', 1))];
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS);
      expect(jobs).toHaveLength(3);
      const counts = countByGroup(jobs.map((c) => c.job));
      if (!h.partitions) {
        expect(Object.fromEntries(counts)).toEqual({ A: 1, B: 1, C: 1 });
        return;
      }
      // partitioned: each partition's claim shares among its own groups (one more at most for some)
      const homes = new Map(enqueued.map((job) => [groupOf(job), partitionOf(job)]));
      for (const partition of new Set(homes.values())) {
        const taken = [...homes].filter(([, home]) => home === partition).map(([group]) => counts.get(group) ?? 0);
        expect(Math.max(...taken) - Math.min(...taken)).toBeLessThanOrEqual(1);
      }
    });

    it('gives the default group its turn like any other group', async () => {
      const h = current();
      const enqueued = [...(await enqueueGroup(h, undefined, 3)), ...(await enqueueGroup(h, 'G', 2))];
      const claimed = await claimSingly(h.store, 5);
      expectGroupOrder(h, claimed, ['', 'G', '', 'G', ''], enqueued);
    });

    it('lets a group of one job wait at most one turn behind a group of 1,000', async () => {
      const h = current();
      const big = [...(await enqueueGroup(h, 'big', 500)), ...(await enqueueGroup(h, 'big', 500))];
      await claimSingly(h.store, 3);
      const small = await enqueueGroup(h, 'small', 1);
      // partitioned: the groups may live in two partitions, and claims take from partitions in turn
      const next = await claimSingly(h.store, h.partitions ? h.partitions + 1 : 2);
      expect(next.map(groupOf)).toContain('small');
      if (!h.partitions) expectGroupOrder(h, next, ['big', 'small'], [...big, ...small]);
      else expect(next.filter((job) => groupOf(job) === 'small').map((job) => job.id)).toEqual(small.map((job) => job.id));
    });

    it('serves a group whose best job has a higher priority first, then the groups of a priority in turn', async () => {
      const h = current();
      const enqueued = [
        ...(await enqueueGroup(h, 'A', 3)),
        ...(await enqueueGroup(h, 'B', 3)),
        ...(await h.store.jobs.enqueue([groupJob(h, 'C', { priority: 5 }), groupJob(h, 'C')])).map((r) => r.job),
      ];
      const claimed = await claimSingly(h.store, 8);
      expectGroupOrder(h, claimed, ['C', 'A', 'B', 'C', 'A', 'B', 'A', 'B'], enqueued);
      expect(claimed.find((job) => groupOf(job) === 'C')?.priority).toBe(5);
    });

    it('moves a group that gets a better job to that priority, keeping its turn', async () => {
      const h = current();
      const enqueued = [...(await enqueueGroup(h, 'A', 2)), ...(await enqueueGroup(h, 'B', 2))];
      const [first] = await claimSingly(h.store, 1);
      // A was served last, so B's turn comes first: raised to priority 5 both, they keep that order
      const urgent = [...(await enqueueGroup(h, 'A', 1, { priority: 5 })), ...(await enqueueGroup(h, 'B', 1, { priority: 5 }))];
      const claimed = await claimSingly(h.store, 5);
      expectGroupOrder(h, [first, ...claimed], ['A', 'B', 'A', 'B', 'A', 'B'], [...enqueued, ...urgent]);
      if (!h.partitions) expect(claimed.slice(0, 2).map((job) => job.priority)).toEqual([5, 5]);
    });

    it("never takes a group's lower-priority job while another group's better job waits, even within one claim", async () => {
      const h = current();
      const [a5, a0] = (await h.store.jobs.enqueue([groupJob(h, 'A', { priority: 5 }), groupJob(h, 'A', { priority: 0 })])).map((r) => r.job);
      const [b3] = await enqueueGroup(h, 'B', 1, { priority: 3 });
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 3, LEASE_MS);
      expectClaimOrder(
        h,
        jobs.map((c) => c.job.id),
        [a5.id, b3.id, a0.id],
      );
    });

    it("puts a group whose best job was cancelled back at the priority of its best job left, keeping its turn", async () => {
      const h = current();
      const [a5, a0] = (await h.store.jobs.enqueue([groupJob(h, 'A', { priority: 5 }), groupJob(h, 'A', { priority: 0 })])).map((r) => r.job);
      const [b3] = await enqueueGroup(h, 'B', 1, { priority: 3 });
      const [c0] = await enqueueGroup(h, 'C', 1);
      await h.store.admin.cancel(a5.id);
      const claimed = await claimSingly(h.store, 3);
      expectClaimOrder(
        h,
        claimed.map((job) => job.id),
        [b3.id, a0.id, c0.id],
      );
    });

    it('lets a group out of tokens rejoin at the back of the round once its next token is due', async () => {
      const h = current();
      await h.store.groups.updateGroup(QUEUE, 'T', { rateLimit: { max: 1, perMs: 1000 } });
      const start = h.clock.now();
      const enqueued = [...(await enqueueGroup(h, 'T', 3)), ...(await enqueueGroup(h, 'U', 3))];
      const before = await claimSingly(h.store, 2);
      h.clock.advance(1000);
      const after = await claimSingly(h.store, 3);
      expectGroupOrder(h, [...before, ...after], ['T', 'U', 'U', 'T', 'U'], enqueued);
      await expect(h.store.jobs.claim(QUEUE, WORKER, 1, LEASE_MS)).resolves.toMatchObject({ jobs: [], nextDueAt: start + 2000 });
    });
  });
}

function describeJobGroupCases(current: () => StoreHarness): void {
  describe('fairness: a job keeps its group', () => {
    it('shows the group on get, list, the claimed job and after it ends, and none for the default group', async () => {
      const h = current();
      const [grouped] = await enqueueGroup(h, 'tenant-7', 1);
      const [plain] = await enqueueGroup(h, undefined, 1);
      expect(grouped.group).toBe('tenant-7');
      expect(plain).not.toHaveProperty('group');
      await expect(h.store.admin.get(grouped.id)).resolves.toMatchObject({ group: 'tenant-7', status: 'pending' });
      expect(await h.store.admin.get(plain.id)).not.toHaveProperty('group');
      const listed = (await h.store.admin.list({ queue: QUEUE, limit: 10 })).items;
      expect(listed.find((job) => job.id === grouped.id)?.group).toBe('tenant-7');
      expect(listed.find((job) => job.id === plain.id)).not.toHaveProperty('group');
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      expect(jobs.find((c) => c.job.id === grouped.id)?.job.group).toBe('tenant-7');
      expect(jobs.find((c) => c.job.id === plain.id)?.job).not.toHaveProperty('group');
      await h.store.jobs.complete(QUEUE, jobs.map(leaseOf));
      await expect(h.store.admin.get(grouped.id)).resolves.toMatchObject({ group: 'tenant-7', status: 'succeeded' });
    });

    it("counts every group's pending jobs in counts() and lists them as pending", async () => {
      const h = current();
      const ids = [...(await enqueueGroup(h, 'A', 2)), ...(await enqueueGroup(h, 'B', 3)), ...(await enqueueGroup(h, undefined, 1))].map((job) => job.id);
      await h.store.groups.updateGroup(QUEUE, 'B', { paused: true });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 6, running: 0 });
      expect((await listAllIds(h.store, { status: 'pending', limit: 4 })).sort()).toEqual([...ids].sort());
    });
  });
}
