import { MAX_PROGRESS_BYTES } from '../../domain/job-progress';
import { waitFor, workerHarness, WorkerHarness } from '../../../test/support/worker-harness';
import { JobContext } from './job-context';

describe('handlers reporting progress and log lines (JobContext.progress, JobContext.log)', () => {
  let h: WorkerHarness;
  afterEach(() => h.stop());

  it("stores a handler's latest progress and every line, coalesced into one call, before its result", async () => {
    h = workerHarness();
    h.registry.register('count', (ctx: JobContext) => {
      for (let i = 1; i <= 50; i++) {
        ctx.progress({ done: i, of: 50 });
        ctx.log(`line ${i}`);
      }
      return 'counted';
    });
    const report = vi.spyOn(h.store.jobs, 'report');
    const [job] = await h.enqueue({ type: 'count' });
    h.runtime.start();
    const done = await h.waitForStatus(job.id, 'succeeded');
    // a report applied after the completion would have been stale: the lines and progress are there
    expect(done).toMatchObject({ result: 'counted', progress: { done: 50, of: 50 }, logLines: 50, logLinesDropped: 0 });
    const page = await h.store.admin.logs(job.id, 1, 100);
    expect(page?.lines.map((l) => l.line)).toEqual(Array.from({ length: 50 }, (_, i) => `line ${i + 1}`));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][1]).toEqual([expect.objectContaining({ id: job.id, progressJson: '{"done":50,"of":50}' })]);
  });

  it('keeps the newest JOB_LOG_LINES lines of a job', async () => {
    h = workerHarness({ logLines: 3 });
    h.registry.register('chatty', (ctx: JobContext) => {
      for (let i = 1; i <= 5; i++) ctx.log(`line ${i}`);
    });
    const [job] = await h.enqueue({ type: 'chatty' });
    h.runtime.start();
    await expect(h.waitForStatus(job.id, 'succeeded')).resolves.toMatchObject({ logLines: 5, logLinesDropped: 2 });
    await expect(h.store.admin.logs(job.id, 1, 10)).resolves.toMatchObject({ firstKept: 3, lines: [{ line: 'line 3' }, { line: 'line 4' }, { line: 'line 5' }] });
  });

  it(`refuses a progress that is not a JSON value or is larger than ${MAX_PROGRESS_BYTES} bytes with a RangeError, and takes one at that size`, async () => {
    h = workerHarness();
    const errors: string[] = [];
    h.registry.register('picky', (ctx: JobContext) => {
      for (const bad of [undefined, Number.NaN, () => 1, 'x'.repeat(MAX_PROGRESS_BYTES)]) {
        try {
          ctx.progress(bad);
        } catch (error) {
          errors.push(`${(error as Error).name}: ${(error as Error).message}`);
        }
      }
      // a JSON string of MAX_PROGRESS_BYTES bytes in all, its quotes included
      ctx.progress('y'.repeat(MAX_PROGRESS_BYTES - 2));
    });
    const [job] = await h.enqueue({ type: 'picky' });
    h.runtime.start();
    const done = await h.waitForStatus(job.id, 'succeeded');
    expect(errors).toEqual([
      'RangeError: progress must be a number or a JSON value',
      'RangeError: progress must be a finite number',
      'RangeError: progress must be a number or a JSON value',
      `RangeError: progress must be at most ${MAX_PROGRESS_BYTES} bytes as JSON`,
    ]);
    expect(done.progress).toBe('y'.repeat(MAX_PROGRESS_BYTES - 2));
  });

  it('ignores what a handler reports after its attempt ended', async () => {
    h = workerHarness();
    let kept: JobContext | undefined;
    h.registry.register('late', (ctx: JobContext) => {
      kept = ctx;
    });
    const [job] = await h.enqueue({ type: 'late' });
    const report = vi.spyOn(h.store.jobs, 'report');
    h.runtime.start();
    await h.waitForStatus(job.id, 'succeeded');
    await waitFor(() => kept !== undefined, 'ran');
    kept!.progress(99);
    kept!.log('too late');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(report).not.toHaveBeenCalled();
    await expect(h.store.admin.get(job.id)).resolves.not.toHaveProperty('progress');
  });
});
