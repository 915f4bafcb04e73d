import { Job } from '../../domain/job';
import { ClaimResult } from '../queue';
import { recordingLogger, waitFor, workerHarness, WorkerHarness } from '../../../test/support/worker-harness';
import { JobContext } from './job-context';
import { NonRetryableJobError } from './non-retryable-job.error';
import { earliestRetryAt } from './retry-due-time';

describe('WorkerRuntime', () => {
  let h: WorkerHarness;

  afterEach(async () => {
    await h.stop();
  });

  it('runs a job with its context and records the result', async () => {
    h = workerHarness();
    const seen: JobContext[] = [];
    h.registry.register('greet', (ctx: JobContext<{ name: string }>) => {
      seen.push(ctx);
      return { hello: ctx.payload.name };
    });
    const [job] = await h.enqueue({ type: 'greet', payload: { name: 'ada' } });
    h.runtime.start();
    const done = await h.waitForStatus(job.id, 'succeeded');
    expect(done.result).toEqual({ hello: 'ada' });
    expect(seen[0].attempt).toBe(1);
    expect(seen[0].job).toMatchObject({ id: job.id, queue: 'default', type: 'greet', maxAttempts: 3 });
    expect(seen[0].signal.aborted).toBe(false);
    expect(seen[0].workerId).toBe('test-worker');
  });

  it('listens for cancels again after listening failed, and a cancel heard then aborts the running job at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let tries = 0;
      let heard: ((id: string) => void) | undefined;
      const logger = recordingLogger();
      h = workerHarness({
        logger,
        cancels: async (listener) => {
          if (++tries <= 2) throw new Error('connection refused');
          heard = listener;
          return async () => void (heard = undefined);
        },
      });
      let signal: AbortSignal | undefined;
      h.registry.register('long', (ctx: JobContext) => {
        signal = ctx.signal;
        return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true }));
      });
      const [job] = await h.enqueue({ type: 'long' });
      h.runtime.start();
      await vi.advanceTimersByTimeAsync(0);
      expect([tries, heard]).toEqual([1, undefined]);
      expect(logger.lines.join('\n')).toMatch(/listening for cancels failed \(connection refused\); trying again in 5 s/);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(tries).toBe(3);
      expect(heard).toBeDefined();
      vi.useRealTimers();
      await waitFor(async () => signal, 'the job to run');
      await h.store.admin.cancel(job.id);
      heard!(job.id);
      await h.waitForStatus(job.id, 'cancelled');
      expect(signal!.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never runs more jobs of a queue at once than its concurrency', async () => {
    h = workerHarness({ concurrency: 3 });
    let active = 0;
    let peak = 0;
    h.registry.register('slow', async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
    });
    const jobs = await h.enqueue(...Array.from({ length: 30 }, () => ({ type: 'slow' })));
    h.runtime.start();
    for (const job of jobs) await h.waitForStatus(job.id, 'succeeded');
    expect(peak).toBe(3);
  });

  it('claims as many jobs as it has free slots in one call, and claims again once per tick of completions', async () => {
    h = workerHarness({ concurrency: 4 });
    const claims: number[] = [];
    const claim = h.store.jobs.claim.bind(h.store.jobs);
    vi.spyOn(h.store.jobs, 'claim').mockImplementation(async (...args): Promise<ClaimResult> => {
      const result = await claim(...args);
      claims.push(result.jobs.length);
      return result;
    });
    const release: (() => void)[] = [];
    h.registry.register('gate', () => new Promise<void>((resolve) => release.push(resolve)));
    await h.enqueue(...Array.from({ length: 8 }, () => ({ type: 'gate' })));
    h.runtime.start();
    await waitFor(() => release.length === 4, '4 running');
    expect(claims).toEqual([4]);
    // four completions in the same tick free four slots: one claim of four
    release.splice(0).forEach((r) => r());
    await waitFor(() => release.length === 4, 'the next 4 running');
    expect(claims).toEqual([4, 4]);
    release.splice(0).forEach((r) => r());
  });

  it('retries a failing job with backoff until it fails for good', async () => {
    h = workerHarness();
    let calls = 0;
    h.registry.register('flaky', () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const [job] = await h.enqueue({ type: 'flaky', maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 20 } });
    h.runtime.start();
    const failed = await h.waitForStatus(job.id, 'failed');
    expect(calls).toBe(3);
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toBe('boom 3');
  });

  it("keeps the thrown error's stack with the job, cut at 4,000 characters", async () => {
    h = workerHarness();
    h.registry.register('throws', () => {
      const err = new Error('bad invoice');
      err.stack = `Error: bad invoice\n${'    at frame (/srv/app.js:1:1)\n'.repeat(400)}`;
      throw err;
    });
    h.registry.register('named', function namedHandler() {
      throw new Error('with a real stack');
    });
    const [cut] = await h.enqueue({ type: 'throws', maxAttempts: 1 });
    const [real] = await h.enqueue({ type: 'named', maxAttempts: 1 });
    h.runtime.start();
    const failed = await h.waitForStatus(cut.id, 'failed');
    expect(failed.lastError).toBe('bad invoice');
    expect(failed.lastErrorStack).toHaveLength(4_000);
    expect(failed.lastErrorStack!.startsWith('Error: bad invoice\n    at frame')).toBe(true);
    const named = await h.waitForStatus(real.id, 'failed');
    expect(named.lastErrorStack).toMatch(/^Error: with a real stack\n\s+at namedHandler/);
  });

  it('fails a job at once when its handler throws NonRetryableJobError', async () => {
    h = workerHarness();
    let calls = 0;
    h.registry.register('bad-input', () => {
      calls++;
      throw new NonRetryableJobError('payload is not an invoice');
    });
    const [job] = await h.enqueue({ type: 'bad-input', maxAttempts: 5 });
    h.runtime.start();
    const failed = await h.waitForStatus(job.id, 'failed');
    expect(calls).toBe(1);
    expect(failed.lastError).toBe('payload is not an invoice');
  });

  it('aborts a job at its timeout, fails the attempt as retryable, and ignores its late result', async () => {
    h = workerHarness();
    const reasons: unknown[] = [];
    h.registry.register('stuck', async (ctx) => {
      await new Promise((r) => setTimeout(r, 200)); // ignores its signal on purpose
      reasons.push(ctx.signal.reason);
      return 'too late';
    });
    const [job] = await h.enqueue({ type: 'stuck', timeoutMs: 30, maxAttempts: 2, backoff: { strategy: 'fixed', delayMs: 10 } });
    h.runtime.start();
    const failed = await h.waitForStatus(job.id, 'failed');
    expect(failed.lastError).toBe('timed out after 30ms');
    expect(failed.attempts).toBe(2);
    await waitFor(() => reasons.length === 2, 'both late results');
    expect(reasons[0]).toMatchObject({ name: 'JobAbortedError', kind: 'timeout' });
    expect((await h.store.admin.get(job.id))?.status).toBe('failed');
  });

  it('hands back a job whose type has no handler here after its backoff, not at once', async () => {
    h = workerHarness({ workerId: 'w-1' });
    const [job] = await h.enqueue({ type: 'unknown-type', maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 60_000 } });
    const before = Date.now();
    h.runtime.start();
    const handedBack = await h.waitForStatus(job.id, 'scheduled', 'pending', 'failed');
    expect(handedBack).toMatchObject({ status: 'scheduled', attempts: 1, lastError: 'no handler for type unknown-type in worker w-1' });
    expect(handedBack.runAt).toBeGreaterThanOrEqual(before + 60_000);
  });

  it('hands back a job whose type has no handler here, and fails it with a clear error after maxAttempts', async () => {
    h = workerHarness({ workerId: 'w-1' });
    const [job] = await h.enqueue({ type: 'unknown-type', maxAttempts: 2, backoff: { strategy: 'fixed', delayMs: 10 } });
    h.runtime.start();
    const failed = await h.waitForStatus(job.id, 'failed');
    expect(failed.lastError).toBe('no handler for type unknown-type in worker w-1');
    expect(failed.attempts).toBe(2);
  });

  it('logs a failed job and a job without a handler with jobId, queue and workerId as fields', async () => {
    const logger = recordingLogger();
    h = workerHarness({ workerId: 'w-1', logger });
    h.registry.register('broken', () => {
      throw new NonRetryableJobError('boom');
    });
    const [broken, orphan] = await h.enqueue({ type: 'broken' }, { type: 'unknown-type', maxAttempts: 1 });
    h.runtime.start();
    await h.waitForStatus(broken.id, 'failed');
    await h.waitForStatus(orphan.id, 'failed');
    await waitFor(() => logger.records.filter((r) => (r as { msg?: string }).msg === 'job failed').length === 2, 'both failures logged');
    expect(logger.records).toContainEqual({ msg: 'job failed', jobId: broken.id, queue: 'default', workerId: 'w-1', error: 'boom' });
    expect(logger.records).toContainEqual(
      expect.objectContaining({ msg: expect.stringMatching(/no handler/), jobId: orphan.id, queue: 'default', workerId: 'w-1', type: 'unknown-type' }),
    );
  });

  it('records a result that is not JSON-serialisable as a failure without retry', async () => {
    h = workerHarness();
    h.registry.register('bigint', () => ({ n: BigInt(1) }));
    const [job] = await h.enqueue({ type: 'bigint' });
    h.runtime.start();
    const failed = await h.waitForStatus(job.id, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/not JSON-serialisable/);
  });

  it('wakes up for a job enqueued while it waits, without polling', async () => {
    h = workerHarness({ maxIdleWaitMs: 60_000 });
    h.registry.register('noop', () => null);
    h.runtime.start();
    await new Promise((r) => setTimeout(r, 20));
    const claim = vi.spyOn(h.store.jobs, 'claim');
    const [job] = await h.enqueue({ type: 'noop' });
    await h.waitForStatus(job.id, 'succeeded');
    expect(claim.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('sleeps until a scheduled job is due rather than the full idle wait', async () => {
    h = workerHarness({ maxIdleWaitMs: 60_000 });
    h.registry.register('later', () => 'ran');
    h.runtime.start();
    await new Promise((r) => setTimeout(r, 20));
    const [job] = await h.enqueue({ type: 'later', delayMs: 100 });
    const started = Date.now();
    await h.waitForStatus(job.id, 'succeeded');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('enqueues an http callback with the final job JSON when a job with callbackUrl ends', async () => {
    h = workerHarness();
    h.registry.register('report', () => ({ rows: 3 }));
    const [job] = await h.enqueue({ type: 'report', callbackUrl: 'http://127.0.0.1:9/hook' });
    h.runtime.start();
    await h.waitForStatus(job.id, 'succeeded');
    const callback = await waitFor(async () => (await h.store.admin.list({ queue: 'default', type: 'http', limit: 10 })).items[0], 'the callback job');
    expect(callback.payload).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      method: 'POST',
      body: { id: job.id, status: 'succeeded', result: { rows: 3 }, attempts: 1 },
    });
    expect(callback.callbackUrl).toBeUndefined();
  });
});

describe('earliestRetryAt', () => {
  const job = (over: Partial<Job>): Job => ({ ...({} as Job), attempts: 2, startedAt: 10_000, backoff: { strategy: 'exponential', delayMs: 1_000 }, ...over });
  const failure = { id: 'j', token: 1, error: 'boom', retryable: true };

  it('is the start of the attempt plus the smallest delay the backoff can draw', () => {
    // exponential, 2nd attempt: 2000 ms with equal jitter -> at least 1000 ms
    expect(earliestRetryAt(job({}), failure)).toBe(11_000);
    expect(earliestRetryAt(job({ backoff: { strategy: 'fixed', delayMs: 300 } }), failure)).toBe(10_300);
  });

  it('uses the retryDelayMs the handler asked for, and knows nothing without a start time', () => {
    expect(earliestRetryAt(job({}), { ...failure, retryDelayMs: 7_000 })).toBe(17_000);
    expect(earliestRetryAt(job({ startedAt: undefined }), failure)).toBeUndefined();
  });
});
