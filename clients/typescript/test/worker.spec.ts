import { ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { E2eApp, startE2eApp, uniqueQueue } from '../../../test/e2e/e2e-app';
import { e2eStores } from '../../../test/e2e/e2e-stores';
import { ClaimqApiError, ClaimqClient, createClaimqClient, JobAbortedError, PermanentJobError, RetryJobLaterError, Worker, type Job, type WorkerOptions } from '../src';

const ROOT = join(__dirname, '..', '..', '..');
const API_KEY = 'worker-spec-key-0123456789';
/** How long a test waits for the service to show an outcome; no test asserts how long anything took. */
const SETTLED = { timeout: 30_000, interval: 50 };

describe('Worker against the service', () => {
  let e2e: E2eApp;
  let baseUrl: string;
  let client: ClaimqClient;
  const workers = new Set<Worker>();
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: API_KEY, HEARTBEAT_MS: '1000', LEASE_MS: '5000' });
    await e2e.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(e2e.app.getHttpServer().address() as AddressInfo).port}`;
    client = createClaimqClient({ baseUrl, apiKey: API_KEY });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all([...workers].map((worker) => worker.stop()));
    await e2e?.close();
  });

  /** A worker of this suite (stopped by afterAll if a test does not), its warnings and errors kept. */
  function startWorker(options: Partial<WorkerOptions> & Pick<WorkerOptions, 'queue' | 'handler'>): { worker: Worker; logs: string[] } {
    const logs: string[] = [];
    const record = (message: string, details?: Record<string, unknown>): void => void logs.push(`${message} ${JSON.stringify(details ?? {})}`);
    const worker = new Worker({ client, shutdownGraceMs: 2_000, logger: { warn: record, error: record }, ...options } as WorkerOptions);
    workers.add(worker);
    worker.start();
    return { worker, logs };
  }

  async function stopWorker(worker: Worker): Promise<void> {
    await worker.stop();
    workers.delete(worker);
  }

  async function statusOf(id: string): Promise<Job> {
    return client.getJob(id);
  }

  /** The job as the store holds it (succeeded jobs stay there for SUCCEEDED_RETENTION_MS, a day). */
  async function storedJob(id: string): Promise<Extract<Job, { source: 'store' }>> {
    const job = await client.getJob(id);
    if (job.source !== 'store') throw new Error(`job ${id} is only in history`);
    return job;
  }

  function aborted(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  }

  it('processes 200 jobs of a queue, each once, and they end succeeded with their results', async () => {
    const queue = uniqueQueue();
    const { ids } = await client.createJobs(Array.from({ length: 200 }, (_, i) => ({ type: 'double', queue, payload: { i } })));
    const runs = new Map<string, number>();
    const { worker, logs } = startWorker({
      queue,
      concurrency: 10,
      handler: async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return { doubled: (job.payload as { i: number }).i * 2 };
      },
    });

    await vi.waitFor(async () => {
      const { data } = await client.api.GET('/queues/{name}/stats', { params: { path: { name: queue } } });
      expect(data?.counts.succeeded).toBe(200);
    }, SETTLED);
    await stopWorker(worker);

    const { data } = await client.api.GET('/queues/{name}/stats', { params: { path: { name: queue } } });
    expect(data?.counts).toMatchObject({ pending: 0, running: 0, scheduled: 0, failed: 0, succeeded: 200 });
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const jobs = await Promise.all(ids.map(statusOf));
    jobs.forEach((job, i) => expect(job).toMatchObject({ status: 'succeeded', attempts: 1, result: { doubled: i * 2 } }));
    expect(logs).toEqual([]);
  });

  it('sends what a handler reports (ctx.progress, ctx.log) before its result: the job shows the latest progress and every line', async () => {
    const queue = uniqueQueue();
    const created = await client.createJob({ type: 'report', queue });
    const errors: string[] = [];
    const { worker } = startWorker({
      queue,
      handler: async (_job, ctx) => {
        ctx.progress(10);
        ctx.log('starting');
        await new Promise((resolve) => setTimeout(resolve, 250));
        for (let i = 1; i <= 3; i++) ctx.log(`part ${i}`);
        ctx.progress({ percent: 100 });
        try {
          ctx.progress('z'.repeat(5_000));
        } catch (err) {
          errors.push((err as Error).message);
        }
        return 'reported';
      },
    });
    await vi.waitFor(async () => expect((await statusOf(created.id)).status).toBe('succeeded'), SETTLED);
    await expect(storedJob(created.id)).resolves.toMatchObject({ result: 'reported', progress: { percent: 100 }, logLines: 4 });
    const { data } = await client.api.GET('/jobs/{id}/logs', { params: { path: { id: created.id } } });
    expect(data?.lines.map((l) => l.line)).toEqual(['starting', 'part 1', 'part 2', 'part 3']);
    expect(errors).toEqual(['progress must be at most 4096 bytes as JSON']);
    await stopWorker(worker);
  });

  it("hands a graph job its parents' results as ctx.parents, after they succeeded", async () => {
    const queue = uniqueQueue();
    const seen = new Map<string, Record<string, unknown>>();
    const { id } = await client.createExecution({
      jobs: [
        { type: 'count', queue, key: 'a', payload: { n: 2 } },
        { type: 'count', queue, key: 'b', payload: { n: 3 } },
        { type: 'sum', queue, key: 'total', dependsOn: ['a', 'b'] },
      ],
    });
    const { worker } = startWorker({
      queue,
      handler: async (job, ctx) => {
        seen.set(job.key ?? job.id, ctx.parents);
        if (job.type === 'sum') return Object.values(ctx.parents).reduce((n: number, v) => n + (v as number), 0);
        return (job.payload as { n: number }).n;
      },
    });
    await vi.waitFor(async () => expect((await client.getExecution(id)).status).toBe('succeeded'), SETTLED);
    await stopWorker(worker);
    expect(seen.get('a')).toEqual({});
    expect(seen.get('total')).toEqual({ a: 2, b: 3 });
  });

  it('fails a job for good on PermanentJobError, retries other errors, and RetryJobLaterError sets when', async () => {
    const queue = uniqueQueue();
    const backoff = { strategy: 'fixed' as const, delayMs: 10 };
    const permanent = await client.createJob({ type: 'permanent', queue, maxAttempts: 3, backoff });
    const flaky = await client.createJob({ type: 'flaky', queue, maxAttempts: 3, backoff });
    const later = await client.createJob({ type: 'later', queue, maxAttempts: 3, backoff });
    const { worker } = startWorker({
      queue,
      handler: async (job) => {
        if (job.type === 'permanent') throw new PermanentJobError('bad input');
        if (job.type === 'later') throw new RetryJobLaterError(3_600_000, 'upstream asked for an hour');
        if (job.attempts === 1) throw new Error('boom');
        return 'second time lucky';
      },
    });

    await vi.waitFor(async () => {
      expect(await statusOf(permanent.id)).toMatchObject({ status: 'failed' });
      expect(await statusOf(flaky.id)).toMatchObject({ status: 'succeeded' });
      expect(await statusOf(later.id)).toMatchObject({ status: 'scheduled' });
    }, SETTLED);
    await stopWorker(worker);

    const failed = await storedJob(permanent.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'bad input' });
    expect(failed.lastErrorStack).toContain('PermanentJobError: bad input');
    expect(await statusOf(flaky.id)).toMatchObject({ status: 'succeeded', attempts: 2, result: 'second time lucky', lastError: 'boom' });
    const scheduled = await storedJob(later.id);
    expect(scheduled).toMatchObject({ status: 'scheduled', attempts: 1, lastError: 'upstream asked for an hour' });
    // retryInMs, not the job's 10 ms backoff: the retry is due an hour after the failure
    expect(Date.parse(scheduled.runAt) - Date.parse(scheduled.updatedAt)).toBeGreaterThan(3_000_000);
  });

  it('aborts the signal of a job cancelled while its handler runs, and the job ends cancelled', async () => {
    const queue = uniqueQueue();
    let started!: (signal: AbortSignal) => void;
    const running = new Promise<AbortSignal>((resolve) => (started = resolve));
    const { id } = await client.createJob({ type: 'long', queue });
    const { worker } = startWorker({
      queue,
      handler: async (_job, { signal }) => {
        started(signal);
        await aborted(signal);
        throw signal.reason;
      },
    });

    const signal = await running;
    await expect(client.cancelJob(id)).resolves.toMatchObject({ id, status: 'running', cancelRequested: true });
    await aborted(signal);
    await vi.waitFor(async () => expect(await statusOf(id)).toMatchObject({ status: 'cancelled' }), SETTLED);
    await stopWorker(worker);

    expect(signal.reason).toBeInstanceOf(JobAbortedError);
    expect(signal.reason).toMatchObject({ reason: 'cancelled' });
  });

  it('stop() waits out the grace, then aborts the jobs still running and releases them: pending, attempts 0', async () => {
    const queue = uniqueQueue();
    const { ids } = await client.createJobs(Array.from({ length: 3 }, (_, i) => ({ type: 'stuck', queue, payload: { i } })));
    const signals = new Map<string, AbortSignal>();
    let allStarted!: () => void;
    const started = new Promise<void>((resolve) => (allStarted = resolve));
    const { worker } = startWorker({
      queue,
      concurrency: 3,
      shutdownGraceMs: 100,
      handler: async (job, { signal }) => {
        signals.set(job.id, signal);
        if (signals.size === 3) allStarted();
        // one handler ignores its signal altogether: it is released all the same
        if ((job.payload as { i: number }).i === 0) return new Promise(() => {});
        await aborted(signal);
        throw signal.reason;
      },
    });
    await started;
    expect((await statusOf(ids[0])).status).toBe('running');

    await stopWorker(worker);

    for (const id of ids) {
      expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(signals.get(id)?.reason).toMatchObject({ reason: 'shutdown' });
    }
  });

  it('drops the result of a job whose lease another claim took, and aborts its signal', async () => {
    const queue = uniqueQueue();
    const { id } = await client.createJob({ type: 'contested', queue, payload: 'mine' });
    // the worker's requests wait while the test hands the job to a second claim, so that its own
    // long poll cannot take the released job first
    let gate: Promise<void> = Promise.resolve();
    const gated = createClaimqClient({ baseUrl, apiKey: API_KEY, fetch: async (request) => gate.then(() => fetch(request)) });
    const raw = client.api;
    let calls = 0;
    let reason: unknown;
    const { worker, logs } = startWorker({
      client: gated,
      queue,
      concurrency: 1,
      handler: async (job, { signal, token }) => {
        calls++;
        let open!: () => void;
        gate = new Promise((resolve) => (open = resolve));
        try {
          const released = await raw.POST('/jobs/{id}/release', { params: { path: { id: job.id } }, body: { token } });
          expect(released.data).toEqual({ id: job.id, status: 'pending' });
          const second = await raw.POST('/queues/{queue}/claims', { body: { worker: { id: 'second-claim' }, max: 1 }, params: { path: { queue } } });
          const [claimed] = second.data?.jobs ?? [];
          expect(claimed.job.id).toBe(job.id);
          const completed = await raw.POST('/jobs/{id}/complete', { params: { path: { id: job.id } }, body: { token: claimed.token, result: 'theirs' } });
          expect(completed.data).toEqual({ id: job.id, status: 'succeeded' });
        } finally {
          open();
        }
        await aborted(signal);
        reason = signal.reason;
        return 'mine';
      },
    });

    await vi.waitFor(() => expect(reason).toBeDefined(), SETTLED);
    await stopWorker(worker);

    expect(reason).toMatchObject({ reason: 'stale' });
    expect(calls).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', result: 'theirs', workerId: 'second-claim' });
    expect(logs.some((line) => line.includes('no longer this worker') && line.includes(id))).toBe(true);
  });

  it('sends a batch of settlements again after a lost answer and a 503, and records each result once', async () => {
    const queue = uniqueQueue();
    const { ids } = await client.createJobs(Array.from({ length: 20 }, (_, i) => ({ type: 'echo', queue, payload: { i } })));
    // the first POST /settlements is stored but its answer lost; the second meets a store outage
    const faults = ['answer lost', 'store down'];
    const faulty = createClaimqClient({
      baseUrl,
      apiKey: API_KEY,
      fetch: async (request) => {
        if (new URL(request.url).pathname !== '/settlements' || faults.length === 0) return fetch(request);
        if (faults.shift() === 'answer lost') {
          await (await fetch(request)).arrayBuffer();
          throw new TypeError('fetch failed');
        }
        const body = { statusCode: 503, error: 'Service Unavailable', message: 'the job store is unreachable' };
        return Response.json(body, { status: 503, headers: { 'Retry-After': '1' } });
      },
    });
    let runs = 0;
    const { worker, logs } = startWorker({
      client: faulty,
      queue,
      handler: async (job) => {
        runs++;
        return job.payload;
      },
    });

    await vi.waitFor(async () => {
      for (const id of ids) expect((await statusOf(id)).status).toBe('succeeded');
    }, SETTLED);
    await stopWorker(worker);

    expect(faults).toEqual([]);
    expect(runs).toBe(20);
    for (const [i, id] of ids.entries()) expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 1, result: { i } });
    expect(logs.filter((line) => line.startsWith('sending'))).toHaveLength(2);
    expect(logs.some((line) => line.includes('stale'))).toBe(false);
  });

  it('run() rejects when the service refuses its claims for good (an unknown key), and the worker stops', async () => {
    const queue = uniqueQueue();
    const { worker, logs } = startWorker({ client: createClaimqClient({ baseUrl, apiKey: 'not-a-key-of-this-service' }), queue, handler: async () => 'never' });

    const error = await worker.run().catch((e: unknown) => e);
    workers.delete(worker);

    expect(error).toBeInstanceOf(ClaimqApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(logs.some((line) => line.startsWith('claim refused'))).toBe(true);
  });

  it('runs the example worker, which finishes its running jobs on SIGTERM and exits by itself', async () => {
    const queue = uniqueQueue();
    // as many jobs as slots: the first claim takes both, and no claim is under way at the SIGTERM
    const { ids } = await client.createJobs(Array.from({ length: 2 }, (_, i) => ({ type: 'echo', queue, payload: { i } })));
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'clients/typescript/examples/worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, CLAIMQ_URL: baseUrl, CLAIMQ_API_KEY: API_KEY, CLAIMQ_QUEUE: queue, CLAIMQ_CONCURRENCY: '2', CLAIMQ_EXAMPLE_SLEEP_MS: '2000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    await vi.waitFor(async () => {
      for (const id of ids) expect((await statusOf(id)).status).not.toBe('pending');
    }, SETTLED);
    child.kill('SIGTERM');
    const code = await exited;
    children.delete(child);

    expect({ code, stderr }).toMatchObject({ code: 0, stderr: expect.stringContaining('SIGTERM: draining') });
    expect(stdout.trim().split('\n').sort()).toEqual(ids.map((id) => `processed ${id}`).sort());
    for (const [i, id] of ids.entries()) expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 1, result: { i } });
  });
});

/**
 * With heartbeats two minutes apart, a cancel reaches a running remote job only through the
 * worker's cancel poll (GET /workers/:workerId/cancels): asked through another API instance than
 * the one the worker polls, on Redis, it must still stop the job well within the test's time.
 */
describe('Worker cancel poll (Redis, two API instances, heartbeats 2 min apart)', () => {
  const [, [, redisEnv]] = e2eStores();
  const apps: E2eApp[] = [];
  let workers: Worker[] = [];

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const app of apps) await app.close();
  });

  it('stops a job within moments of its cancel, asked of another API instance, long before the next heartbeat', async () => {
    const env = { ...redisEnv, MODE: 'api', API_KEYS: API_KEY, HEARTBEAT_MS: '120000', LEASE_MS: '300000', WORKER_DEAD_MS: '600000' };
    for (let i = 0; i < 2; i++) {
      const app = await startE2eApp(env);
      await app.app.listen(0, '127.0.0.1');
      apps.push(app);
    }
    const url = (app: E2eApp) => `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
    const polled = createClaimqClient({ baseUrl: url(apps[0]), apiKey: API_KEY });
    const asked = createClaimqClient({ baseUrl: url(apps[1]), apiKey: API_KEY });
    const queue = uniqueQueue();
    let started!: (signal: AbortSignal) => void;
    const running = new Promise<AbortSignal>((resolve) => (started = resolve));
    const worker = new Worker({
      client: polled,
      queue,
      shutdownGraceMs: 2_000,
      logger: { warn: () => {}, error: () => {} },
      handler: async (_job, { signal }) => {
        started(signal);
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        throw signal.reason;
      },
    });
    workers = [worker];
    worker.start();
    const { id } = await asked.createJob({ type: 'long', queue });
    const signal = await running;
    await asked.cancelJob(id);
    await vi.waitFor(() => expect(signal.aborted).toBe(true), SETTLED);
    expect(signal.reason).toMatchObject({ reason: 'cancelled' });
    await vi.waitFor(async () => expect(await asked.getJob(id)).toMatchObject({ status: 'cancelled', attempts: 1 }), SETTLED);
  });
});
