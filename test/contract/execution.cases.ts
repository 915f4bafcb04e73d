import { ExecutionNotFoundError } from '../../src/domain/errors';
import { newExecutionId } from '../../src/domain/execution';
import { claimOne, enqueueJob, LEASE_MS, leaseOf, newJob, QUEUE, WORKER } from './contract-fixtures';
import { countsFromJobs, createExecution, drainRefresh, expectExactCounters } from './execution-fixtures';
import { StoreHarness } from './store-harness';

export function describeExecutionCases(current: () => StoreHarness): void {
  describe('executions', () => {
    it('creates an execution with its jobs, counted by status, dirty from the start', async () => {
      const h = current();
      const created = await createExecution(h, [{}, {}, { delayMs: 1000 }], 'http://example.test/cb');
      expect(created).toMatchObject({ queue: QUEUE, total: 3, callbackUrl: 'http://example.test/cb', callbackEnqueued: false });
      expect(created.counts).toEqual({ pending: 2, scheduled: 1, running: 0, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 });
      await expect(h.store.executions.get(created.id)).resolves.toMatchObject({ total: 3, counts: created.counts, createdAt: h.clock.now() });
      const page = await h.store.executions.listJobs(created.id, 10);
      expect(page.items.every((j) => j.executionId === created.id)).toBe(true);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 1, inFlight: 0 });
    });

    it('lists the jobs of an execution in the order given, page by page', async () => {
      const h = current();
      const created = await createExecution(h, Array.from({ length: 7 }, (_, i) => ({ payload: i })));
      const seen: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await h.store.executions.listJobs(created.id, 3, cursor);
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items.map((j) => j.payload));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });

    it('does not count a job whose idempotency key matched an existing job', async () => {
      const h = current();
      await enqueueJob(h, { idempotencyKey: 'k1' });
      const created = await createExecution(h, [{ idempotencyKey: 'k1' }, {}]);
      expect(created.total).toBe(1);
      await expectExactCounters(h.store, created.id);
    });

    it('reports an unknown execution as absent or not found', async () => {
      const h = current();
      const id = newExecutionId(QUEUE, h.clock.now());
      await expect(h.store.executions.get(id)).resolves.toBeNull();
      await expect(h.store.executions.listJobs(id, 10)).rejects.toBeInstanceOf(ExecutionNotFoundError);
      await expect(h.store.executions.cancel(id)).rejects.toBeInstanceOf(ExecutionNotFoundError);
    });

    it('keeps the counters exact after every kind of transition', async () => {
      const h = current();
      const ex = await createExecution(h, [
        { priority: 9, maxAttempts: 1 }, // a: claim, complete
        { priority: 8, maxAttempts: 2, backoff: { strategy: 'fixed', delayMs: 500 } }, // b: fail -> scheduled -> promote
        { priority: 7, maxAttempts: 1 }, // c: fail -> failed -> retry
        { priority: 6 }, // d: release
        { priority: 5, maxAttempts: 3 }, // e: lease expiry -> pending
        { priority: 4 }, // f: cancel while pending
        { priority: 3 }, // g: cancel requested while running, then failed -> cancelled
        { priority: 2 }, // h: worker reaped
        { delayMs: 10_000 }, // i: cancel while scheduled
      ]);
      const check = () => expectExactCounters(h.store, ex.id);
      await check();

      const a = await claimOne(h.store);
      await check();
      await h.store.jobs.complete(QUEUE, [leaseOf(a)]);
      await check();

      const b = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(b), error: 'x', retryable: true }])).resolves.toEqual(['scheduled']);
      await check();

      const c = await claimOne(h.store);
      await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(c), error: 'x', retryable: true }])).resolves.toEqual(['failed']);
      await check();
      await h.store.admin.retry(c.job.id);
      await check();

      const claimedAgain = await claimOne(h.store); // c again (priority 7)
      expect(claimedAgain.job.id).toBe(c.job.id);
      await h.store.jobs.release(QUEUE, [leaseOf(claimedAgain)]);
      await check();

      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS); // c, d
      await h.store.jobs.release(QUEUE, [leaseOf(jobs[1])]);
      await h.store.jobs.complete(QUEUE, [leaseOf(jobs[0])]);
      await check();

      h.clock.advance(500);
      await expect(h.store.upkeep.promoteDue(QUEUE, 10)).resolves.toBe(1); // b
      await check();

      const promoted = await claimOne(h.store, 'short', 1000); // b again (priority 8)
      h.clock.advance(1001);
      await h.store.upkeep.reapExpired(QUEUE, 10);
      await check();
      expect(promoted.job.id).toBe(b.job.id);

      const all = await h.store.executions.listJobs(ex.id, 20);
      const byPriority = (p: number) => all.items.find((j) => j.priority === p)!.id;
      await h.store.admin.cancel(byPriority(4)); // f, pending
      await check();
      await h.store.admin.cancel(all.items[8].id); // i, scheduled
      await check();

      const running = await h.store.jobs.claim(QUEUE, 'doomed', 3, LEASE_MS); // d, e, g
      await h.store.admin.cancel(running.jobs[2].job.id);
      await check();
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(running.jobs[2]), error: 'aborted', retryable: true }]);
      await check();
      await h.store.workers.register(QUEUE, 'doomed');
      h.clock.advance(10_000);
      await h.store.upkeep.reapWorkers(QUEUE, ['doomed'], 10, 5000);
      const final = await check();
      expect(final.total).toBe(9);
    });

    it('leaves the counters alone when finished jobs are trimmed', async () => {
      const h = current();
      const ex = await createExecution(h, [{}, {}]);
      const { jobs } = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
      await h.store.jobs.complete(QUEUE, jobs.map(leaseOf));
      const before = await expectExactCounters(h.store, ex.id);
      h.clock.advance(10_000);
      await expect(h.store.upkeep.trimFinished(QUEUE, { succeededMs: 1000, failedMs: 1000, cancelledMs: 1000 }, 10)).resolves.toBe(2);
      await expect(h.store.executions.get(ex.id)).resolves.toMatchObject({ counts: before.counts, total: 2 });
    });

    it('cancels what has not finished and leaves the rest', async () => {
      const h = current();
      const ex = await createExecution(h, [{ priority: 2 }, { priority: 1 }, {}, { delayMs: 1000 }]);
      const done = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(done)]);
      const running = await claimOne(h.store);
      const after = await h.store.executions.cancel(ex.id);
      expect(after.counts).toMatchObject({ succeeded: 1, running: 1, cancelled: 2, pending: 0, scheduled: 0 });
      await expect(h.store.admin.get(running.job.id)).resolves.toMatchObject({ status: 'running', cancelRequested: true });
      await h.store.jobs.fail(QUEUE, [{ ...leaseOf(running), error: 'aborted', retryable: true }]);
      await expect(expectExactCounters(h.store, ex.id)).resolves.toMatchObject({ counts: { succeeded: 1, cancelled: 3 } });
    });

    it('costs jobs without an execution nothing: no refresh work appears', async () => {
      const h = current();
      await enqueueJob(h);
      const c = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(c)]);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 0 });
    });
  });

  describe('execution refresh', () => {
    it('hands each dirty execution to one refresher, in flight until acknowledged', async () => {
      const h = current();
      const a = await createExecution(h, [{}]);
      const b = await createExecution(h, [{}]);
      const first = await h.store.executions.claimRefresh(QUEUE, 'r1', 1);
      const second = await h.store.executions.claimRefresh(QUEUE, 'r2', 10);
      expect([...first, ...second].map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
      await expect(h.store.executions.claimRefresh(QUEUE, 'r3', 10)).resolves.toEqual([]);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 2 });
      await h.store.executions.ackRefresh(QUEUE, 'r1', first.map((e) => e.id), []);
      await h.store.executions.ackRefresh(QUEUE, 'r2', second.map((e) => e.id), []);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 0 });
    });

    it('marks an execution dirty again when a job changes, with a newer version', async () => {
      const h = current();
      const ex = await createExecution(h, [{}]);
      const [claimed] = await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
      await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], []);
      const job = await claimOne(h.store);
      const [again] = await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
      expect(again).toMatchObject({ id: ex.id, counts: { pending: 0, running: 1 } });
      expect(again.version).toBeGreaterThan(claimed.version);
      await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], []);
      await h.store.jobs.complete(QUEUE, [leaseOf(job)]);
      await expect(h.store.executions.claimRefresh(QUEUE, 'r1', 10)).resolves.toMatchObject([{ id: ex.id, counts: { succeeded: 1 } }]);
    });

    it('refreshes again an execution dirtied during its refresh (the ack does not lose it)', async () => {
      const h = current();
      const ex = await createExecution(h, [{}]);
      const [during] = await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
      const job = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(job)]);
      await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], []);
      const [after] = await h.store.executions.claimRefresh(QUEUE, 'r2', 10);
      expect(after).toMatchObject({ id: ex.id, counts: { succeeded: 1, pending: 0 } });
      expect(after.version).toBeGreaterThan(during.version);
    });

    it('returns stale in-flight refreshes to the refresh set; a late ack then removes nothing else', async () => {
      const h = current();
      const ex = await createExecution(h, [{}]);
      await h.store.executions.claimRefresh(QUEUE, 'dead', 10);
      h.clock.advance(30_000);
      await expect(h.store.executions.requeueStaleRefresh(QUEUE, 60_000, 10)).resolves.toBe(0);
      h.clock.advance(30_001);
      await expect(h.store.executions.requeueStaleRefresh(QUEUE, 60_000, 10)).resolves.toBe(1);
      await expect(h.store.executions.claimRefresh(QUEUE, 'alive', 10)).resolves.toMatchObject([{ id: ex.id }]);
      await h.store.executions.ackRefresh(QUEUE, 'dead', [ex.id], []);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 1 });
      await h.store.executions.ackRefresh(QUEUE, 'alive', [ex.id], []);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 0 });
    });

    it('remembers that an execution callback was enqueued', async () => {
      const h = current();
      const ex = await createExecution(h, [{}], 'http://example.test/cb');
      await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
      await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], [ex.id]);
      await expect(h.store.executions.get(ex.id)).resolves.toMatchObject({ callbackEnqueued: true });
    });
  });

  describe('executions under concurrency', () => {
    it('keeps the counters exact with parallel claimers, completers and failers', async () => {
      const h = current();
      const executions = [];
      for (let e = 0; e < 4; e++) executions.push(await createExecution(h, Array.from({ length: 300 }, () => ({ maxAttempts: 2 }))));
      await h.store.jobs.enqueue(Array.from({ length: 200 }, () => newJob(h)));
      const clients = await Promise.all(Array.from({ length: 6 }, () => h.peer()));
      await Promise.all(
        clients.map(async (store, c) => {
          for (let round = 0; ; round++) {
            const { jobs } = await store.jobs.claim(QUEUE, `w${c}`, 20, LEASE_MS);
            if (jobs.length === 0) return;
            const half = Math.floor(jobs.length / 2);
            await Promise.all([
              store.jobs.complete(QUEUE, jobs.slice(0, half).map(leaseOf)),
              store.jobs.fail(QUEUE, jobs.slice(half).map((j) => ({ ...leaseOf(j), error: 'x', retryable: round % 2 === 0, retryDelayMs: 0 }))),
            ]);
          }
        }),
      );
      for (const ex of executions) {
        const record = await expectExactCounters(h.store, ex.id);
        expect(record.counts.pending + record.counts.running + record.counts.scheduled).toBe(0);
        expect(record.counts).toEqual(await countsFromJobs(h.store, ex.id));
      }
    });

    it('hands each dirty execution to exactly one of several parallel refreshers', async () => {
      const h = current();
      const ids: string[] = [];
      for (let e = 0; e < 300; e++) ids.push((await createExecution(h, [{}])).id);
      const peers = await Promise.all(Array.from({ length: 4 }, () => h.peer()));
      const claimed = (await Promise.all(peers.map((store, i) => drainRefresh(store, `r${i}`)))).flat();
      expect(claimed).toHaveLength(ids.length);
      expect(new Set(claimed)).toEqual(new Set(ids));
    });
  });
}
