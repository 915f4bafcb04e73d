import { MAX_EVENTS_MAXLEN, MAX_REAPER_BATCH, MAX_REFRESH_BATCH, MAX_WORKER_CONCURRENCY } from '../../src/config/batch-limits';
import { MAX_EXECUTION_JOBS, newExecutionId } from '../../src/domain/execution';
import { ClaimedJob, JobSpec, Lease } from '../../src/domain/job';
import { MAX_BULK_JOBS } from '../../src/modules/jobs/job-limits';
import { LEASE_MS, leaseOf, newJob, QUEUE, WORKER } from './contract-fixtures';
import { createExecution } from './execution-fixtures';
import { StoreHarness } from './store-harness';

/** A store script of 10,000 jobs runs in well under a second; the generous bound is for a busy CI. */
const AT_MAX_MS = 60_000;

/** Every job field set, so each job sends as many script arguments as it can. */
function fullSpec(i: number): Partial<JobSpec> {
  return {
    payload: { n: i, text: 'x'.repeat(16) },
    priority: 1 + (i % 5),
    maxAttempts: 5,
    backoff: { strategy: 'fixed', delayMs: 10 },
    timeoutMs: 120_000,
    idempotencyKey: `key-${i}`,
    callbackUrl: 'http://127.0.0.1:9/cb',
  };
}

/** Enqueues `n` plain jobs through bulk calls of the API's largest size. */
async function enqueueMany(h: StoreHarness, n: number, spec: Partial<JobSpec> = {}): Promise<void> {
  for (let done = 0; done < n; done += MAX_BULK_JOBS) {
    const size = Math.min(MAX_BULK_JOBS, n - done);
    await h.store.jobs.enqueue(Array.from({ length: size }, () => newJob(h, spec)));
  }
}

async function claimAll(h: StoreHarness, n: number, leaseMs = LEASE_MS, worker = WORKER): Promise<ClaimedJob[]> {
  const { jobs } = await h.store.jobs.claim(QUEUE, worker, n, leaseMs);
  expect(jobs).toHaveLength(n);
  expect(new Set(jobs.map((j) => j.job.id)).size).toBe(n);
  return jobs;
}

function leasesOf(jobs: ClaimedJob[]): Lease[] {
  return jobs.map(leaseOf);
}

/**
 * Every store operation that moves jobs, at the largest batch any caller can ask for: a claim at
 * WORKER_CONCURRENCY's max, settles of that many leases, an execution of MAX_EXECUTION_JOBS, a
 * bulk of MAX_BULK_JOBS, the reaper's steps at REAPER_BATCH's max, refresh at REFRESH_BATCH's max.
 * Lua's unpack() holds about 8,000 values and V8 about 120,000 function arguments: neither bound
 * may be met at these sizes.
 */
export function describeBatchLimitCases(current: () => StoreHarness): void {
  describe('batches at their maximum', () => {
    it(`runs with EVENTS_MAXLEN at its maximum (${MAX_EVENTS_MAXLEN}): a bulk of ${MAX_BULK_JOBS} is claimed and completed`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      const store = await h.storeWith({ eventsMaxLen: MAX_EVENTS_MAXLEN });
      await store.jobs.enqueue(Array.from({ length: MAX_BULK_JOBS }, () => newJob(h)));
      const { jobs } = await store.jobs.claim(QUEUE, WORKER, MAX_BULK_JOBS, LEASE_MS);
      expect(jobs).toHaveLength(MAX_BULK_JOBS);
      const outcomes = await store.jobs.complete(QUEUE, jobs.map((c) => ({ ...leaseOf(c), resultJson: 'null' })));
      expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(MAX_BULK_JOBS);
    });

    it(`claims ${MAX_WORKER_CONCURRENCY} jobs in one call, renews and completes them in one call each`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      await enqueueMany(h, MAX_WORKER_CONCURRENCY);
      const claimed = await claimAll(h, MAX_WORKER_CONCURRENCY);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: MAX_WORKER_CONCURRENCY });

      // renewed: past the first lease's end, the reaper finds nothing to end
      h.clock.advance(LEASE_MS / 2);
      await h.store.jobs.heartbeat(QUEUE, leasesOf(claimed), LEASE_MS);
      h.clock.advance(LEASE_MS / 2 + 1);
      await expect(h.store.upkeep.reapExpired(QUEUE, MAX_REAPER_BATCH)).resolves.toMatchObject({ requeued: [], failed: [] });

      const outcomes = await h.store.jobs.complete(
        QUEUE,
        claimed.map((c) => ({ ...leaseOf(c), resultJson: '{"ok":true}' })),
      );
      expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(MAX_WORKER_CONCURRENCY);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 0, succeeded: MAX_WORKER_CONCURRENCY });
    });

    it(`releases, then fails, ${MAX_WORKER_CONCURRENCY} leases in one call each, then trims them in one call`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      await enqueueMany(h, MAX_WORKER_CONCURRENCY);
      const released = await h.store.jobs.release(QUEUE, leasesOf(await claimAll(h, MAX_WORKER_CONCURRENCY)));
      expect(released.filter((o) => o === 'pending')).toHaveLength(MAX_WORKER_CONCURRENCY);

      const claimed = await claimAll(h, MAX_WORKER_CONCURRENCY);
      const failed = await h.store.jobs.fail(
        QUEUE,
        claimed.map((c) => ({ ...leaseOf(c), error: 'boom', retryable: false })),
      );
      expect(failed.filter((o) => o === 'failed')).toHaveLength(MAX_WORKER_CONCURRENCY);

      h.clock.advance(10);
      const retention = { succeededMs: 0, failedMs: 0, cancelledMs: 0 };
      await expect(h.store.upkeep.trimFinished(QUEUE, retention, MAX_REAPER_BATCH)).resolves.toBe(MAX_REAPER_BATCH);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ failed: 0, running: 0, pending: 0 });
    });

    it(`reaps ${MAX_REAPER_BATCH} expired leases in one call`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      await enqueueMany(h, MAX_REAPER_BATCH);
      await claimAll(h, MAX_REAPER_BATCH, 1_000);
      h.clock.advance(1_001);
      const reaped = await h.store.upkeep.reapExpired(QUEUE, MAX_REAPER_BATCH);
      expect(reaped.requeued).toHaveLength(MAX_REAPER_BATCH);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: MAX_REAPER_BATCH, running: 0 });
    });

    it(`reaps a silent worker holding ${MAX_REAPER_BATCH} leases in one call`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      await h.store.workers.register(QUEUE, 'silent');
      await enqueueMany(h, MAX_REAPER_BATCH);
      await claimAll(h, MAX_REAPER_BATCH, 10 * LEASE_MS, 'silent');
      h.clock.advance(LEASE_MS);
      const reaped = await h.store.upkeep.reapWorkers(QUEUE, ['silent'], MAX_REAPER_BATCH, LEASE_MS / 2);
      expect(reaped.requeued).toHaveLength(MAX_REAPER_BATCH);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: MAX_REAPER_BATCH, running: 0 });
    });

    it(`promotes ${MAX_REAPER_BATCH} due scheduled jobs in one call`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      await enqueueMany(h, MAX_REAPER_BATCH, { runAt: h.clock.now() + 1_000 });
      h.clock.advance(1_000);
      await expect(h.store.upkeep.promoteDue(QUEUE, MAX_REAPER_BATCH)).resolves.toBe(MAX_REAPER_BATCH);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: MAX_REAPER_BATCH, scheduled: 0 });
    });

    it(`enqueues a bulk of ${MAX_BULK_JOBS} jobs with every field set, and the same bulk again adds none`, async () => {
      const h = current();
      const jobs = Array.from({ length: MAX_BULK_JOBS }, (_, i) => newJob(h, fullSpec(i)));
      const first = await h.store.jobs.enqueue(jobs);
      expect(first.filter((r) => r.created)).toHaveLength(MAX_BULK_JOBS);
      const again = await h.store.jobs.enqueue(Array.from({ length: MAX_BULK_JOBS }, (_, i) => newJob(h, fullSpec(i))));
      expect(again.filter((r) => r.created)).toHaveLength(0);
      expect(again.map((r) => r.job.id)).toEqual(first.map((r) => r.job.id));
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: MAX_BULK_JOBS });
    });

    it(`creates an execution of ${MAX_EXECUTION_JOBS} jobs with every field set in one call, then cancels it`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      const ex = await createExecution(h, Array.from({ length: MAX_EXECUTION_JOBS }, (_, i) => fullSpec(i)), 'http://127.0.0.1:9/ex');
      expect(ex.total).toBe(MAX_EXECUTION_JOBS);
      expect(ex.counts.pending).toBe(MAX_EXECUTION_JOBS);
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: MAX_EXECUTION_JOBS });

      await claimAll(h, 10);
      const cancelled = await h.store.executions.cancel(ex.id);
      expect(cancelled.counts).toMatchObject({ pending: 0, running: 10, cancelled: MAX_EXECUTION_JOBS - 10 });
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 10, cancelled: MAX_EXECUTION_JOBS - 10 });
    });

    it(`claims, acknowledges and trims ${MAX_REFRESH_BATCH} executions in one call each`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      const created = await Promise.all(
        Array.from({ length: MAX_REFRESH_BATCH }, () => {
          const id = newExecutionId(QUEUE, h.clock.now());
          return h.store.executions.create({ id, queue: QUEUE }, [newJob(h, { executionId: id })]);
        }),
      );
      const claimed = await claimAll(h, MAX_REFRESH_BATCH);
      await h.store.jobs.complete(QUEUE, leasesOf(claimed));

      const refreshed = await h.store.executions.claimRefresh(QUEUE, 'r1', MAX_REFRESH_BATCH);
      expect(refreshed).toHaveLength(MAX_REFRESH_BATCH);
      expect(new Set(refreshed.map((e) => e.id))).toEqual(new Set(created.map((e) => e.id)));
      expect(refreshed.every((e) => e.counts.succeeded === 1)).toBe(true);
      await h.store.executions.ackRefresh(QUEUE, 'r1', refreshed.map((e) => e.id), []);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 0 });

      h.clock.advance(1_001);
      await expect(h.store.executions.trim(QUEUE, 1_000, MAX_REAPER_BATCH)).resolves.toBe(MAX_REAPER_BATCH);
      await expect(h.store.executions.get(created[0].id)).resolves.toBeNull();
    });

    it(`requeues ${MAX_REAPER_BATCH} stale refreshes in one call`, { timeout: AT_MAX_MS }, async () => {
      const h = current();
      await Promise.all(
        Array.from({ length: MAX_REAPER_BATCH }, () => {
          const id = newExecutionId(QUEUE, h.clock.now());
          return h.store.executions.create({ id, queue: QUEUE }, [newJob(h, { executionId: id })]);
        }),
      );
      await expect(h.store.executions.claimRefresh(QUEUE, 'dead', MAX_REFRESH_BATCH)).resolves.toHaveLength(MAX_REFRESH_BATCH);
      h.clock.advance(1_001);
      await expect(h.store.executions.requeueStaleRefresh(QUEUE, 1_000, MAX_REAPER_BATCH)).resolves.toBe(MAX_REAPER_BATCH);
      await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: MAX_REAPER_BATCH, inFlight: 0 });
    });
  });
}
