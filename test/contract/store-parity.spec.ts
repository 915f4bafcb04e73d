import fc from 'fast-check';
import { ManualClock } from '../../src/domain/clock';
import { NewExecution, newExecutionId } from '../../src/domain/execution';
import { ClaimedJob, Job, JobSpec, NewJob } from '../../src/domain/job';
import { JobEvent } from '../../src/domain/job-event';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { decodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { createRedisClient, RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { MemoryEngine } from '../../src/modules/queue/memory/memory-engine';
import { GroupSettingsPatch, QueueSettingsPatch, RateLimit } from '../../src/domain/fairness';
import { JobStatus } from '../../src/domain/job';

/**
 * Parity by property: random sequences of operations run on the memory store and on the Redis
 * store side by side, on clocks that move together, and after every step each store must have
 * answered the same, recorded the same events, and hold the same record for every job (`get`)
 * and the same counts. The contract suite checks each store against what the cases expect; this
 * checks the two against each other where no case looks.
 *
 * The steps cover every transition with every option, listings and trims (and, with
 * STORE_PARITY_FAIRNESS=1, fairness settings: see fairnessOps), and run once more on engines that
 * delete succeeded jobs (SUCCEEDED_RETENTION_MS=0).
 *
 * STORE_PARITY_RUNS sets the number of sequences (default 1,000; the deleting engines run a quarter
 * of them); STORE_PARITY_SEED replays one.
 */
const RUNS = Number(process.env.STORE_PARITY_RUNS ?? 1000);
const SEED = process.env.STORE_PARITY_SEED === undefined ? undefined : Number(process.env.STORE_PARITY_SEED);
const LEASE_MS = 30_000;
const WORKERS = ['worker-a', 'worker-b'] as const;
/** The backoff's jitter, the same for both stores: the delay of an exponential retry is then known. */
const JITTER = (): number => 0.5;
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

type JobRef = number;

type Op =
  | { k: 'enqueue'; specs: Array<Partial<JobSpec>> }
  | { k: 'claim'; worker: number; max: number }
  | { k: 'heartbeat'; job: JobRef; stale: boolean }
  | { k: 'complete'; job: JobRef; stale: boolean; result: unknown }
  | { k: 'fail'; job: JobRef; stale: boolean; retryable: boolean; retryDelayMs?: number; stack?: string }
  | { k: 'release'; job: JobRef; stale: boolean }
  | { k: 'advance'; ms: number }
  | { k: 'reapExpired' }
  | { k: 'register'; worker: number }
  | { k: 'reapWorkers'; worker: number; silentMs: number }
  | { k: 'cancel'; job: JobRef }
  | { k: 'retry'; job: JobRef }
  | { k: 'promote'; job: JobRef }
  | { k: 'promoteDue' }
  | { k: 'findByKey'; key: string }
  | { k: 'execution'; specs: Array<Partial<JobSpec>>; key?: string; callback: boolean }
  | { k: 'cancelExecution'; execution: number }
  | { k: 'queueSettings'; patch: QueueSettingsPatch }
  | { k: 'pauseQueue'; paused: boolean }
  | { k: 'groupSettings'; group: string; patch: GroupSettingsPatch }
  | { k: 'readGroups' }
  | { k: 'list'; status?: JobStatus }
  | { k: 'oldestPending' }
  | { k: 'trimFinished'; retentionMs: number; limit: number };

const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });

/** A job spec with every option the API takes, drawn from small pools so keys and groups collide. */
const specArb: fc.Arbitrary<Partial<JobSpec>> = fc.record(
  {
    type: fc.constantFrom('email', 'http-call'),
    payload: opt(fc.dictionary(fc.constantFrom('a', 'b', 'n'), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean()), { maxKeys: 3 })),
    priority: fc.constantFrom(0, 0, 5, -3),
    delayMs: opt(fc.constantFrom(0, 1_000, 60_000)),
    maxAttempts: fc.integer({ min: 1, max: 3 }),
    backoff: opt(
      fc.record({
        strategy: fc.constantFrom('fixed' as const, 'exponential' as const),
        delayMs: fc.constantFrom(0, 500, 2_000),
        maxDelayMs: opt(fc.constantFrom(1_000, 10_000)),
      }),
    ),
    timeoutMs: opt(fc.constantFrom(1_000, 90_000)),
    idempotencyKey: opt(fc.constantFrom('key-1', 'key-2', 'key-3')),
    callbackUrl: opt(fc.constant('http://127.0.0.1:9/callback')),
    group: opt(fc.constantFrom('g1', 'g2')),
    schedule: opt(fc.record({ name: fc.constant('nightly'), fireAt: fc.constant(Date.UTC(2030, 0, 1)) })),
  },
  { requiredKeys: ['type', 'priority', 'maxAttempts'] },
);

const jobRef = fc.nat(40);
/** Mostly the current token: a stale one now and then. */
const stale = fc.constantFrom(false, false, false, true);

const rateArb: fc.Arbitrary<RateLimit | null> = fc.constantFrom(null, { max: 1, perMs: 1_000 }, { max: 2, perMs: 60_000 });

const enqueueArb = fc.record({ k: fc.constant('enqueue' as const), specs: fc.array(specArb, { minLength: 1, maxLength: 3 }) });

const baseOps: Array<fc.WeightedArbitrary<Op>> = [
  { weight: 3, arbitrary: enqueueArb },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('claim' as const), worker: fc.nat(1), max: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('heartbeat' as const), job: jobRef, stale }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('complete' as const), job: jobRef, stale, result: opt(fc.oneof(fc.integer(), fc.string({ maxLength: 6 }))) }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        k: fc.constant('fail' as const),
        job: jobRef,
        stale,
        retryable: fc.boolean(),
        retryDelayMs: fc.constantFrom(0, 3_000),
        stack: fc.constant('Error: boom\n    at handler'),
      },
      { requiredKeys: ['k', 'job', 'stale', 'retryable'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('release' as const), job: jobRef, stale }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('advance' as const), ms: fc.constantFrom(1, 1_000, 2_500, 31_000, 65_000, 120_000) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reapExpired' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('register' as const), worker: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reapWorkers' as const), worker: fc.nat(1), silentMs: fc.constantFrom(0, 40_000) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('cancel' as const), job: jobRef }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('retry' as const), job: jobRef }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('promote' as const), job: jobRef }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('promoteDue' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('findByKey' as const), key: fc.constantFrom('key-1', 'key-2') }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        k: fc.constant('execution' as const),
        specs: fc.array(specArb, { minLength: 1, maxLength: 3 }),
        key: fc.constantFrom('run-1', 'run-2'),
        callback: fc.boolean(),
      },
      { requiredKeys: ['k', 'specs', 'callback'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cancelExecution' as const), execution: fc.nat(10) }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { k: fc.constant('list' as const), status: fc.constantFrom<JobStatus>('pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled') },
      { requiredKeys: ['k'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('oldestPending' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('trimFinished' as const), retentionMs: fc.constantFrom(0, 60_000), limit: fc.integer({ min: 1, max: 5 }) }) },
];

/**
 * Fairness settings (caps, rates and pauses of the queue and of groups) and the reads of them.
 * STORE_PARITY_FAIRNESS=1 adds them to the steps. They are not in `npm test` yet: with several
 * groups under caps and rates at once the engines still place groups apart in rare sequences (one
 * in a few thousand; the closing note of the change that added them lists the cases found).
 */
const fairnessOps: Array<fc.WeightedArbitrary<Op>> = [
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('queueSettings' as const),
      patch: fc.oneof(fc.record({ groupConcurrency: fc.constantFrom(null, 1, 2) }), fc.record({ rateLimit: rateArb })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('pauseQueue' as const), paused: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('groupSettings' as const),
      group: fc.constantFrom('g1', 'g2'),
      patch: fc.oneof(fc.record({ concurrency: fc.constantFrom(null, 1) }), fc.record({ rateLimit: rateArb }), fc.record({ paused: fc.boolean() })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('readGroups' as const) }) },
];

const opArb: fc.Arbitrary<Op> = fc.oneof(...baseOps, ...(process.env.STORE_PARITY_FAIRNESS === '1' ? fairnessOps : []));

/** One store under test: the store, and how to take the events it recorded since the last call. */
interface Side {
  name: string;
  store: JobEngine;
  takeEvents(queue: string): Promise<JobEvent[]>;
}

/** What a call answered, comparable across stores: its value, or the kind of error it threw. */
async function outcome<T>(call: () => Promise<T>): Promise<{ value?: T; error?: string }> {
  try {
    return { value: await call() };
  } catch (error) {
    return { error: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) };
  }
}

/** The jobs one run has seen and the token each was last claimed with. */
class RunState {
  readonly ids: string[] = [];
  readonly tokens = new Map<string, number>();
  readonly executions: string[] = [];
  constructor(readonly queue: string) {}

  pick(ref: JobRef): string | undefined {
    return this.ids.length === 0 ? undefined : this.ids[ref % this.ids.length];
  }

  see(jobs: Job[]): void {
    for (const job of jobs) if (!this.ids.includes(job.id)) this.ids.push(job.id);
  }

  claimed(jobs: ClaimedJob[]): void {
    for (const c of jobs) this.tokens.set(c.job.id, c.token);
  }

  /** A lease of a job claimed in this run, with its last token or (stale) the one before. */
  lease(ref: JobRef, stale: boolean): { id: string; token: number } | undefined {
    const claimed = [...this.tokens.keys()];
    if (claimed.length === 0) return undefined;
    const id = claimed[ref % claimed.length];
    const token = this.tokens.get(id) as number;
    return { id, token: stale ? token - 1 : token };
  }
}

/** What a step sends, made once for both stores: the same ids and times go to each. */
interface Prepared {
  jobs?: NewJob[];
  execution?: NewExecution;
}

function prepare(op: Op, state: RunState, now: number): Prepared {
  const job = (spec: Partial<JobSpec>, executionId?: string): NewJob => {
    const made = normalizeJobSpec({ ...spec, type: spec.type ?? 'email', queue: state.queue, executionId }, { now, maxPayloadBytes: 1024 * 1024 });
    // a trace context on every other job: the Redis store keeps it for claims while tracing is on
    if (made.id.charCodeAt(made.id.length - 1) % 2 === 0) made.traceparent = TRACEPARENT;
    return made;
  };
  if (op.k === 'enqueue') return { jobs: op.specs.map((spec) => job(spec)) };
  if (op.k !== 'execution') return {};
  const id = newExecutionId(state.queue, now);
  const execution: NewExecution = { id, queue: state.queue };
  if (op.key !== undefined) execution.idempotencyKey = op.key;
  if (op.callback) execution.callbackUrl = 'http://127.0.0.1:9/execution-callback';
  return { execution, jobs: op.specs.map((spec) => job(spec, id)) };
}

/** Applies `op` to one store; returns what it answered, and records ids and tokens in `state` when `record`. */
async function apply(side: Side, op: Op, prepared: Prepared, state: RunState, record: boolean): Promise<unknown> {
  const { store } = side;
  const q = state.queue;
  switch (op.k) {
    case 'enqueue':
      return outcome(async () => {
        const results = await store.jobs.enqueue(prepared.jobs as NewJob[]);
        if (record) state.see(results.map((r) => r.job));
        return results;
      });
    case 'execution':
      return outcome(async () => {
        const created = await store.executions.create(prepared.execution as NewExecution, prepared.jobs as NewJob[]);
        if (record) {
          if (!state.executions.includes(created.id)) state.executions.push(created.id);
          for (const j of prepared.jobs as NewJob[]) if ((await store.admin.get(j.id)) !== null && !state.ids.includes(j.id)) state.ids.push(j.id);
        }
        return created;
      });
    case 'cancelExecution': {
      const id = state.executions.length === 0 ? undefined : state.executions[op.execution % state.executions.length];
      return id && outcome(() => store.executions.cancel(id));
    }
    case 'claim':
      return outcome(async () => {
        const result = await store.jobs.claim(q, WORKERS[op.worker], op.max, LEASE_MS);
        if (record) state.claimed(result.jobs);
        return result;
      });
    case 'heartbeat': {
      const lease = state.lease(op.job, op.stale);
      return lease && outcome(() => store.jobs.heartbeat(q, [lease], LEASE_MS));
    }
    case 'complete': {
      const lease = state.lease(op.job, op.stale);
      return lease && outcome(() => store.jobs.complete(q, [{ ...lease, resultJson: op.result === undefined ? undefined : JSON.stringify(op.result) }]));
    }
    case 'fail': {
      const lease = state.lease(op.job, op.stale);
      return (
        lease && outcome(() => store.jobs.fail(q, [{ ...lease, error: 'boom', retryable: op.retryable, retryDelayMs: op.retryDelayMs, stack: op.stack }]))
      );
    }
    case 'release': {
      const lease = state.lease(op.job, op.stale);
      return lease && outcome(() => store.jobs.release(q, [lease]));
    }
    case 'advance':
      // both clocks move once per step, by the caller
      return undefined;
    case 'reapExpired':
      return outcome(() => store.upkeep.reapExpired(q, 100));
    case 'register':
      return outcome(() => store.workers.register(q, WORKERS[op.worker]));
    case 'reapWorkers':
      return outcome(() => store.upkeep.reapWorkers(q, [WORKERS[op.worker]], 100, op.silentMs));
    case 'cancel':
    case 'retry':
    case 'promote': {
      const id = state.pick(op.job);
      return id && outcome(() => store.admin[op.k](id));
    }
    case 'promoteDue':
      return outcome(() => store.upkeep.promoteDue(q, 100));
    case 'findByKey':
      return outcome(() => store.admin.findByIdempotencyKey(q, op.key));
    case 'queueSettings':
      return outcome(() => store.groups.updateSettings(q, op.patch));
    case 'pauseQueue':
      return outcome(() => store.groups.setPaused(q, op.paused));
    case 'groupSettings':
      return outcome(() => store.groups.updateGroup(q, op.group, op.patch));
    case 'readGroups':
      return outcome(async () => ({ settings: await store.groups.settings(q), groups: await store.groups.list(q, 10), g1: await store.groups.getGroup(q, 'g1') }));
    case 'list':
      return outcome(async () => {
        // every page (a cursor is each engine's own); jobs of the same millisecond may come in
        // either order (a Redis index orders them by id, memory by arrival): compared by id
        const items: Job[] = [];
        let cursor: string | undefined;
        do {
          const page = await store.admin.list({ queue: q, status: op.status, limit: 2, cursor });
          items.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        return items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      });
    case 'oldestPending':
      return outcome(async () => {
        // each engine reads the heads of its own indexes (memory: one in entry order; Redis: one per
        // group and priority), which name different jobs once a job re-enters pending (JobAdmin says
        // so): whether a job waits is what compares
        const { jobId } = await store.admin.oldestPending(q);
        return { waiting: jobId !== null };
      });
    case 'trimFinished':
      return outcome(() => store.upkeep.trimFinished(q, { succeededMs: op.retentionMs, failedMs: op.retentionMs, cancelledMs: op.retentionMs }, op.limit));
  }
}

/**
 * The order within one atomic step of what concerns different jobs is not part of the contract (a
 * reap walks a Redis set): lists of ids compare as sets, events in each job's own order.
 */
function canonical(answer: unknown): unknown {
  const value = (answer as { value?: unknown } | undefined)?.value;
  if (value && typeof value === 'object' && 'jobs' in value) {
    // `more` is a hint (ClaimResult): Redis may say it where dead entries are left, so it is checked apart
    const { more: _more, ...claim } = value as Record<string, unknown>;
    return { value: claim };
  }
  if (value && typeof value === 'object' && 'requeued' in value) {
    const reap = value as Record<string, unknown>;
    const sorted = Object.fromEntries(Object.entries(reap).map(([k, v]) => [k, Array.isArray(v) ? [...(v as string[])].sort() : v]));
    return { value: sorted };
  }
  return answer;
}

function moreOf(answer: unknown): boolean {
  return (answer as { value?: { more?: boolean } } | undefined)?.value?.more === true;
}

function byJob(events: JobEvent[]): JobEvent[] {
  return events.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => (a.id < b.id ? -1 : a.id > b.id ? 1 : i - j)).map(([e]) => e);
}

/** After every step: the same answer, the same events, the same record of every job, the same counts. */
async function compareStep(step: number, op: Op, sides: [Side, Side], answers: [unknown, unknown], state: RunState): Promise<void> {
  const where = `step ${step} (${JSON.stringify(op)})`;
  expect(canonical(answers[1]), `${where}: what ${sides[1].name} answered`).toEqual(canonical(answers[0]));
  if (op.k === 'claim' && moreOf(answers[0])) expect(moreOf(answers[1]), `${where}: ${sides[1].name} says more jobs wait`).toBe(true);
  const [eventsA, eventsB] = await Promise.all(sides.map(async (s) => byJob(await s.takeEvents(state.queue))));
  expect(eventsB, `${where}: the events ${sides[1].name} recorded`).toEqual(eventsA);
  for (const id of state.ids) {
    const [a, b] = await Promise.all(sides.map((s) => s.store.admin.get(id)));
    expect(b, `${where}: ${sides[1].name}'s record of ${id}`).toEqual(a);
  }
  for (const id of state.executions) {
    const [a, b] = await Promise.all(sides.map((s) => s.store.executions.get(id)));
    expect(b, `${where}: ${sides[1].name}'s execution ${id}`).toEqual(a);
  }
  const [countsA, countsB] = await Promise.all(sides.map((s) => s.store.admin.counts(state.queue)));
  expect(countsB, `${where}: ${sides[1].name}'s counts`).toEqual(countsA);
}

/**
 * One run of the property on a memory and a Redis engine built with `options` (the same for both):
 * `runs` sequences, each on a queue of its own.
 */
function describeParity(title: string, runs: number, options: { deleteSucceeded?: boolean }): void {
  describe(title, () => {
    const clocks = { memory: new ManualClock(Date.UTC(2030, 0, 1)), redis: new ManualClock(Date.UTC(2030, 0, 1)) };
    const prefix = uniqueTestPrefix();
    let redis: RedisClient;
    let admin: RedisClient;
    let sides: [Side, Side];
    const lastEventId = new Map<string, string>();

    beforeAll(() => {
      redis = createRedisClient(TEST_REDIS_URL);
      admin = createRedisClient(TEST_REDIS_URL);
      const memory = new MemoryEngine({ clock: clocks.memory, random: JITTER, ...options });
      const redisStore = new RedisEngine({ redis, prefix, clock: clocks.redis, random: JITTER, traceContext: true, ...options });
      sides = [
        {
          name: 'memory',
          store: memory,
          takeEvents: async (queue) => memory.events.take(Number.MAX_SAFE_INTEGER).filter((e) => e.queue === queue).map((e) => e.event),
        },
        {
          name: 'redis',
          store: redisStore,
          async takeEvents(queue) {
            const entries = await admin.xrange(`${prefix}:{${queue}}:events`, `(${lastEventId.get(queue) ?? '0-0'}`, '+');
            const events: JobEvent[] = [];
            for (const [id, fields] of entries) {
              lastEventId.set(queue, id);
              events.push(...(decodeStreamEntry(fields) ?? []).filter((e): e is JobEvent => e !== undefined));
            }
            return events;
          },
        },
      ];
    });

    afterAll(async () => {
      await Promise.all(sides.map((s) => s.store.close()));
      await deletePrefixedKeys(admin, prefix);
      await admin.quit();
    });

    it(`answer, record every job and emit events alike after every step (${runs} sequences)`, async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(enqueueArb, fc.array(opArb, { minLength: 1, maxLength: 60, size: 'large' }), async (first, rest) => {
          const ops = [first, ...rest];
          // a queue of its own per sequence (and per replay while shrinking): nothing carries over
          const state = new RunState(`parity-${++run}`);
          for (const [step, op] of ops.entries()) {
            if (op.k === 'advance') {
              clocks.memory.advance(op.ms);
              clocks.redis.advance(op.ms);
            }
            const prepared = prepare(op, state, clocks.memory.now());
            const answers: [unknown, unknown] = [await apply(sides[0], op, prepared, state, true), await apply(sides[1], op, prepared, state, false)];
            await compareStep(step, op, sides, answers, state);
          }
        }),
        { numRuns: runs, seed: SEED, endOnFailure: process.env.CI === 'true' },
      );
    }, 600_000);
  });
}

describeParity('memory and Redis engines, side by side on random operation sequences', RUNS, {});
describeParity('memory and Redis engines deleting succeeded jobs, side by side', Math.max(1, Math.round(RUNS / 4)), { deleteSucceeded: true });
