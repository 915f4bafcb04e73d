import { ExecutionNotFoundError } from '../../src/domain/errors';
import { ExecutionRecord } from '../../src/domain/execution';
import { ClaimedJob } from '../../src/domain/job';
import { queueOfJobId } from '../../src/domain/job-id';
import { claimOne, leaseOf, QUEUE } from './contract-fixtures';
import { createExecution } from './execution-fixtures';
import { StoreHarness } from './store-harness';

const RETENTION_MS = 60_000;

/** One refresh by `refresher`: claims every dirty execution and acknowledges them. */
/** An execution of one job that failed for good, refreshed, and then older than its retention. */
async function failedPastRetention(h: StoreHarness): Promise<{ ex: ExecutionRecord; job: ClaimedJob }> {
  const ex = await createExecution(h, [{ maxAttempts: 1 }]);
  const job = await claimOne(h.store);
  await h.store.jobs.fail(QUEUE, [{ ...leaseOf(job), error: 'x', retryable: false }]);
  await refresh(h);
  h.clock.advance(RETENTION_MS + 1);
  return { ex, job };
}

async function refresh(h: StoreHarness, refresher = 'r1', callbacksEnqueued: string[] = []): Promise<string[]> {
  const ids = (await h.store.executions.claimRefresh(QUEUE, refresher, 100)).map((e) => e.id);
  await h.store.executions.ackRefresh(QUEUE, refresher, ids, callbacksEnqueued);
  return ids;
}

export function describeExecutionRetentionCases(current: () => StoreHarness): void {
  describe('execution retention', () => {
    it('deletes a final, acknowledged execution once its retention has passed, and not before', async () => {
      const h = current();
      const ex = await createExecution(h, [{}]);
      await h.store.jobs.complete(QUEUE, [leaseOf(await claimOne(h.store))]);
      await expect(refresh(h)).resolves.toEqual([ex.id]);

      h.clock.advance(RETENTION_MS);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);
      await expect(h.store.executions.get(ex.id)).resolves.toMatchObject({ id: ex.id, counts: { succeeded: 1 } });

      h.clock.advance(1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(1);
      await expect(h.store.executions.get(ex.id)).resolves.toBeNull();
      await expect(h.store.executions.listJobs(ex.id, 10)).rejects.toBeInstanceOf(ExecutionNotFoundError);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 0 });
    });

    it('never deletes an execution that is still running', async () => {
      const h = current();
      const ex = await createExecution(h, [{}, {}]);
      await h.store.jobs.complete(QUEUE, [leaseOf(await claimOne(h.store))]);
      await refresh(h);
      h.clock.advance(10 * RETENTION_MS);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);
      await expect(h.store.executions.get(ex.id)).resolves.toMatchObject({ counts: { succeeded: 1, pending: 1 } });
    });

    it('keeps an execution whose callback has not been enqueued yet', async () => {
      const h = current();
      const ex = await createExecution(h, [{}], 'http://example.test/cb');
      await h.store.jobs.complete(QUEUE, [leaseOf(await claimOne(h.store))]);
      await refresh(h);
      h.clock.advance(10 * RETENTION_MS);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);
      await expect(h.store.executions.get(ex.id)).resolves.not.toBeNull();
    });

    it('keeps an execution retried after it ended: it is running again', async () => {
      const h = current();
      const { ex, job } = await failedPastRetention(h);
      await h.store.admin.retry(job.job.id);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);
      await expect(h.store.executions.get(ex.id)).resolves.toMatchObject({ counts: { pending: 1, failed: 0 } });
    });

    it('keeps an execution dirtied again or in flight until a later refresh acknowledges it', async () => {
      const h = current();
      const ex = await createExecution(h, [{}]);
      const job = await claimOne(h.store);
      await h.store.executions.claimRefresh(QUEUE, 'r1', 10); // sees it running
      await h.store.jobs.complete(QUEUE, [leaseOf(job)]); // dirty again, and final
      await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], []); // final when acknowledged, but dirty
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);

      await expect(h.store.executions.claimRefresh(QUEUE, 'r2', 10)).resolves.toMatchObject([{ id: ex.id }]);
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0); // in flight
      await h.store.executions.ackRefresh(QUEUE, 'r2', [ex.id], []);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0); // acknowledged just now
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(1);
    });

    it('keeps an execution still in flight for another refresher when one acknowledges it', async () => {
      const h = current();
      const ex = await createExecution(h, [{}]);
      const job = await claimOne(h.store);
      await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
      await h.store.jobs.complete(QUEUE, [leaseOf(job)]);
      await h.store.executions.claimRefresh(QUEUE, 'r2', 10); // r2 holds it too
      await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], []);
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(0);
      await expect(h.store.executions.get(ex.id)).resolves.not.toBeNull();

      // r2 died: its entry goes back to the refresh set, and the next refresh ends it
      await expect(h.store.executions.requeueStaleRefresh(QUEUE, 1, 10)).resolves.toBe(1);
      await expect(refresh(h, 'r3')).resolves.toEqual([ex.id]);
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(1);
    });

    it('does not recreate a trimmed execution when one of its jobs is retried', async () => {
      const h = current();
      const { ex, job } = await failedPastRetention(h);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(1);

      await expect(h.store.admin.retry(job.job.id)).resolves.toMatchObject({ status: 'pending', executionId: ex.id });
      const again = await claimOne(h.store);
      await h.store.jobs.complete(QUEUE, [leaseOf(again)]);
      await expect(h.store.executions.get(ex.id)).resolves.toBeNull();
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 0 });
    });

    it('deletes at most `limit` executions per call, oldest first', async () => {
      const h = current();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await createExecution(h, [{}])).id);
        await h.store.jobs.complete(QUEUE, [leaseOf(await claimOne(h.store))]);
        await refresh(h);
        h.clock.advance(10);
      }
      h.clock.advance(RETENTION_MS);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 2)).resolves.toBe(2);
      const left = (await Promise.all(ids.map((id) => h.store.executions.get(id)))).filter((e) => e !== null);
      expect(left).toHaveLength(1);
      // oldest first within a partition: the one left is the newest of its partition
      const partitionOf = (id: string) => queueOfJobId(id);
      expect(ids.filter((id) => partitionOf(id) === partitionOf(left[0]!.id)).at(-1)).toBe(left[0]!.id);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 2)).resolves.toBe(1);
    });
  });
}
