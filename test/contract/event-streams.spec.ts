import { newExecutionId } from '../../src/domain/execution';
import { HARD_TIME_LIMIT_ERROR, LEASE_EXPIRED_ERROR, workerSilentError } from '../../src/domain/hard-time-limit';
import { ClaimedJob, JobSpec, JobStatus } from '../../src/domain/job';
import { attachGraph } from '../../src/domain/job-graph';
import { JobEvent } from '../../src/domain/job-event';
import { isTransition } from '../../src/domain/job-lifecycle';
import { makeMemoryStoreHarness } from '../support/memory-store-harness';
import { makeRedisStoreHarness } from '../support/redis-store-harness';
import { claimOne, enqueueJob, enqueueJobs, leaseOf, newJob, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/**
 * The event streams of the two stores, compared: every scenario runs on the memory store and on
 * Redis from the same clock, and the events each records (what the history writer turns into
 * job history) must be the same, field for field (ids renamed in order of appearance, since
 * each store's jobs get ids of their own). Every event is also checked against the domain's
 * TRANSITIONS table (src/domain/job-lifecycle.ts), and each scenario names the sequence it
 * expects, so a store that drifts from the table or from the other store fails here.
 */

const FIXED = { strategy: 'fixed' as const, delayMs: 5_000 };
const SHORT_LEASE = 1_000;

/** A job claimed by WORKER, then cancelled through the API while it runs (cancel requested). */
async function claimThenCancel(h: StoreHarness): Promise<ClaimedJob> {
  await enqueueJob(h);
  const claimed = await claimOne(h.store);
  await h.store.admin.cancel(claimed.job.id);
  return claimed;
}

interface Scenario {
  name: string;
  /** The events expected, as `kind:status` per event, in order. */
  expected: string[];
  run(h: StoreHarness): Promise<void>;
}

/** An execution of QUEUE whose jobs form the graph the nodes describe (as POST /executions does). */
async function createGraph(h: StoreHarness, nodes: Array<Partial<JobSpec> & { key: string }>): Promise<void> {
  const id = newExecutionId(QUEUE, h.clock.now());
  const jobs = nodes.map((n) => newJob(h, { ...n, executionId: id }));
  attachGraph(nodes, jobs);
  await h.store.executions.create({ id, queue: QUEUE }, jobs);
}

async function claimAllOf(h: StoreHarness): Promise<ClaimedJob[]> {
  return (await h.store.jobs.claim(QUEUE, WORKER, 100, 30_000)).jobs;
}

const scenarios: Scenario[] = [
  {
    name: 'a graph: a success unblocks the children in its own step; a failure fails one child and skips the next',
    expected: [
      ...['enqueued:pending', 'enqueued:blocked', 'enqueued:blocked', 'enqueued:blocked'],
      ...['claimed:running', 'succeeded:succeeded', 'unblocked:pending', 'unblocked:pending'],
      ...['claimed:running', 'claimed:running', 'failed:failed', 'failed:failed', 'succeeded:succeeded'],
      ...['retried:pending', 'retried:blocked', 'claimed:running', 'succeeded:succeeded', 'unblocked:pending'],
    ],
    async run(h) {
      await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'], maxAttempts: 1 }, { key: 'c', dependsOn: ['a'] }, { key: 'd', dependsOn: ['b', 'c'] }]);
      const [a] = await claimAllOf(h);
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(a), resultJson: '1' }]);
      const bc = await claimAllOf(h);
      const b = bc.find((x) => x.job.key === 'b')!;
      const c = bc.find((x) => x.job.key === 'c')!;
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(b), error: 'boom', retryable: false }]);
      await h.store.jobs.complete(QUEUE, [leaseOf(c)]);
      await h.store.admin.retry(b.job.id);
      const [b2] = await claimAllOf(h);
      await h.store.jobs.complete(QUEUE, [leaseOf(b2)]);
    },
  },
  {
    name: 'a graph: a cancelled parent skips one child and lets another run; an execution cancel cancels what waits',
    expected: [
      ...['enqueued:pending', 'enqueued:blocked', 'enqueued:blocked', 'enqueued:pending', 'enqueued:blocked'],
      ...['cancelled:cancelled', 'skipped:skipped', 'unblocked:pending', 'cancelled:cancelled', 'cancelled:cancelled', 'cancelled:cancelled'],
    ],
    async run(h) {
      await createGraph(h, [
        { key: 'a' },
        { key: 'skip', dependsOn: ['a'], onParentFailure: 'skip' },
        { key: 'run', dependsOn: ['a'], onParentFailure: 'run' },
        { key: 'x' },
        { key: 'y', dependsOn: ['x'], onParentFailure: 'run' },
      ]);
      const a = (await h.store.admin.list({ queue: QUEUE, status: 'pending', limit: 10 })).items.find((j) => j.key === 'a')!;
      await h.store.admin.cancel(a.id);
      const x = (await h.store.admin.list({ queue: QUEUE, status: 'pending', limit: 10 })).items.find((j) => j.key === 'x')!;
      await h.store.executions.cancel(x.executionId!);
    },
  },
  {
    name: 'promoted through the API: a delayed job, then one waiting out its retry backoff',
    expected: ['enqueued:scheduled', 'promoted:pending', 'claimed:running', 'retry_scheduled:scheduled', 'promoted:pending', 'claimed:running', 'succeeded:succeeded'],
    async run(h) {
      const job = await enqueueJob(h, { delayMs: 60_000, backoff: FIXED, maxAttempts: 3 });
      await h.store.admin.promote(job.id);
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'boom', retryable: true }]);
      await h.store.admin.promote(job.id);
      const second = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(second)]);
    },
  },
  {
    name: 'claim, then complete with a result',
    expected: ['enqueued:pending', 'claimed:running', 'succeeded:succeeded'],
    async run(h) {
      await enqueueJob(h, { payload: { n: 1 } });
      const c = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(c), resultJson: '{"ok":true}' }]);
    },
  },
  {
    name: 'delayed job promoted, retried after its backoff, failed for good, retried by the API, then done',
    expected: [
      'enqueued:scheduled',
      'promoted:pending',
      'claimed:running',
      'retry_scheduled:scheduled',
      'promoted:pending',
      'claimed:running',
      'failed:failed',
      'retried:pending',
      'claimed:running',
      'succeeded:succeeded',
    ],
    async run(h) {
      const job = await enqueueJob(h, { delayMs: 2_000, backoff: FIXED, maxAttempts: 3 });
      h.clock.advance(2_000);
      await h.store.upkeep.promoteDue(QUEUE, 10);
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'boom', retryable: true }]);
      h.clock.advance(5_000);
      const second = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(second), error: 'bad input', retryable: false }]);
      await h.store.admin.retry(job.id);
      const third = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(third)]);
    },
  },
  {
    name: 'a retry with no delay is pending at once; the last attempt fails',
    expected: ['enqueued:pending', 'claimed:running', 'retry_scheduled:pending', 'claimed:running', 'failed:failed'],
    async run(h) {
      await enqueueJob(h, { maxAttempts: 2 });
      const first = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(first), error: 'rate limited', retryable: true, retryDelayMs: 0 }]);
      const second = await claimOne(h.store);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(second), error: 'still failing', retryable: true }]);
    },
  },
  {
    name: 'release gives the attempt back',
    expected: ['enqueued:pending', 'claimed:running', 'released:pending', 'claimed:running', 'succeeded:succeeded'],
    async run(h) {
      await enqueueJob(h, { maxAttempts: 1 });
      const first = await claimOne(h.store);
      await h.store.jobs.release(QUEUE, [leaseOf(first)]);
      const second = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(second)]);
    },
  },
  {
    name: 'cancel pending and scheduled jobs, then retry one',
    expected: ['enqueued:pending', 'enqueued:scheduled', 'cancelled:cancelled', 'cancelled:cancelled', 'retried:pending', 'claimed:running'],
    async run(h) {
      const [pending, scheduled] = await enqueueJobs(h, {}, { delayMs: 60_000 });
      await h.store.admin.cancel(pending.id);
      await h.store.admin.cancel(scheduled.id);
      await h.store.admin.retry(pending.id);
      await claimOne(h.store);
    },
  },
  {
    name: 'cancel during a run, asked twice, ends as cancelled when the attempt fails',
    expected: ['enqueued:pending', 'claimed:running', 'cancel_requested:running', 'cancelled:cancelled'],
    async run(h) {
      const c = await claimThenCancel(h);
      await h.store.admin.cancel(c.job.id);
      await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(c)], SHORT_LEASE)).resolves.toEqual(['cancel']);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(c), error: 'aborted: cancel requested', retryable: true }]);
    },
  },
  {
    name: 'cancel during a run ends as cancelled when the attempt is released',
    expected: ['enqueued:pending', 'claimed:running', 'cancel_requested:running', 'cancelled:cancelled'],
    async run(h) {
      const c = await claimThenCancel(h);
      await h.store.jobs.release(QUEUE, [leaseOf(c)]);
    },
  },
  {
    name: 'cancel during a run does not undo work that completed',
    expected: ['enqueued:pending', 'claimed:running', 'cancel_requested:running', 'succeeded:succeeded'],
    async run(h) {
      const c = await claimThenCancel(h);
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(c), resultJson: '1' }]);
    },
  },
  {
    name: 'an expired lease requeues with the attempt spent, then fails on the last attempt',
    expected: ['enqueued:pending', 'claimed:running', 'expired:pending', 'claimed:running', 'expired:failed'],
    async run(h) {
      await enqueueJob(h, { maxAttempts: 2 });
      await claimOne(h.store, WORKER, SHORT_LEASE);
      h.clock.advance(SHORT_LEASE + 1);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      await claimOne(h.store, WORKER, SHORT_LEASE);
      h.clock.advance(SHORT_LEASE + 1);
      await h.store.upkeep.reapExpired(QUEUE, 10);
    },
  },
  {
    name: 'a cancel asked during a run whose lease then expires ends as cancelled',
    expected: ['enqueued:pending', 'claimed:running', 'cancel_requested:running', 'cancelled:cancelled'],
    async run(h) {
      const job = await enqueueJob(h, { maxAttempts: 3 });
      await claimOne(h.store, WORKER, SHORT_LEASE);
      await h.store.admin.cancel(job.id);
      h.clock.advance(SHORT_LEASE + 1);
      const reaped = await h.store.upkeep.reapExpired(QUEUE, 10);
      expect(reaped.cancelled).toHaveLength(1);
    },
  },
  {
    name: 'a job that hangs while its worker heartbeats is ended at its hard time limit',
    expected: ['enqueued:pending', 'claimed:running', 'expired:failed'],
    async run(h) {
      await enqueueJob(h, { timeoutMs: 1_000, maxAttempts: 1 });
      const c = await claimOne(h.store, WORKER, 600_000);
      for (let i = 0; i < 200; i++) {
        h.clock.advance(1_000);
        const [outcome] = await h.store.jobs.heartbeat(QUEUE, [leaseOf(c)], 600_000);
        if (outcome === 'stale') break;
      }
      h.clock.advance(1);
      await h.store.upkeep.reapExpired(QUEUE, 10);
    },
  },
  {
    name: 'the leases of silent workers are ended, a cancel asked meanwhile wins',
    expected: [
      'enqueued:pending',
      'enqueued:pending',
      'claimed:running',
      'claimed:running',
      'cancel_requested:running',
      'expired:pending',
      'cancelled:cancelled',
    ],
    async run(h) {
      const [, second] = await enqueueJobs(h, {}, {});
      // one lease each, so the order of the ends is the order of the workers (a reap reads a worker's
      // leases in no particular order)
      await h.store.workers.register(QUEUE, 'w-silent-1');
      await claimOne(h.store, 'w-silent-1', 600_000);
      h.clock.advance(1);
      await h.store.workers.register(QUEUE, 'w-silent-2');
      await claimOne(h.store, 'w-silent-2', 600_000);
      await h.store.admin.cancel(second.id);
      h.clock.advance(10_000);
      const silent = await h.store.workers.silent(QUEUE, 5_000, 10);
      expect(silent).toEqual(['w-silent-1', 'w-silent-2']);
      await h.store.upkeep.reapWorkers(QUEUE, silent, 10, 5_000);
    },
  },
  {
    name: 'a record nothing can run is failed as malformed when claimed',
    expected: ['enqueued:pending', 'failed:failed'],
    async run(h) {
      const job = await enqueueJob(h);
      await h.corruptJob(job.id, 'bad-numbers');
      await h.store.jobs.claim(QUEUE, WORKER, 1, SHORT_LEASE);
    },
  },
  {
    name: "an execution's jobs carry its id; cancelling it cancels what has not finished",
    expected: ['enqueued:pending', 'enqueued:pending', 'enqueued:pending', 'claimed:running', 'succeeded:succeeded', 'claimed:running', 'cancel_requested:running', 'cancelled:cancelled'],
    async run(h) {
      const id = newExecutionId(QUEUE, h.clock.now());
      await h.store.executions.create({ id, queue: QUEUE }, [newJob(h, { executionId: id }), newJob(h, { executionId: id }), newJob(h, { executionId: id })]);
      const done = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(done)]);
      await claimOne(h.store);
      await h.store.executions.cancel(id);
    },
  },
  {
    name: "a job a schedule fired carries the schedule in its enqueued event, a bulk's keyed jobs too",
    expected: ['enqueued:pending', 'enqueued:scheduled', 'enqueued:pending', 'enqueued:pending'],
    async run(h) {
      await enqueueJobs(h, { schedule: { name: 'nightly', fireAt: 1_767_225_600_000 } }, { schedule: { name: 'hourly', fireAt: 0 }, delayMs: 1_000 }, {});
      await enqueueJobs(h, { schedule: { name: 'keyed', fireAt: 1 }, idempotencyKey: 'k1' });
    },
  },
];

/** Ids renamed `job1`, `job2`... (and `exec1`...) in order of first appearance, so two stores' streams compare. */
function normalize(events: JobEvent[]): JobEvent[] {
  const names = new Map<string, string>();
  const rename = (id: string, kind: string): string => {
    let name = names.get(id);
    if (name === undefined) {
      name = `${kind}${[...names.values()].filter((n) => n.startsWith(kind)).length + 1}`;
      names.set(id, name);
    }
    return name;
  };
  return events.map((e) => {
    const out: JobEvent = { ...e, id: rename(e.id, 'job') };
    if (e.exec !== undefined) out.exec = rename(e.exec, 'exec');
    return out;
  });
}

/** Every event is a transition TRANSITIONS allows, from the status the job's previous event left. */
function expectLegalTransitions(events: JobEvent[]): void {
  const statusOf = new Map<string, JobStatus>();
  for (const e of events) {
    const from = statusOf.get(e.id) ?? null;
    expect({ event: e, from, legal: isTransition(e.k, from, e.st) }).toEqual({ event: e, from, legal: true });
    statusOf.set(e.id, e.st);
  }
}

const stores = [
  { name: 'memory', make: makeMemoryStoreHarness },
  { name: 'redis', make: makeRedisStoreHarness },
];

describe('JobEngine contract: both stores emit the same event stream for every transition', () => {
  const harnesses: StoreHarness[] = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.cleanup()));
  });

  it('the error texts the scenarios meet are the domain\'s', () => {
    expect([LEASE_EXPIRED_ERROR, HARD_TIME_LIMIT_ERROR, workerSilentError('w')]).toEqual(['lease expired', expect.stringContaining('hard time limit'), 'worker w went silent']);
  });

  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const streams: Record<string, JobEvent[]> = {};
      for (const store of stores) {
        const h = await store.make();
        harnesses.push(h);
        await scenario.run(h);
        streams[store.name] = normalize(await h.takeEvents(QUEUE));
      }
      for (const store of stores) {
        expect({ store: store.name, kinds: streams[store.name].map((e) => `${e.k}:${e.st}`) }).toEqual({ store: store.name, kinds: scenario.expected });
        expectLegalTransitions(streams[store.name]);
      }
      expect(streams.redis).toEqual(streams.memory);
    });
  }
});
