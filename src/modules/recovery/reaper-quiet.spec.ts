import { Redis } from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { ManualClock } from '../../domain/clock';
import { JobSpec } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { CallbackEnqueuer, JobEngine, MemoryEngine, PartitionedEngine, RedisEngine, RedisQueueKeys, StoreSignal, createRedisClient } from '../queue';
import { deletePrefixedKeys, listPrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../../test/support/redis-store-harness';
import { waitFor } from '../../../test/support/wait-for';
import { ReaperService } from './reaper.service';
import { ReaperStats } from './reaper-stats';

/**
 * Quiet queues (ReaperService, UpkeepStore.quiet; Redis: reap-quiet.lua, the `rq` settings field
 * cleared by claim.lua and includes/index-writes.lua with a `reap` signal), on the memory engine
 * and on Redis (a prefix of the test's own, never flushed): a queue whose pass found nothing to do
 * and that holds no lease is left alone for QUIET_PASSES passes, or until its earliest scheduled
 * job is due; a claim there, or a scheduled job due sooner than every other, calls the reapers
 * back; without the store's signals, or on a partitioned queue, no queue goes quiet.
 */
const Q = 'quiet';
/** REAPER_INTERVAL_MS: a queue stays quiet QUIET_PASSES x this of the test's clock. */
const INTERVAL_MS = 1_000;
const QUIET_MS = ReaperService.QUIET_PASSES * INTERVAL_MS;
/** Well within QUIET_MS: a lease that runs out while the queue would still be quiet. */
const LEASE_MS = 5_000;
/** A deadline for a signal to arrive, not a measure of its speed. */
const HEAR_MS = 5_000;
const FENCE = 'quiet-fence';

type Subscribe = (listener: (signal: StoreSignal) => void) => Promise<() => Promise<void>>;

interface QuietFixture {
  store: JobEngine;
  clock: ManualClock;
  /** Redis: the key prefix. */
  prefix?: string;
  /** The Redis settings field `rq` of `queue` (memory: the queue's flag), '1' or null. */
  rq(queue: string): Promise<string | null>;
  /** Resolves once every signal published before it reached the engine's signal listeners (Redis: a fence on the same connection; memory: at once). */
  settled(): Promise<void>;
  cleanup(): Promise<void>;
}

/** What the reaper asked of the store, as `port.method(queue)` for each call whose first argument is a string. */
class StoreCalls {
  readonly calls: string[] = [];

  record<T extends object>(port: T, name: string): T {
    const calls = this.calls;
    return new Proxy(port, {
      get(target, method) {
        const value = Reflect.get(target, method) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${String(method)}(${typeof args[0] === 'string' ? args[0] : ''})`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  /** The calls naming `queue`, taken out with all the others. */
  take(queue: string): string[] {
    return this.calls.splice(0).filter((c) => c.endsWith(`(${queue})`));
  }
}

/** A reaper over `store` whose store calls are recorded, hearing the store's signals (started, and subscribed once this resolves) unless `signals` is false. */
async function reaperOf(f: QuietFixture, options: { signals?: 'started' | 'not started' | 'none' } = {}): Promise<{ reaper: ReaperService; calls: StoreCalls }> {
  const { store, clock } = f;
  const config = AppConfig.from({ REAPER_INTERVAL_MS: String(INTERVAL_MS), HEARTBEAT_MS: '1000', WORKER_DEAD_MS: '3000' });
  const calls = new StoreCalls();
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const onSignal: Subscribe = async (listener) => {
    const unsubscribe = await store.outbox.onSignal(listener);
    // after KeptSubscription's own continuation has taken the subscription
    setImmediate(subscribed);
    return unsubscribe;
  };
  const signals = options.signals ?? 'started';
  const reaper = new ReaperService(
    store.admin,
    calls.record(store.upkeep, 'upkeep'),
    calls.record(store.workers, 'workers'),
    calls.record(store.executions, 'executions'),
    config,
    new ReaperStats(),
    new CallbackEnqueuer(store.jobs, store.admin, clock, 1 << 20),
    clock,
    undefined,
    signals === 'none' ? undefined : onSignal,
  );
  if (signals === 'started') {
    reaper.start();
    await ready;
  }
  reapers.push(reaper);
  return { reaper, calls };
}

const reapers: ReaperService[] = [];

const memoryFixture = (): QuietFixture => {
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const store = new MemoryEngine({ clock, configuredQueues: [Q] });
  const state = (store as unknown as { state: { queueStates: Map<string, { reapersQuiet: boolean }> } }).state;
  return {
    store,
    clock,
    rq: async (queue) => (state.queueStates.get(queue)?.reapersQuiet ? '1' : null),
    settled: async () => undefined,
    cleanup: () => store.close(),
  };
};

function redisFixture(partitions = 1): QuietFixture {
  const prefix = uniqueTestPrefix();
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const admin: Redis = createRedisClient(TEST_REDIS_URL);
  const engine = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock, configuredQueues: [Q] });
  const store = partitions === 1 ? engine : new PartitionedEngine(engine, { clock, partitionsOf: () => partitions });
  // the fence: a `refresh` of a queue of its own, heard on the one signals connection after every PUBLISH before it
  const fences: StoreSignal[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;
  let fenceCount = 0;
  return {
    store,
    clock,
    prefix,
    rq: (queue) => admin.hget(new RedisQueueKeys(prefix, queue).settings, 'rq'),
    async settled() {
      unsubscribe ??= await store.outbox.onSignal((s) => void fences.push(s));
      const fence = `${FENCE}-${fenceCount++}`;
      await admin.publish(`${prefix}:{${fence}}:signals`, 'refresh');
      await waitFor(`the fence ${fence}`, () => fences.some((s) => s.kind === 'refresh' && s.queue === fence), { timeoutMs: HEAR_MS, intervalMs: 5 });
    },
    async cleanup() {
      await unsubscribe?.();
      await store.close();
      await deletePrefixedKeys(admin, prefix);
      await admin.quit();
    },
  };
}

async function enqueue(f: QuietFixture, ...specs: Partial<JobSpec>[]): Promise<string[]> {
  const jobs = specs.map((s) => normalizeJobSpec({ type: 'test', queue: Q, ...s }, { now: f.clock.now(), maxPayloadBytes: 1 << 20 }));
  return (await f.store.jobs.enqueue(jobs)).map((r) => r.job.id);
}

/** Waits until the reaper no longer leaves `queue` alone (the `reap` signal arrived). */
async function calledBack(reaper: ReaperService, queue: string): Promise<void> {
  await waitFor(`the reaper to hear \`reap\` for ${queue}`, () => !reaper.quietQueues().includes(queue), {
    timeoutMs: HEAR_MS,
    intervalMs: 5,
    describe: () => `quiet: ${JSON.stringify(reaper.quietQueues())}`,
  });
}

describeQuiet('memory', memoryFixture);
describeQuiet('Redis', () => redisFixture());

function describeQuiet(name: string, make: () => QuietFixture): void {
  describe(`quiet queues of the reaper (${name})`, () => {
    let f: QuietFixture;

    beforeEach(() => {
      f = make();
    });

    afterEach(async () => {
      await Promise.all(reapers.splice(0).map((r) => r.stop()));
      await f.cleanup();
    });

    it('leaves an idle queue alone after one pass: listed quiet, marked in the store, and the next pass sends no store call for it', async () => {
      const { reaper, calls } = await reaperOf(f);
      const [first] = await reaper.runPass();
      expect(first).toMatchObject({ queue: Q, errors: [] });
      expect(calls.take(Q)).toContain(`upkeep.quiet(${Q})`);
      expect(reaper.quietQueues()).toEqual([Q]);
      await expect(f.rq(Q)).resolves.toBe('1');

      f.clock.advance(INTERVAL_MS);
      await expect(reaper.runPass()).resolves.toEqual([]);
      expect(calls.take(Q)).toEqual([]);
      // QUIET_PASSES passes later it is reaped again
      f.clock.advance(QUIET_MS);
      await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q }]);
      expect(calls.take(Q)).toContain(`upkeep.reapExpired(${Q})`);
    });

    it('reaps the queue again from the pass after a claim there, and returns its lease once it runs out', async () => {
      const { reaper, calls } = await reaperOf(f);
      await reaper.runPass();
      expect(reaper.quietQueues()).toEqual([Q]);
      const [id] = await enqueue(f, {});
      // an enqueue alone leases nothing: the queue stays quiet
      await f.settled();
      expect(reaper.quietQueues()).toEqual([Q]);
      calls.take(Q);

      const { jobs } = await f.store.jobs.claim(Q, 'w1', 1, LEASE_MS);
      expect(jobs.map((j) => j.job.id)).toEqual([id]);
      await calledBack(reaper, Q);
      await expect(f.rq(Q)).resolves.toBeNull();

      // long before QUIET_MS: the lease runs out and the next pass returns it
      f.clock.advance(LEASE_MS + 1);
      await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q, expiredRequeued: 1, errors: [] }]);
      expect(calls.take(Q)).toContain(`upkeep.reapExpired(${Q})`);
      await expect(f.store.admin.get(id)).resolves.toMatchObject({ status: 'pending', lastError: 'lease expired' });
    });

    it('reaps the queue again after a scheduled job due sooner than every other, and not for one due later', async () => {
      const { reaper } = await reaperOf(f);
      const [first] = await enqueue(f, { runAt: f.clock.now() + 3_600_000 });
      await reaper.runPass();
      expect(reaper.quietQueues()).toEqual([Q]);

      // due after the earliest: nothing changes
      await enqueue(f, { runAt: f.clock.now() + 7_200_000 });
      await f.settled();
      expect(reaper.quietQueues()).toEqual([Q]);
      await expect(f.rq(Q)).resolves.toBe('1');

      // due sooner than every other (still long after QUIET_MS): the reapers come back
      const [sooner] = await enqueue(f, { runAt: f.clock.now() + 1_800_000 });
      await calledBack(reaper, Q);
      await expect(f.rq(Q)).resolves.toBeNull();
      f.clock.advance(INTERVAL_MS);
      await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q, errors: [] }]);
      // and it goes quiet again, until the sooner one is due
      expect(reaper.quietQueues()).toEqual([Q]);
      f.clock.advance(1_800_000);
      await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q, promoted: 1 }]);
      await expect(f.store.admin.get(sooner)).resolves.toMatchObject({ status: 'pending' });
      await expect(f.store.admin.get(first)).resolves.toMatchObject({ status: 'scheduled' });
    });

    it('never leaves a queue holding a lease alone', async () => {
      const { reaper, calls } = await reaperOf(f);
      await enqueue(f, {});
      await f.store.jobs.claim(Q, 'w1', 1, 600_000);
      for (let i = 0; i < 3; i++) {
        await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q, errors: [] }]);
        expect(calls.take(Q)).toEqual(expect.arrayContaining([`upkeep.reapExpired(${Q})`, `upkeep.quiet(${Q})`]));
        expect(reaper.quietQueues()).toEqual([]);
        await expect(f.rq(Q)).resolves.toBeNull();
        f.clock.advance(INTERVAL_MS);
      }
    });

    it('reaps a quiet queue again once its earliest scheduled job is due, and promotes it', async () => {
      const { reaper, calls } = await reaperOf(f);
      const dueIn = QUIET_MS / 4;
      const [id] = await enqueue(f, { runAt: f.clock.now() + dueIn });
      await reaper.runPass();
      expect(reaper.quietQueues()).toEqual([Q]);
      calls.take(Q);

      f.clock.advance(dueIn - 1);
      await expect(reaper.runPass()).resolves.toEqual([]);
      expect(calls.take(Q)).toEqual([]);
      expect(reaper.quietQueues()).toEqual([Q]);

      f.clock.advance(1);
      expect(reaper.quietQueues()).toEqual([]);
      await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q, promoted: 1, errors: [] }]);
      await expect(f.store.admin.get(id)).resolves.toMatchObject({ status: 'pending' });
    });

    it('leaves no queue alone without the store signals: no onSignal, or not started', async () => {
      for (const signals of ['none', 'not started'] as const) {
        const { reaper, calls } = await reaperOf(f, { signals });
        for (let i = 0; i < 3; i++) {
          await expect(reaper.runPass()).resolves.toMatchObject([{ queue: Q, errors: [] }]);
          const made = calls.take(Q);
          expect(made).toContain(`upkeep.reapExpired(${Q})`);
          expect(made).not.toContain(`upkeep.quiet(${Q})`);
          expect(reaper.quietQueues()).toEqual([]);
          f.clock.advance(INTERVAL_MS);
        }
        await expect(f.rq(Q)).resolves.toBeNull();
      }
    });
  });
}

describe('quiet queues of the reaper (Redis, a queue of 4 partitions)', () => {
  let f: QuietFixture;

  beforeEach(() => {
    f = redisFixture(4);
  });

  afterEach(async () => {
    await Promise.all(reapers.splice(0).map((r) => r.stop()));
    await f.cleanup();
  });

  it('never leaves a partitioned queue alone, and marks none of its partitions', async () => {
    const { reaper, calls } = await reaperOf(f);
    const [id] = await enqueue(f, {});
    await f.store.admin.cancel(id);
    await expect((f.store as PartitionedEngine).layout(Q)).resolves.toMatchObject({ single: false });
    for (let i = 0; i < 4; i++) {
      const reports = await reaper.runPass();
      expect(reports).toMatchObject([{ queue: Q, errors: [] }]);
      // the pass found nothing to do, so the reaper asked, and was told no
      expect(calls.take(Q)).toContain(`upkeep.quiet(${Q})`);
      expect(reaper.quietQueues()).toEqual([]);
      f.clock.advance(INTERVAL_MS);
    }
    const admin = createRedisClient(TEST_REDIS_URL);
    try {
      const settings = (await listPrefixedKeys(admin, f.prefix!)).filter((k) => k.endsWith(':settings'));
      for (const key of settings) await expect(admin.hget(key, 'rq')).resolves.toBeNull();
    } finally {
      await admin.quit();
    }
  });
});
