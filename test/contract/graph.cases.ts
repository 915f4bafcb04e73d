import { InvalidTransitionError } from '../../src/domain/errors';
import { ExecutionRecord, newExecutionId } from '../../src/domain/execution';
import { ClaimedJob, Job, JobSpec } from '../../src/domain/job';
import { attachAddition, attachGraph, GraphConflictError, MAX_EXECUTION_EDGES } from '../../src/domain/job-graph';
import { MAX_EXECUTION_JOBS } from '../../src/domain/execution';
import { LEASE_MS, leaseOf, newJob, QUEUE, WORKER } from './contract-fixtures';
import { expectExactCounters } from './execution-fixtures';
import { StoreHarness } from './store-harness';

type Node = Partial<JobSpec> & { key: string };

interface Graph {
  execution: ExecutionRecord;
  /** Job id by key. */
  ids: Map<string, string>;
}

/** Creates an execution of QUEUE whose jobs form the graph the nodes describe (as POST /executions does). */
export async function createGraph(h: StoreHarness, nodes: Node[]): Promise<Graph> {
  const id = newExecutionId(QUEUE, h.clock.now());
  const jobs = nodes.map((n) => newJob(h, { ...n, executionId: id }));
  attachGraph(nodes, jobs);
  const execution = await h.store.executions.create({ id, queue: QUEUE }, jobs);
  // read back: a partitioned queue gives the jobs ids naming the execution's partition
  const ids = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await h.store.executions.listJobs(execution.id, 1000, cursor);
    for (const job of page.items) ids.set(job.key!, job.id);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  expect(ids.size).toBe(nodes.length);
  return { execution, ids };
}

async function claimAll(h: StoreHarness, max = 1000): Promise<ClaimedJob[]> {
  return (await h.store.jobs.claim(QUEUE, WORKER, max, LEASE_MS)).jobs;
}

async function job(h: StoreHarness, g: Graph, key: string): Promise<Job> {
  const found = await h.store.admin.get(g.ids.get(key)!);
  expect(found).not.toBeNull();
  return found!;
}

async function statuses(h: StoreHarness, g: Graph): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of g.ids.keys()) out[key] = (await job(h, g, key)).status;
  return out;
}

const keysOf = (claimed: ClaimedJob[]): string[] => claimed.map((c) => c.job.key!).sort();

export function describeGraphCases(current: () => StoreHarness): void {
  describe('job graphs', () => {
    it('runs a diamond in order: each job once its parents succeeded, with their results by key', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'] }, { key: 'c', dependsOn: ['a'] }, { key: 'd', dependsOn: ['b', 'c'] }]);
      expect(g.execution.counts).toMatchObject({ pending: 1, blocked: 3 });
      expect(await job(h, g, 'd')).toMatchObject({ status: 'blocked', key: 'd', dependsOn: ['b', 'c'], onParentFailure: 'fail' });

      const [a, ...none] = await claimAll(h);
      expect(none).toEqual([]);
      expect(a.job.key).toBe('a');
      expect(a.parents).toBeUndefined();
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(a), resultJson: '{"n":1}' }]);
      await expectExactCounters(h.store, g.execution.id);

      const bc = await claimAll(h);
      expect(keysOf(bc)).toEqual(['b', 'c']);
      for (const c of bc) expect(c.parents).toEqual({ a: { n: 1 } });
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(bc[0]), resultJson: '"first"' }]);
      expect((await job(h, g, 'd')).status).toBe('blocked');
      await expect(claimAll(h)).resolves.toEqual([]);
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(bc[1]), resultJson: '"second"' }]);

      const [d] = await claimAll(h);
      expect(d.job.key).toBe('d');
      expect(d.parents).toEqual({ [bc[0].job.key!]: 'first', [bc[1].job.key!]: 'second' });
      await h.store.jobs.complete(QUEUE, [leaseOf(d)]);
      const record = await expectExactCounters(h.store, g.execution.id);
      expect(record.counts).toMatchObject({ succeeded: 4, blocked: 0 });
    });

    it('unblocks the children of every job a batch completes, in the same call', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b' }, { key: 'a1', dependsOn: ['a'] }, { key: 'b1', dependsOn: ['b'] }, { key: 'ab', dependsOn: ['a', 'b'] }]);
      const roots = await claimAll(h);
      expect(keysOf(roots)).toEqual(['a', 'b']);
      await h.store.jobs.complete(QUEUE, roots.map(leaseOf));
      expect(keysOf(await claimAll(h))).toEqual(['a1', 'ab', 'b1']);
      await expectExactCounters(h.store, g.execution.id);
    });

    it('runs a chain of 1,000 one job at a time', async () => {
      const h = current();
      const nodes: Node[] = Array.from({ length: 1000 }, (_, i) => (i === 0 ? { key: 'j0' } : { key: `j${i}`, dependsOn: [`j${i - 1}`] }));
      const g = await createGraph(h, nodes);
      for (let i = 0; i < 1000; i++) {
        const claimed = await claimAll(h, 10);
        expect(claimed.map((c) => c.job.key)).toEqual([`j${i}`]);
        if (i > 0) expect(claimed[0].parents).toEqual({ [`j${i - 1}`]: i - 1 });
        await h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed[0]), resultJson: String(i) }]);
      }
      expect((await expectExactCounters(h.store, g.execution.id)).counts.succeeded).toBe(1000);
    });

    it('fans in 1,000 parents: the child runs once, after the last, with all 1,000 results', async () => {
      const h = current();
      const parents: Node[] = Array.from({ length: 1000 }, (_, i) => ({ key: `p${i}` }));
      const g = await createGraph(h, [...parents, { key: 'sink', dependsOn: parents.map((p) => p.key) }]);
      const claimed = await claimAll(h);
      expect(claimed).toHaveLength(1000);
      await h.store.jobs.complete(QUEUE, claimed.slice(0, 999).map((c) => ({ ...leaseOf(c), resultJson: JSON.stringify(c.job.key) })));
      expect((await job(h, g, 'sink')).status).toBe('blocked');
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed[999]), resultJson: JSON.stringify(claimed[999].job.key) }]);
      const [sink, ...rest] = await claimAll(h);
      expect(rest).toEqual([]);
      expect(Object.keys(sink.parents!)).toHaveLength(1000);
      expect(sink.parents!.p0).toBe('p0');
      expect(sink.parents!.p999).toBe('p999');
    });

    it('holds 10,000 jobs and 100,000 edges, and runs them layer by layer', async () => {
      const h = current();
      // 10 layers of 1,000; every job past the first waits on 11 jobs of the layer before, the last layer's on 12
      const nodes: Node[] = [];
      for (let layer = 0; layer < 10; layer++) {
        for (let i = 0; i < 1000; i++) {
          const node: Node = { key: `l${layer}-${i}` };
          const fanIn = layer === 0 ? 0 : layer === 9 ? 12 : 11;
          if (fanIn > 0) node.dependsOn = Array.from({ length: fanIn }, (_, k) => `l${layer - 1}-${(i + k * 83) % 1000}`);
          nodes.push(node);
        }
      }
      expect(nodes).toHaveLength(MAX_EXECUTION_JOBS);
      expect(nodes.reduce((n, x) => n + (x.dependsOn?.length ?? 0), 0)).toBe(MAX_EXECUTION_EDGES);
      const g = await createGraph(h, nodes);
      expect(g.execution.counts).toMatchObject({ pending: 1000, blocked: 9000 });
      for (let layer = 0; layer < 10; layer++) {
        const claimed = await claimAll(h);
        expect(claimed).toHaveLength(1000);
        expect(new Set(claimed.map((c) => c.job.key!.split('-')[0]))).toEqual(new Set([`l${layer}`]));
        await h.store.jobs.complete(QUEUE, claimed.map(leaseOf));
      }
      await expect(claimAll(h)).resolves.toEqual([]);
      expect((await h.store.executions.get(g.execution.id))!.counts).toMatchObject({ succeeded: 10_000, blocked: 0 });
    });

    it('onParentFailure: fail fails the child naming the parent, and on down the graph', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a', maxAttempts: 1 }, { key: 'b', dependsOn: ['a'] }, { key: 'c', dependsOn: ['b'] }, { key: 'x' }]);
      const claimed = await claimAll(h);
      const a = claimed.find((c) => c.job.key === 'a')!;
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(a), error: 'boom', retryable: true }])).resolves.toEqual(['failed']);
      expect(await job(h, g, 'b')).toMatchObject({ status: 'failed', lastError: 'parent "a" failed', attempts: 0 });
      expect(await job(h, g, 'c')).toMatchObject({ status: 'failed', lastError: 'parent "b" failed' });
      await expectExactCounters(h.store, g.execution.id);
    });

    it('onParentFailure: skip skips the child; its own children follow their policies', async () => {
      const h = current();
      const g = await createGraph(h, [
        { key: 'a', maxAttempts: 1 },
        { key: 'b', dependsOn: ['a'], onParentFailure: 'skip' },
        { key: 'c', dependsOn: ['b'], onParentFailure: 'run' },
      ]);
      const [a] = await claimAll(h);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(a), error: 'boom', retryable: false }]);
      expect(await statuses(h, g)).toEqual({ a: 'failed', b: 'skipped', c: 'pending' });
      const [c] = await claimAll(h);
      expect(c.parents).toEqual({});
      const record = await expectExactCounters(h.store, g.execution.id);
      expect(record.counts).toMatchObject({ failed: 1, skipped: 1, running: 1 });
    });

    it('onParentFailure: run runs the child once every parent ended, with the results of those that succeeded', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a', maxAttempts: 1 }, { key: 'b' }, { key: 'c', dependsOn: ['a', 'b'], onParentFailure: 'run' }]);
      const roots = await claimAll(h);
      const a = roots.find((r) => r.job.key === 'a')!;
      const b = roots.find((r) => r.job.key === 'b')!;
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(a), error: 'boom', retryable: false }]);
      expect((await job(h, g, 'c')).status).toBe('blocked');
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(b), resultJson: '7' }]);
      const [c] = await claimAll(h);
      expect(c.parents).toEqual({ b: 7 });
    });

    it('a cancelled parent ends its children as their policies say; a blocked job can be cancelled', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'] }, { key: 'c', dependsOn: ['b'], onParentFailure: 'skip' }, { key: 'd', dependsOn: ['a'], onParentFailure: 'skip' }]);
      await h.store.admin.cancel(g.ids.get('b')!);
      expect(await statuses(h, g)).toEqual({ a: 'pending', b: 'cancelled', c: 'skipped', d: 'blocked' });
      await h.store.admin.cancel(g.ids.get('a')!);
      expect(await statuses(h, g)).toEqual({ a: 'cancelled', b: 'cancelled', c: 'skipped', d: 'skipped' });
      const record = await expectExactCounters(h.store, g.execution.id);
      expect(record.counts).toMatchObject({ cancelled: 2, skipped: 2 });
    });

    it('cancelling an execution mid-graph cancels what waits, whatever its policy', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'], onParentFailure: 'run' }, { key: 'c', dependsOn: ['b'], onParentFailure: 'skip' }]);
      const [a] = await claimAll(h);
      await h.store.executions.cancel(g.execution.id);
      expect(await statuses(h, g)).toEqual({ a: 'running', b: 'cancelled', c: 'cancelled' });
      await h.store.jobs.complete(QUEUE, [leaseOf(a)]);
      await expect(claimAll(h)).resolves.toEqual([]);
      await expectExactCounters(h.store, g.execution.id);
    });

    it('retrying a failed job mid-graph re-runs it and unblocks its descendants when it succeeds', async () => {
      const h = current();
      const g = await createGraph(h, [
        { key: 'a', maxAttempts: 1 },
        { key: 'b', dependsOn: ['a'] },
        { key: 'c', dependsOn: ['b'], onParentFailure: 'skip' },
        { key: 'r', dependsOn: ['a'], onParentFailure: 'run' },
      ]);
      const [a] = await claimAll(h);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(a), error: 'boom', retryable: false }]);
      expect(await statuses(h, g)).toEqual({ a: 'failed', b: 'failed', c: 'skipped', r: 'pending' });
      // a child whose parent's failure ended it waits for that parent's retry
      await expect(h.store.admin.retry(g.ids.get('b')!)).rejects.toBeInstanceOf(InvalidTransitionError);
      const [r] = await claimAll(h);
      expect(r.job.key).toBe('r');

      await h.store.admin.retry(g.ids.get('a')!);
      expect(await statuses(h, g)).toEqual({ a: 'pending', b: 'blocked', c: 'blocked', r: 'running' });
      await expectExactCounters(h.store, g.execution.id);
      const [a2] = await claimAll(h);
      expect(a2.job.key).toBe('a');
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(a2), resultJson: '"ok"' }]);
      const [b] = await claimAll(h);
      expect(b.job).toMatchObject({ key: 'b', attempts: 1 });
      expect(b.parents).toEqual({ a: 'ok' });
      await h.store.jobs.complete(QUEUE, [leaseOf(b), leaseOf(r)]);
      const [c] = await claimAll(h);
      expect(c.job.key).toBe('c');
      await h.store.jobs.complete(QUEUE, [leaseOf(c)]);
      const record = await expectExactCounters(h.store, g.execution.id);
      expect(record.counts).toMatchObject({ succeeded: 4 });
    });

    it('a child unblocked before its own runAt waits in scheduled until then', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'], delayMs: 60_000 }]);
      const [a] = await claimAll(h);
      await h.store.jobs.complete(QUEUE, [leaseOf(a)]);
      expect((await job(h, g, 'b')).status).toBe('scheduled');
      h.clock.advance(60_001);
      expect((await claimAll(h)).map((c) => c.job.key)).toEqual(['b']);
    });

    it('an unblocked job joins its fairness group, and the round serves the groups in turn', async () => {
      const h = current();
      const kids: Node[] = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, dependsOn: ['a'], group: i < 4 ? 'big' : 'small' }));
      await createGraph(h, [{ key: 'a' }, ...kids]);
      const [a] = await claimAll(h);
      await h.store.jobs.complete(QUEUE, [leaseOf(a)]);
      const first = await claimAll(h, 2);
      // one job of each group first (round-robin), not the first two of the big group
      expect(first.map((c) => c.job.group).sort()).toEqual(['big', 'small']);
      const rest = await claimAll(h);
      expect(rest.map((c) => c.job.group).sort()).toEqual(['big', 'big', 'big', 'small']);
    });

    it('lists and counts blocked and skipped jobs', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'], onParentFailure: 'skip' }]);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, blocked: 1 });
      const blocked = await h.store.admin.list({ queue: QUEUE, status: 'blocked', limit: 10 });
      expect(blocked.items.map((j) => j.id)).toEqual([g.ids.get('b')]);
      await h.store.admin.cancel(g.ids.get('a')!);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ cancelled: 1, skipped: 1, blocked: 0 });
      const skipped = await h.store.admin.list({ queue: QUEUE, status: 'skipped', limit: 10 });
      expect(skipped.items.map((j) => j.id)).toEqual([g.ids.get('b')]);
    });
  });
}

/** Adds jobs to a running execution as POST /executions/:id/jobs does: placed against its jobs as they stand. */
export async function addToGraph(h: StoreHarness, g: Graph, nodes: Array<Node & { requiredBy?: string[] }>): Promise<ExecutionRecord> {
  const existing: Job[] = [];
  let cursor: string | undefined;
  do {
    const page = await h.store.executions.listJobs(g.execution.id, 1000, cursor);
    existing.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const jobs = nodes.map((n) => newJob(h, { ...n, executionId: g.execution.id }));
  attachAddition(existing, nodes, jobs, MAX_EXECUTION_JOBS);
  const record = await h.store.executions.addJobs(g.execution.id, jobs);
  const after = await h.store.executions.listJobs(g.execution.id, 10_000);
  for (const job of after.items) g.ids.set(job.key!, job.id);
  return record;
}

export function describeFanOutCases(current: () => StoreHarness): void {
  describe('jobs added to a running execution (fan-out at run time)', () => {
    it('a running split adds parts that the waiting merge now waits on too; merge runs after every part, with all their results', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'split' }, { key: 'merge', dependsOn: ['split'] }]);
      const [split] = await claimAll(h);
      const parts = Array.from({ length: 3 }, (_, i) => ({ key: `part-${i}`, dependsOn: ['split'], requiredBy: ['merge'] }));
      const record = await addToGraph(h, g, parts);
      expect(record.total).toBe(5);
      expect(await statuses(h, g)).toEqual({ split: 'running', merge: 'blocked', 'part-0': 'blocked', 'part-1': 'blocked', 'part-2': 'blocked' });
      expect((await job(h, g, 'merge')).dependsOn).toEqual(['split', 'part-0', 'part-1', 'part-2']);
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(split), resultJson: '{"parts":3}' }]);
      const claimed = await claimAll(h);
      expect(keysOf(claimed)).toEqual(['part-0', 'part-1', 'part-2']);
      for (const c of claimed) expect(c.parents).toEqual({ split: { parts: 3 } });
      await h.store.jobs.complete(QUEUE, claimed.slice(0, 2).map((c) => ({ ...leaseOf(c), resultJson: JSON.stringify(c.job.key) })));
      expect((await job(h, g, 'merge')).status).toBe('blocked');
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed[2]), resultJson: JSON.stringify(claimed[2].job.key) }]);
      const [merge] = await claimAll(h);
      expect(merge.parents).toEqual({ split: { parts: 3 }, 'part-0': 'part-0', 'part-1': 'part-1', 'part-2': 'part-2' });
      await h.store.jobs.complete(QUEUE, [leaseOf(merge)]);
      expect((await expectExactCounters(h.store, g.execution.id)).counts.succeeded).toBe(5);
    });

    it('a job added after its parent ended settles that edge at once: a success passes its result, a failure its policy', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'ok' }, { key: 'bad', maxAttempts: 1 }, { key: 'keep' }]);
      const roots = await claimAll(h);
      const ok = roots.find((r) => r.job.key === 'ok')!;
      const bad = roots.find((r) => r.job.key === 'bad')!;
      await h.store.jobs.complete(QUEUE, [{ ...leaseOf(ok), resultJson: '42' }]);
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(bad), error: 'boom', retryable: false }]);
      await addToGraph(h, g, [
        { key: 'after-ok', dependsOn: ['ok'] },
        { key: 'after-bad', dependsOn: ['bad'], onParentFailure: 'skip' },
      ]);
      expect(await statuses(h, g)).toMatchObject({ 'after-ok': 'pending', 'after-bad': 'skipped' });
      const [afterOk] = await claimAll(h);
      expect(afterOk.parents).toEqual({ ok: 42 });
      await expectExactCounters(h.store, g.execution.id);
      // a retry of the failed parent runs the job added after it again
      await h.store.admin.retry(g.ids.get('bad')!);
      expect((await job(h, g, 'after-bad')).status).toBe('blocked');
    });

    it('refuses, adding nothing, a job a no longer waiting job would wait on, and any job once the execution ended', async () => {
      const h = current();
      const g = await createGraph(h, [{ key: 'a' }, { key: 'b', dependsOn: ['a'] }]);
      const [a] = await claimAll(h);
      await h.store.jobs.complete(QUEUE, [leaseOf(a)]);
      // b became pending between the read and the write: the store refuses what the plan allowed
      const planned = newJob(h, { executionId: g.execution.id });
      planned.graph = { key: 'late', requiredByIds: [g.ids.get('b')!] };
      await expect(h.store.executions.addJobs(g.execution.id, [planned])).rejects.toBeInstanceOf(GraphConflictError);
      expect((await h.store.executions.get(g.execution.id))!.total).toBe(2);
      const [b] = await claimAll(h);
      await h.store.jobs.complete(QUEUE, [leaseOf(b)]);
      await expect(h.store.executions.addJobs(g.execution.id, [newJob(h, { executionId: g.execution.id })])).rejects.toBeInstanceOf(GraphConflictError);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, blocked: 0, succeeded: 2 });
    });
  });
}
