import { JobStore, MemoryJobStore, RedisJobStore, createRedisClient } from '../queue';
import { recordingLogger, waitFor, workerHarness, WorkerHarness } from '../../../test/support/worker-harness';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../../test/support/redis-store-harness';

const LEASE_MS = 30_000;

/**
 * A claim whose reply is lost on the wire: the store ran it (the jobs are running for this worker),
 * the worker never saw it. The "lost" claim is made here through another handle on the same store
 * with the worker's id, which is exactly what the store sees of a lost reply. The worker's
 * heartbeat finds those leases and releases them at once: they run once, on their first attempt,
 * long before LEASE_MS.
 */
describe.each([
  ['memory', async () => ({ store: new MemoryJobStore({ configuredQueues: ['default'] }), peer: undefined, cleanup: async () => undefined })],
  [
    'redis',
    async () => {
      const prefix = uniqueTestPrefix();
      const open = () => new RedisJobStore({ redis: createRedisClient(TEST_REDIS_URL), prefix, configuredQueues: ['default'] });
      const admin = createRedisClient(TEST_REDIS_URL);
      return {
        store: open() as JobStore,
        peer: open() as JobStore,
        cleanup: async () => {
          await deletePrefixedKeys(admin, prefix);
          admin.disconnect();
        },
      };
    },
  ],
])('lost claim replies on the %s store', (_name, makeStores) => {
  let h: WorkerHarness;
  let stores: Awaited<ReturnType<typeof makeStores>>;

  afterEach(async () => {
    await h?.stop();
    await stores.peer?.close();
    await stores.cleanup();
  });

  it('releases the leases of a claim the worker never heard of and runs their jobs once, attempt 1', async () => {
    stores = await makeStores();
    const logger = recordingLogger();
    h = workerHarness({ store: stores.store, leaseMs: LEASE_MS, logger });
    const attempts: number[] = [];
    h.registry.register('once', (ctx) => {
      attempts.push(ctx.attempt);
    });
    const jobs = await h.enqueue({ type: 'once' }, { type: 'once' });
    const lost = await (stores.peer ?? stores.store).claim('default', 'test-worker', 2, LEASE_MS);
    expect(lost.jobs).toHaveLength(2);

    h.runtime.start();
    for (const job of jobs) {
      const done = await h.waitForStatus(job.id, 'succeeded');
      expect(done.attempts).toBe(1);
    }
    expect(attempts).toEqual([1, 1]);
    expect(logger.lines.some((line) => line.includes('a claim reply was lost'))).toBe(true);
  });
});

describe('lost claim replies: a claim in flight is not a lost one', () => {
  let h: WorkerHarness;

  afterEach(async () => {
    await h?.stop();
  });

  it('waits for the claim in flight before releasing what the store names, and releases none of its jobs', async () => {
    const store = new MemoryJobStore({ configuredQueues: ['default'] });
    h = workerHarness({ store, leaseMs: LEASE_MS });
    const runs: string[] = [];
    h.registry.register('once', (ctx) => {
      runs.push(ctx.job.id);
    });
    const releases = vi.spyOn(store, 'release');

    // the first claim reaches the store at once but its reply is held back until the beat asked
    let replyNow!: () => void;
    const held = new Promise<void>((resolve) => (replyNow = resolve));
    const claim = store.claim.bind(store);
    let first = true;
    vi.spyOn(store, 'claim').mockImplementation(async (...args) => {
      const result = await claim(...args);
      if (first && result.jobs.length > 0) {
        first = false;
        await held;
      }
      return result;
    });
    const strayLeases = store.strayLeases.bind(store);
    let strayAsked = false;
    vi.spyOn(store, 'strayLeases').mockImplementation(async (...args) => {
      const stray = await strayLeases(...args);
      strayAsked = true;
      return stray;
    });

    const jobs = await h.enqueue({ type: 'once' }, { type: 'once' });
    h.runtime.start(); // the first beat and the first claim run together
    await waitFor(() => strayAsked, 'the beat to ask for stray leases');
    replyNow();
    for (const job of jobs) await h.waitForStatus(job.id, 'succeeded');
    await h.runtime.heartbeat.beat();
    expect(runs.sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(releases).not.toHaveBeenCalled();
  });
});
