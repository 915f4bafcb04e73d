import { JobEngine, MemoryEngine, RedisEngine, createRedisClient } from '../queue';
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
  ['memory', async () => ({ store: new MemoryEngine({ configuredQueues: ['default'] }), peer: undefined, cleanup: async () => undefined })],
  [
    'redis',
    async () => {
      const prefix = uniqueTestPrefix();
      const open = () => new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, configuredQueues: ['default'] });
      const admin = createRedisClient(TEST_REDIS_URL);
      return {
        store: open() as JobEngine,
        peer: open() as JobEngine,
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
    const lost = await (stores.peer ?? stores.store).jobs.claim('default', 'test-worker', 2, LEASE_MS);
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
    const store = new MemoryEngine({ configuredQueues: ['default'] });
    h = workerHarness({ store, leaseMs: LEASE_MS });
    const runs: string[] = [];
    h.registry.register('once', (ctx) => {
      runs.push(ctx.job.id);
    });
    const releases = vi.spyOn(store.jobs, 'release');

    // the first claim reaches the store at once but its reply is held back until the beat asked
    let replyNow!: () => void;
    const held = new Promise<void>((resolve) => (replyNow = resolve));
    const claim = store.jobs.claim.bind(store.jobs);
    let first = true;
    vi.spyOn(store.jobs, 'claim').mockImplementation(async (...args) => {
      const result = await claim(...args);
      if (first && result.jobs.length > 0) {
        first = false;
        await held;
      }
      return result;
    });
    const strayLeases = store.jobs.strayLeases.bind(store.jobs);
    let strayAsked = false;
    vi.spyOn(store.jobs, 'strayLeases').mockImplementation(async (...args) => {
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

describe('lost claim replies: a job settled while the beat asked is not a lost one', () => {
  let h: WorkerHarness;

  afterEach(async () => {
    await h?.stop();
  });

  it('asks again and releases only what is stray in both answers (no warning for a lease already gone)', async () => {
    const store = new MemoryEngine({ configuredQueues: ['default'] });
    const logger = recordingLogger();
    h = workerHarness({ store, leaseMs: LEASE_MS, logger });
    h.registry.register('once', () => undefined);
    const [settled] = await h.enqueue({ type: 'once' });
    const releases = vi.spyOn(store.jobs, 'release');
    // The first answer names a lease this worker held for a job that ended before the beat looked
    // again (a claim in flight when the beat asked, run and acknowledged at once): the store's
    // first answer still had it, its second no longer does.
    const strayLeases = store.jobs.strayLeases.bind(store.jobs);
    let asked = 0;
    vi.spyOn(store.jobs, 'strayLeases').mockImplementation(async (...args) => {
      const stray = await strayLeases(...args);
      asked++;
      return asked === 1 ? [...stray, { id: settled.id, token: 1, workerId: h.runtime.workerId }] : stray;
    });
    h.runtime.start();
    await h.waitForStatus(settled.id, 'succeeded');
    await h.runtime.heartbeat.beat();
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(releases).not.toHaveBeenCalled();
    expect(logger.lines.some((line) => line.includes('a claim reply was lost'))).toBe(false);
  });
});
