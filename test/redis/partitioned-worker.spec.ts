import { systemClock } from '../../src/domain/clock';
import { queueOfJobId } from '../../src/domain/job-id';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { waitFor, workerHarness, WorkerHarness } from '../support/worker-harness';

const PARTITIONS = 6;

/**
 * A worker (WorkerRuntime, real clock) on a queue of 6 partitions: its concurrency stays the
 * worker's, not 6 times it; it wakes for work put in any partition while it waits, and for a
 * scheduled job of any partition when it comes due, with no poll and no reaper running.
 */
function describePartitionedWorker(name: string, open: () => { store: JobEngine; cleanup: () => Promise<void> }): void {
  describe(`a worker on a queue of ${PARTITIONS} partitions: ${name}`, () => {
    let h: WorkerHarness;
    let cleanup: () => Promise<void>;

    function start(options: { concurrency?: number; maxIdleWaitMs?: number } = {}): WorkerHarness {
      const opened = open();
      cleanup = opened.cleanup;
      h = workerHarness({ store: new PartitionedEngine(opened.store as never, { clock: systemClock, partitionsOf: () => PARTITIONS }), ...options });
      return h;
    }

    afterEach(async () => {
      await h.stop();
      await cleanup();
    });

    it('never runs more jobs at once than its concurrency, and runs the jobs of every partition', async () => {
      start({ concurrency: 3 });
      let active = 0;
      let peak = 0;
      h.registry.register('slow', async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
      });
      const jobs = [];
      for (let i = 0; i < 120; i++) jobs.push(...(await h.enqueue({ type: 'slow' })));
      expect(new Set(jobs.map((j) => queueOfJobId(j.id))).size).toBe(PARTITIONS);
      h.runtime.start();
      for (const job of jobs) await h.waitForStatus(job.id, 'succeeded');
      expect(peak).toBe(3);
    });

    it('wakes for jobs put in any partition while it waits, without polling', async () => {
      start({ maxIdleWaitMs: 600_000 });
      h.registry.register('noop', () => null);
      h.runtime.start();
      await new Promise((r) => setTimeout(r, 50));
      const partitions = new Set<string>();
      // one job at a time, each after the last ran: each wakes an idle worker
      while (partitions.size < PARTITIONS) {
        const [job] = await h.enqueue({ type: 'noop' });
        partitions.add(queueOfJobId(job.id)!);
        await h.waitForStatus(job.id, 'succeeded');
      }
    });

    it('publishes one directory entry for the process, its leases counted over every partition', async () => {
      start({ concurrency: 4 });
      const seen: string[] = [];
      h.registry.register('hold', (ctx) => {
        seen.push(ctx.job.id);
        return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(null)));
      });
      const jobs = [];
      for (let i = 0; i < 4; i++) jobs.push(...(await h.enqueue({ type: 'hold' })));
      h.runtime.start();
      await waitFor(() => seen.length === 4, '4 running');
      await h.runtime.heartbeat.beat();
      await expect(h.store.workers.live(60_000, 10)).resolves.toEqual([
        expect.objectContaining({ id: 'test-worker', queues: ['default'], slots: { busy: 4, total: 4 }, leasesHeld: 4 }),
      ]);
    });

    it('runs a scheduled job of any partition when it comes due, with no reaper', async () => {
      start({ maxIdleWaitMs: 600_000 });
      h.registry.register('later', () => 'ran');
      h.runtime.start();
      await new Promise((r) => setTimeout(r, 50));
      const jobs = [];
      for (let i = 0; i < 12; i++) jobs.push(...(await h.enqueue({ type: 'later', delayMs: 200 })));
      for (const job of jobs) await h.waitForStatus(job.id, 'succeeded');
    });
  });
}

describePartitionedWorker('Redis', () => {
  const prefix = uniqueTestPrefix();
  const store = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix });
  return {
    store,
    cleanup: async () => {
      const admin = createRedisClient(TEST_REDIS_URL);
      await deletePrefixedKeys(admin, prefix);
      await admin.quit();
    },
  };
});
