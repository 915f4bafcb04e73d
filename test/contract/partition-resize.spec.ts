import { Job } from '../../src/domain/job';
import { queueOfJobId } from '../../src/domain/job-id';
import { MAX_QUEUE_PARTITIONS } from '../../src/domain/queue-partition';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { PartitionableEngine, PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { PartitionLayouts } from '../../src/modules/queue/partitions/partition-layouts';
import { eventually } from '../support/eventually';
import { makeRedisStoreHarness } from '../support/redis-store-harness';
import { LEASE_MS, newJob, QUEUE, useHarness } from './contract-fixtures';
import { MakeStoreHarness, StoreHarness } from './store-harness';

const REFRESH_MS = 5_000;
const GUARD_MS = 60_000;
const RETENTION = { succeededMs: 1_000, failedMs: 1_000, cancelledMs: 1_000 };

/**
 * Changing a queue's partition count on a running fleet: two instances (PartitionedJobStores over
 * one store), one restarted with another count. Raising it fills the new partitions; lowering it
 * drains the removed ones, which are forgotten only once empty and after the guard time. Every
 * job is claimed exactly once throughout, and idempotency keys keep naming their jobs.
 */
function describeResize(name: string, make: MakeStoreHarness): void {
  describe(`changing the partition count: ${name}`, () => {
    const current = useHarness(make);

    async function instance(h: StoreHarness, partitions: number): Promise<PartitionedEngine> {
      const store = (await h.peer()) as PartitionableEngine;
      return new PartitionedEngine(store, { clock: h.clock, partitionsOf: () => partitions, layoutRefreshMs: REFRESH_MS, retireGuardMs: GUARD_MS });
    }

    async function enqueue(h: StoreHarness, store: JobEngine, n: number, keyed = 0): Promise<Job[]> {
      const jobs = [];
      // one call per job: calls spread over the partitions
      for (let i = 0; i < n; i++) {
        const [r] = await store.jobs.enqueue([newJob(h, i < keyed ? { idempotencyKey: `key-${i}` } : {})]);
        jobs.push(r.job);
      }
      return jobs;
    }

    /** Claims and completes until the queue has nothing pending, from both instances in turn. */
    async function drain(stores: JobEngine[]): Promise<string[]> {
      const done: string[] = [];
      for (let idle = 0; idle < 2 * stores.length * 64; ) {
        const store = stores[done.length % stores.length];
        const { jobs } = await store.jobs.claim(QUEUE, 'w', 10, LEASE_MS);
        if (jobs.length === 0) {
          idle++;
          continue;
        }
        idle = 0;
        const outcomes = await store.jobs.complete(QUEUE, jobs.map((c) => ({ id: c.job.id, token: c.token })));
        expect(outcomes.every((o) => o === 'succeeded')).toBe(true);
        done.push(...jobs.map((c) => c.job.id));
      }
      return done;
    }

    it('raises 2 to 5: the new partitions fill, the keys keep their jobs, every job runs once', async () => {
      const h = current();
      const a = await instance(h, 2);
      const before = await enqueue(h, a, 60, 20);
      expect(new Set(before.map((j) => queueOfJobId(j.id))).size).toBe(2);

      const b = await instance(h, 5); // restarted with QUEUES=contract:5
      await expect(b.layout(QUEUE)).resolves.toMatchObject({ count: 5, names: expect.any(Array) });
      expect((await b.layout(QUEUE)).names).toHaveLength(5);
      await expect(a.refreshLayout(QUEUE)).resolves.toMatchObject({ count: 5 });

      const after = await enqueue(h, a, 100);
      const partitions = new Set(after.map((j) => queueOfJobId(j.id)));
      expect(partitions.size).toBe(5);

      // every key still names its job, wherever its home is now
      const again = await Promise.all(Array.from({ length: 20 }, (_, i) => b.jobs.enqueue([newJob(h, { idempotencyKey: `key-${i}` })])));
      expect(again.map(([r]) => [r.created, r.job.id])).toEqual(before.slice(0, 20).map((j) => [false, j.id]));

      const done = await drain([a, b]);
      expect(done.sort()).toEqual([...before, ...after].map((j) => j.id).sort());
      await expect(a.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 0, succeeded: 160 });
    });

    it("lists a queue with the partitions another instance gave it, at once: it hears the `layout` signal", async () => {
      const h = current();
      const a = await instance(h, 2);
      await enqueue(h, a, 4);
      /** The layout `a` lists the queue with (what its history writer's lanes and its sources read). */
      const listed = async () => {
        await a.admin.queues();
        return (a as unknown as { router: { layouts: PartitionLayouts } }).router.layouts.known(QUEUE)?.names.length;
      };
      // listening (the first listing subscribes): a signal published from here on is heard
      await eventually(async () => {
        expect(await listed()).toBe(2);
        expect((a as unknown as { router: { layouts: { signals: { listening: boolean } } } }).router.layouts.signals.listening).toBe(true);
      });

      const b = await instance(h, 5); // restarted with QUEUES=contract:5
      expect((await b.layout(QUEUE)).names).toHaveLength(5);
      // the clock stands still: no refresh interval passes, only the signal can tell `a`
      await eventually(async () => expect(await listed()).toBe(5));
      await a.close();
    });

    it('leaves every partition resumed when the queue is resumed while a new instance copies its pause onto its partitions', async () => {
      const h = current();
      const a = await instance(h, 3);
      await a.layout(QUEUE);
      await a.groups.setPaused(QUEUE, true);
      // a new instance: its first load copies partition 0's settings onto the others; the queue is
      // resumed through `a` right after it read partition 0 (paused) and before it looks at partition 1
      const store = (await h.peer()) as PartitionableEngine;
      const names = (await a.layout(QUEUE)).names;
      const read = store.groups.settings.bind(store.groups);
      let resumed = false;
      vi.spyOn(store.groups, 'settings').mockImplementation(async (name: string) => {
        if (name === names[1] && !resumed) {
          resumed = true;
          await a.groups.setPaused(QUEUE, false);
        }
        return read(name);
      });
      const b = new PartitionedEngine(store, { clock: h.clock, partitionsOf: () => 3, layoutRefreshMs: REFRESH_MS, retireGuardMs: GUARD_MS });
      await b.layout(QUEUE);
      expect(resumed).toBe(true);
      vi.restoreAllMocks();
      for (const name of names) await expect(store.groups.settings(name)).resolves.toMatchObject({ paused: false });
    });

    it(`runs a queue at the maximum of ${MAX_QUEUE_PARTITIONS} partitions: every partition filled, every job claimed once`, async () => {
      const h = current();
      const a = await instance(h, MAX_QUEUE_PARTITIONS);
      const b = await instance(h, MAX_QUEUE_PARTITIONS);
      expect((await a.layout(QUEUE)).names).toHaveLength(MAX_QUEUE_PARTITIONS);
      expect(new Set((await b.layout(QUEUE)).names).size).toBe(MAX_QUEUE_PARTITIONS);
      const jobs = await enqueue(h, a, 20 * MAX_QUEUE_PARTITIONS, 100);
      expect(new Set(jobs.map((j) => queueOfJobId(j.id))).size).toBe(MAX_QUEUE_PARTITIONS);
      await expect(b.admin.counts(QUEUE)).resolves.toMatchObject({ pending: jobs.length });
      const done = await drain([a, b]);
      expect(done.sort()).toEqual(jobs.map((j) => j.id).sort());
      await expect(a.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 0, succeeded: jobs.length });
    });

    it('lowers 5 to 2: the removed partitions drain, then are forgotten after the guard time; every job runs once', async () => {
      const h = current();
      const a = await instance(h, 5);
      const pending = await enqueue(h, a, 100, 30);
      const scheduled = await Promise.all(Array.from({ length: 10 }, () => a.jobs.enqueue([newJob(h, { delayMs: 30_000 })])));
      const running = (await a.jobs.claim(QUEUE, 'early', 10, 1_000)).jobs;
      expect(running).toHaveLength(10);

      const b = await instance(h, 2); // restarted with QUEUES=contract:2
      expect(await b.layout(QUEUE)).toMatchObject({ count: 2, removed: 3 });
      await expect(a.refreshLayout(QUEUE)).resolves.toMatchObject({ count: 2, removed: 3 });

      // nothing new goes to a removed partition, and the keys still name their jobs there
      const later = await enqueue(h, b, 50);
      const lowered = await b.layout(QUEUE);
      expect(later.every((j) => lowered.indexOf(queueOfJobId(j.id)!) < 2)).toBe(true);
      const again = await Promise.all(Array.from({ length: 30 }, (_, i) => b.jobs.enqueue([newJob(h, { idempotencyKey: `key-${i}` })])));
      expect(again.every(([r]) => !r.created)).toBe(true);

      // the leases of `early` expire and are reaped back; scheduled jobs come due
      h.clock.advance(30_000);
      await b.upkeep.reapExpired(QUEUE, 1000);
      await b.upkeep.promoteDue(QUEUE, 1000);
      const done = await drain([a, b]);
      const all = [...pending, ...scheduled.map(([r]) => r.job), ...later].map((j) => j.id);
      expect(done.sort()).toEqual(all.sort());

      // not before the guard time, and not while a removed partition holds finished jobs
      await b.upkeep.reapExpired(QUEUE, 1000);
      expect((await b.layout(QUEUE)).names).toHaveLength(5);
      h.clock.advance(GUARD_MS);
      await b.upkeep.reapExpired(QUEUE, 1000);
      expect((await b.layout(QUEUE)).names).toHaveLength(5);
      await expect(b.upkeep.trimFinished(QUEUE, RETENTION, 1000)).resolves.toBe(all.length);
      for (let pass = 0; pass < 3; pass++) await b.upkeep.reapExpired(QUEUE, 1000);
      const layout = await b.layout(QUEUE);
      expect(layout).toMatchObject({ count: 2, removed: 0 });
      expect(layout.names).toHaveLength(2);
      await expect(b.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, scheduled: 0, running: 0, succeeded: 0 });
      expect((await b.admin.queues()).filter((q) => q === QUEUE)).toHaveLength(1);
    });
  });
}

describeResize('Redis', makeRedisStoreHarness);
