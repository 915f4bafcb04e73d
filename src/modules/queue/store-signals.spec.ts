import { Redis } from 'ioredis';
import { ManualClock } from '../../domain/clock';
import { newExecutionId } from '../../domain/execution';
import { ClaimedJob } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { JobEngine } from './job-engine';
import { MemoryEngine } from './memory/memory-engine';
import { StoreSignal } from './outbox';
import { PartitionedEngine } from './partitions/partitioned-engine';
import { createRedisClient } from './redis/redis-connection';
import { RedisEngine } from './redis/redis-engine';
import { ScheduleSettlement } from './schedule-store';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../../test/support/redis-store-harness';
import { RedisServer } from '../../../test/support/redis-server';
import { scheduleDefinition } from '../../../test/support/schedules';
import { waitFor } from '../../../test/support/wait-for';

/**
 * The store's signals (Outbox.onSignal; Redis: includes/signals.lua) as a listener hears them, for
 * the memory engine, the Redis engine and a Redis queue of 4 partitions: `refresh` when a queue's
 * refresh set goes from empty to not empty (named by the logical queue, also for a partitioned
 * one), `schedules` when a schedule is put or resumed; none for what only moves work along
 * (further changes of dirty executions, a refresher's claim and ack, a pause, a scheduler's fire).
 *
 * Pub/sub is asynchronous, so "no signal" is checked behind a fence: a `refresh` of a queue of
 * the fence's own, PUBLISHed by the test on the prefix's signals channel after the calls before
 * it returned. One server, one subscriber connection: Redis delivers the messages in the order it
 * ran the PUBLISHes, so once the fence is heard every signal sent before it has been. The memory
 * engine calls its listeners within the call, so it needs no fence.
 */
const Q = 'signals';
const LEASE_MS = 30_000;
/** Generous: a deadline for an outcome, not a measure of its speed. */
const HEAR_MS = 10_000;
const FENCE = 'signals-fence-';

/** An engine of the test's own, and a fence for its signals. */
interface SignalFixture {
  store: JobEngine;
  clock: ManualClock;
  partitioned: boolean;
  /** After every signal published so far, a `refresh` of `queue` (Redis); memory: none (false). */
  fence(queue: string): Promise<boolean>;
  cleanup(): Promise<void>;
}

type MakeFixture = () => Promise<SignalFixture>;

const memoryFixture: MakeFixture = async () => {
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const store = new MemoryEngine({ clock });
  return { store, clock, partitioned: false, fence: async () => false, cleanup: () => store.close() };
};

/** A RedisEngine on `url` under a fresh prefix (every key deleted by cleanup), or a PartitionedEngine of 4 partitions a queue over it. */
function redisFixture(url: () => string, partitioned: boolean): MakeFixture {
  return async () => {
    const prefix = uniqueTestPrefix();
    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    const admin = createRedisClient(url());
    const engine = new RedisEngine({ redis: createRedisClient(url()), prefix, clock });
    const store = partitioned ? new PartitionedEngine(engine, { clock, partitionsOf: () => 4 }) : engine;
    return {
      store,
      clock,
      partitioned,
      fence: async (queue) => (await admin.publish(`${prefix}:{${queue}}:signals`, 'refresh')) >= 0,
      cleanup: async () => {
        await store.close();
        await deletePrefixedKeys(admin, prefix);
        await admin.quit();
      },
    };
  };
}

// `work` only where JobQueue.signalsWork says the store sends it: a Redis queue of one partition
describeSignals('memory', memoryFixture, false);
describeSignals('Redis', redisFixture(() => TEST_REDIS_URL, false), true);
describeSignals('Redis, a queue of 4 partitions', redisFixture(() => TEST_REDIS_URL, true), false);

/** What a listener heard, with a fence to know that nothing more is on its way. */
class Heard {
  readonly signals: StoreSignal[] = [];
  private fences = 0;

  constructor(private readonly f: SignalFixture) {}

  /** Every signal but `layout` (a partitioned queue's first use sets its layout; test/contract/partition-resize.spec.ts hears those). */
  readonly listener = (signal: StoreSignal): void => {
    if (signal.kind !== 'layout') this.signals.push(signal);
  };

  /** Waits for a signal matching `match`; returns the signals heard up to it (taken out, itself included). */
  async until(what: string, match: (signal: StoreSignal) => boolean, timeoutMs = HEAR_MS): Promise<StoreSignal[]> {
    const at = await waitFor(what, () => this.signals.findIndex(match) + 1 || undefined, { timeoutMs, intervalMs: 10, describe: () => JSON.stringify(this.signals) });
    return this.signals.splice(0, at);
  }

  /** Every signal published before now (the fence left out), taken out. */
  async settled(): Promise<StoreSignal[]> {
    const fence = `${FENCE}${this.fences++}`;
    if (!(await this.f.fence(fence))) return this.signals.splice(0);
    const heard = await this.until(`the fence ${fence}`, (s) => s.kind === 'refresh' && s.queue === fence);
    return heard.filter((s) => !(s.kind === 'refresh' && s.queue.startsWith(FENCE)));
  }
}

async function createExecution(f: SignalFixture, queue: string, jobs: number): Promise<string> {
  const now = f.clock.now();
  const id = newExecutionId(queue, now);
  const specs = Array.from({ length: jobs }, () => normalizeJobSpec({ type: 't', queue, executionId: id }, { now, maxPayloadBytes: 1 << 20 }));
  return (await f.store.executions.create({ id, queue }, specs)).id;
}

async function claimAll(f: SignalFixture, queue: string, count: number): Promise<ClaimedJob[]> {
  const claimed: ClaimedJob[] = [];
  while (claimed.length < count) {
    const { jobs } = await f.store.jobs.claim(queue, 'w1', count - claimed.length, LEASE_MS);
    if (jobs.length === 0) throw new Error(`claimed ${claimed.length} of ${count} jobs`);
    claimed.push(...jobs);
  }
  return claimed;
}

async function complete(f: SignalFixture, claimed: ClaimedJob): Promise<void> {
  const [outcome] = await f.store.jobs.complete(claimed.job.queue, [{ id: claimed.job.id, token: claimed.token }]);
  expect(outcome).toBe('succeeded');
}

/** Claims and acknowledges every dirty execution of `queue` (a refresher's drain); returns their ids. */
async function drainRefresh(f: SignalFixture, queue: string): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const batch = await f.store.executions.claimRefresh(queue, 'r1', 100);
    if (batch.length === 0) return ids;
    ids.push(...batch.map((e) => e.id));
    await f.store.executions.ackRefresh(queue, 'r1', batch.map((e) => e.id), []);
  }
}

function describeSignals(name: string, makeFixture: MakeFixture, sendsWork: boolean): void {
  describe(`store signals: ${name}`, () => {
    let fixture: SignalFixture | undefined;
    let heard: Heard;
    let unsubscribe: (() => Promise<void>) | undefined;

    beforeEach(async () => {
      fixture = await makeFixture();
      heard = new Heard(fixture);
      unsubscribe = await fixture.store.outbox.onSignal(heard.listener);
    });

    afterEach(async () => {
      await unsubscribe?.();
      unsubscribe = undefined;
      await fixture?.cleanup();
      fixture = undefined;
    });

    it('signals `refresh` once when the refresh set gets work, not again until a refresher drained it', async () => {
      const f = fixture!;
      const id = await createExecution(f, Q, 2);
      expect(await heard.settled()).toEqual([{ kind: 'refresh', queue: Q }]);

      // the execution changes while it is dirty: the set is not empty, nothing is said
      const [first, second] = await claimAll(f, Q, 2);
      await complete(f, first);
      // another execution of the queue: in the same refresh set (partitions may put it in another)
      if (!f.partitioned) await createExecution(f, Q, 1);
      expect(await heard.settled()).toEqual([]);

      // a refresher drains it (its claim and ack say nothing either); the next change signals again
      expect(await drainRefresh(f, Q)).toContain(id);
      expect(await heard.settled()).toEqual([]);
      await complete(f, second);
      expect(await heard.settled()).toEqual([{ kind: 'refresh', queue: Q }]);
      expect(await drainRefresh(f, Q)).toEqual([id]);
      await expect(f.store.executions.get(id)).resolves.toMatchObject({ counts: expect.objectContaining({ succeeded: 2 }) });
    });

    it(`${sendsWork ? 'signals' : 'does not signal'} \`work\` when work comes after a claim left its worker idle, once until another did`, async () => {
      const f = fixture!;
      await expect(f.store.jobs.signalsWork(Q)).resolves.toBe(sendsWork);
      const work = sendsWork ? [{ kind: 'work', queue: Q }] : [];
      const enqueue = (delayMs?: number) => f.store.jobs.enqueue([normalizeJobSpec({ type: 't', queue: Q, delayMs }, { now: f.clock.now(), maxPayloadBytes: 1 << 20 })]);

      // nobody went idle yet: an enqueue says nothing
      await enqueue();
      expect(await heard.settled()).toEqual([]);
      // a claim that took all it asked for (one job was pending) leaves nobody idle
      expect((await f.store.jobs.claim(Q, 'w1', 1, LEASE_MS)).jobs).toHaveLength(1);
      await enqueue();
      expect(await heard.settled()).toEqual([]);
      // one that took fewer (one of five) does; the claim itself says nothing
      expect((await f.store.jobs.claim(Q, 'w1', 5, LEASE_MS)).jobs).toHaveLength(1);
      expect(await heard.settled()).toEqual([]);
      await enqueue();
      expect(await heard.settled()).toEqual(work);
      // the signal went: nobody is idle since, until the next claim that finds too little
      await enqueue();
      expect(await heard.settled()).toEqual([]);
      expect((await f.store.jobs.claim(Q, 'w1', 5, LEASE_MS)).jobs).toHaveLength(2);
      expect((await f.store.jobs.claim(Q, 'w1', 5, LEASE_MS)).jobs).toHaveLength(0);
      // a delayed job due sooner than any other wakes the idle worker too (to wait for it instead)
      await enqueue(60_000);
      expect(await heard.settled()).toEqual(work);
    });

    it('signals `refresh` when a stale refresh is put back into an empty refresh set', async () => {
      const f = fixture!;
      const id = await createExecution(f, Q, 1);
      // claimed by a refresher that dies before its ack
      expect((await f.store.executions.claimRefresh(Q, 'dead', 100)).map((e) => e.id)).toEqual([id]);
      await heard.settled();
      f.clock.advance(60_001);
      await expect(f.store.executions.requeueStaleRefresh(Q, 60_000, 100)).resolves.toBe(1);
      expect(await heard.settled()).toEqual([{ kind: 'refresh', queue: Q }]);
      expect(await drainRefresh(f, Q)).toEqual([id]);
    });

    it('signals `schedules` for a put and a resume, not for a pause or a fire', async () => {
      const f = fixture!;
      const schedules = f.store.schedules;
      const now = f.clock.now();
      await schedules.put('s', scheduleDefinition(Q), now + 1_000, false);
      expect(await heard.settled()).toEqual([{ kind: 'schedules' }]);

      await expect(schedules.setPaused('s', true, null)).resolves.toMatchObject({ paused: true });
      expect(await heard.settled()).toEqual([]);

      await expect(schedules.setPaused('s', false, now + 1_000)).resolves.toMatchObject({ paused: false });
      expect(await heard.settled()).toEqual([{ kind: 'schedules' }]);

      // the scheduler's fire: a claim, then the settle that moves the schedule to its next tick
      f.clock.advance(1_000);
      const { claimed } = await schedules.claimDue(10, 5_000);
      expect(claimed.map((c) => c.schedule.name)).toEqual(['s']);
      const [c] = claimed;
      const settlement: ScheduleSettlement = {
        name: 's',
        token: c.token,
        version: c.schedule.version,
        nextAt: now + 2_000,
        lastTick: now + 1_000,
        runs: [{ fireAt: now + 1_000, jobId: 'job-1' }],
        fired: 1,
        skipped: 0,
        missed: 0,
      };
      await expect(schedules.settle([settlement])).resolves.toEqual(['ok']);
      expect(await heard.settled()).toEqual([]);
      await expect(schedules.get('s')).resolves.toMatchObject({ nextAt: now + 2_000, fired: 1 });
    });
  });
}

/**
 * A listener whose signals connection broke hears `missed`, then signals again. On a redis-server
 * of this file's own: every `claimq-signals` connection on it is this test's, so the one killed
 * is never another process's (the shared Redis serves other test files and services).
 */
describe.each([
  ['Redis', false],
  ['Redis, a queue of 4 partitions', true],
])('store signals after the signals connection broke: %s', (_name, partitioned) => {
  let server: RedisServer | undefined;
  let admin: Redis | undefined;
  let fixture: SignalFixture | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    server = await RedisServer.start();
  });

  afterAll(async () => {
    await server?.stop();
  });

  beforeEach(async () => {
    fixture = await redisFixture(() => server!.url, partitioned)();
    admin = createRedisClient(server!.url);
  });

  afterEach(async () => {
    await unsubscribe?.();
    unsubscribe = undefined;
    await fixture?.cleanup();
    fixture = undefined;
    await admin?.quit();
    admin = undefined;
  });

  /** The ids of the connections named claimq-signals (CLIENT LIST). */
  async function signalConnections(): Promise<string[]> {
    const list = (await admin!.call('CLIENT', 'LIST')) as string;
    return list
      .split('\n')
      .filter((line) => / name=claimq-signals /.test(line))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)![1]);
  }

  it('tells the listener `missed` once the connection is back, and signals arrive again', async () => {
    const f = fixture!;
    const heard = new Heard(f);
    unsubscribe = await f.store.outbox.onSignal(heard.listener);
    const put = (name: string) => f.store.schedules.put(name, scheduleDefinition(Q), f.clock.now() + 1_000, false);
    await put('before');
    expect(await heard.until('the put before the break', (s) => s.kind === 'schedules')).toEqual([{ kind: 'schedules' }]);

    const connections = await signalConnections();
    expect(connections).toHaveLength(1);
    await admin!.call('CLIENT', 'KILL', 'ID', connections[0]);
    expect(await heard.until('missed', (s) => s.kind === 'missed')).toEqual([{ kind: 'missed' }]);

    // a signal published before the subscription is in place again is lost by design (`missed`
    // told of it): each try puts a schedule until one is heard
    let tries = 0;
    await waitFor(
      'a signal after the reconnect',
      async () => {
        await put(`after-${tries++}`);
        return (await heard.until('the put after the break', (s) => s.kind === 'schedules', 1_000).catch(() => undefined)) !== undefined;
      },
      { timeoutMs: 3 * HEAR_MS },
    );
    expect(await signalConnections()).toHaveLength(1);
    // and a queue's refresh
    await createExecution(f, 'after', 1);
    expect(await heard.settled()).toEqual([{ kind: 'refresh', queue: 'after' }]);
  });
});
