import { ExecutionRecord, newExecutionId } from '../../src/domain/execution';
import { JobSpec } from '../../src/domain/job';
import { claimOne, leaseOf, newJob, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

const RETENTION_MS = 60_000;

/** Creates an execution of QUEUE under `idempotencyKey`, with one job per spec. */
function createKeyed(h: StoreHarness, idempotencyKey: string, specs: Array<Partial<JobSpec>>, queue = QUEUE): Promise<ExecutionRecord> {
  const id = newExecutionId(queue, h.clock.now());
  const jobs = specs.map((s) => newJob(h, { ...s, queue, executionId: id }));
  return h.store.executions.create({ id, queue, idempotencyKey }, jobs);
}

export function describeExecutionIdempotencyCases(current: () => StoreHarness): void {
  describe('execution idempotency keys', () => {
    it('returns the execution a repeated key names, and adds no job', async () => {
      const h = current();
      const first = await createKeyed(h, 'order-1', [{}, {}, {}]);
      h.clock.advance(5);
      const again = await createKeyed(h, 'order-1', [{}, {}, {}, {}]);
      expect(again).toMatchObject({ id: first.id, total: 3, createdAt: first.createdAt });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3 });
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 1, inFlight: 0 });
      const other = await createKeyed(h, 'order-2', [{}]);
      expect(other.id).not.toBe(first.id);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 4 });
    });

    it('returns the execution as it stands now', async () => {
      const h = current();
      const first = await createKeyed(h, 'k', [{}, {}]);
      await h.store.jobs.complete(QUEUE, [leaseOf(await claimOne(h.store))]);
      const again = await createKeyed(h, 'k', [{}, {}]);
      expect(again.id).toBe(first.id);
      expect(again.counts).toMatchObject({ pending: 1, succeeded: 1 });
    });

    it('keeps keys apart per queue', async () => {
      const h = current();
      const a = await createKeyed(h, 'same', [{}]);
      const b = await createKeyed(h, 'same', [{}], 'other-queue');
      expect(b.id).not.toBe(a.id);
      expect(b.queue).toBe('other-queue');
    });

    it('frees the key when the execution is trimmed: the key then creates a new execution', async () => {
      const h = current();
      const first = await createKeyed(h, 'k', [{}]);
      await h.store.jobs.complete(QUEUE, [leaseOf(await claimOne(h.store))]);
      const refreshed = await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
      await h.store.executions.ackRefresh(QUEUE, 'r1', refreshed.map((e) => e.id), []);
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(1);

      const next = await createKeyed(h, 'k', [{}]);
      expect(next.id).not.toBe(first.id);
      expect(next).toMatchObject({ total: 1, counts: { pending: 1 } });
      await expect(createKeyed(h, 'k', [{}])).resolves.toMatchObject({ id: next.id });
    });
  });
}
