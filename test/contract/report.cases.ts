import { MAX_JOB_LOG_LINES, MAX_LOG_PAGE } from '../../src/domain/job-progress';
import { claimOne, enqueueJob, leaseOf, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/**
 * A running job's progress and log lines (JobQueue.report, JobAdmin.logs; src/domain/job-progress.ts):
 * applied only under the current lease, the latest progress kept on the job, the newest lines kept
 * up to the store's bound (here at its maximum, MAX_JOB_LOG_LINES), numbered over the job's life.
 */
export function describeReportCases(current: () => StoreHarness): void {
  describe('progress and log lines', () => {
    it('keeps the latest progress and the lines of a running job, and shows them on the job', async () => {
      const h = current();
      const job = await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.report(QUEUE, [{ ...leaseOf(claimed), progressJson: '10', lines: ['starting', 'page 1 of 3'] }], 100)).resolves.toEqual(['ok']);
      h.clock.advance(5);
      await expect(h.store.jobs.report(QUEUE, [{ ...leaseOf(claimed), progressJson: '{"done":2,"of":3}', lines: ['page 2 of 3'] }], 100)).resolves.toEqual(['ok']);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'running', progress: { done: 2, of: 3 }, progressAt: h.clock.now(), logLines: 3, logLinesDropped: 0 });
      const page = await h.store.admin.logs(job.id, 1, 10);
      expect(page).toEqual({
        total: 3,
        firstKept: 1,
        lines: [
          { seq: 1, at: h.clock.now() - 5, line: 'starting' },
          { seq: 2, at: h.clock.now() - 5, line: 'page 1 of 3' },
          { seq: 3, at: h.clock.now(), line: 'page 2 of 3' },
        ],
      });
      await expect(h.store.admin.logs(job.id, 3, 10)).resolves.toMatchObject({ lines: [{ seq: 3, line: 'page 2 of 3' }] });
      // kept after the job's end, with the job
      await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'succeeded', progress: { done: 2, of: 3 }, logLines: 3 });
      await expect(h.store.admin.logs(job.id, 1, 10)).resolves.toMatchObject({ total: 3, lines: [{ seq: 1 }, { seq: 2 }, { seq: 3 }] });
    });

    it('changes nothing for a lease that is not current: another token, or a job no longer running', async () => {
      const h = current();
      const job = await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.report(QUEUE, [{ id: job.id, token: claimed.token + 1, progressJson: '1', lines: ['x'] }], 100)).resolves.toEqual(['stale']);
      await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
      await expect(h.store.jobs.report(QUEUE, [{ ...leaseOf(claimed), progressJson: '2', lines: ['y'] }], 100)).resolves.toEqual(['stale']);
      const after = await h.store.admin.get(job.id);
      expect(after).not.toHaveProperty('progress');
      expect(after).not.toHaveProperty('logLines');
      await expect(h.store.admin.logs(job.id, 1, 10)).resolves.toEqual({ total: 0, firstKept: 1, lines: [] });
      await expect(h.store.admin.logs(`${QUEUE}-01ARZ3NDEKTSV4RRFFQ69G5FAV`, 1, 10)).resolves.toBeNull();
    });

    it(`keeps the newest ${MAX_JOB_LOG_LINES} lines (the most a job may keep), counting the dropped ones, and pages them`, async () => {
      const h = current();
      const job = await enqueueJob(h);
      const claimed = await claimOne(h.store);
      const written = MAX_JOB_LOG_LINES + 5;
      for (let from = 1; from <= written; from += 1_000) {
        const lines = Array.from({ length: Math.min(1_000, written - from + 1) }, (_, i) => `line ${from + i}`);
        await expect(h.store.jobs.report(QUEUE, [{ ...leaseOf(claimed), lines }], MAX_JOB_LOG_LINES)).resolves.toEqual(['ok']);
      }
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ logLines: written, logLinesDropped: 5 });
      // asked from line 1: the page starts at the oldest kept, line 6
      const first = await h.store.admin.logs(job.id, 1, MAX_LOG_PAGE);
      expect({ total: first?.total, firstKept: first?.firstKept, count: first?.lines.length, head: first?.lines[0], tail: first?.lines.at(-1)?.line }).toEqual({
        total: written,
        firstKept: 6,
        count: MAX_LOG_PAGE,
        head: { seq: 6, at: h.clock.now(), line: 'line 6' },
        tail: `line ${5 + MAX_LOG_PAGE}`,
      });
      const last = await h.store.admin.logs(job.id, written - 1, MAX_LOG_PAGE);
      expect(last?.lines.map((l) => [l.seq, l.line])).toEqual([
        [written - 1, `line ${written - 1}`],
        [written, `line ${written}`],
      ]);
    });

    it('keeps no line with a bound of 0, and still counts them', async () => {
      const h = current();
      const job = await enqueueJob(h);
      const claimed = await claimOne(h.store);
      await expect(h.store.jobs.report(QUEUE, [{ ...leaseOf(claimed), lines: ['a', 'b'] }], 0)).resolves.toEqual(['ok']);
      await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ logLines: 2, logLinesDropped: 2 });
      await expect(h.store.admin.logs(job.id, 1, 10)).resolves.toEqual({ total: 2, firstKept: 3, lines: [] });
    });

    it('applies each item of a batch under its own lease', async () => {
      const h = current();
      await enqueueJob(h);
      await enqueueJob(h);
      // in the order claimed (a partitioned queue may hand the second first)
      const ca = await claimOne(h.store);
      const cb = await claimOne(h.store);
      const [a, b] = [ca.job, cb.job];
      const outcomes = await h.store.jobs.report(QUEUE, [{ ...leaseOf(ca), progressJson: '"a"' }, { id: cb.job.id, token: cb.token + 7, progressJson: '"b"' }], 100);
      expect(outcomes).toEqual(['ok', 'stale']);
      await expect(h.store.admin.get(a.id)).resolves.toMatchObject({ progress: 'a' });
      await expect(h.store.admin.get(b.id)).resolves.not.toHaveProperty('progress');
    });
  });
}
