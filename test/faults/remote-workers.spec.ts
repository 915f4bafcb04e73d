import { Redis } from 'ioredis';
import { freePort } from '../support/free-port';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RemoteWorkerProcess, WorkerLanguage } from '../support/remote-worker-processes';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';

const QUEUE = 'remote';
const KEY = 'remote-fault-write-key-0123';
const WORKER_KEY = 'remote-fault-worker-key-0123';

interface JobJson {
  id: string;
  status: string;
  attempts: number;
  workerId?: string;
  finishedAt?: string;
  result?: unknown;
}

/**
 * Remote workers of the three clients as real OS processes against a real `MODE=api` process on
 * Redis, with real signals: they share a queue, each job recorded once; kill -9 of one returns its
 * jobs after WORKER_DEAD_MS; one stopped (SIGSTOP) past its lease cannot record its result when it
 * resumes; the API process killed and restarted under them loses nothing.
 */
describe('remote worker processes', () => {
  let prefix: string;
  let api: ClaimqProcess | undefined;
  let port: number;
  let workers: RemoteWorkerProcess[] = [];
  let admin: Redis;

  beforeAll(() => ensureBuilt(), 180_000);

  beforeEach(async () => {
    prefix = uniqueTestPrefix();
    admin = createRedisClient(TEST_REDIS_URL);
    port = await freePort();
    api = await startApi();
  });

  afterEach(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    workers = [];
    await api?.kill();
    await deletePrefixedKeys(admin, prefix);
    admin.disconnect();
  });

  async function startApi(): Promise<ClaimqProcess> {
    const proc = await ClaimqProcess.start({
      MODE: 'api',
      PORT: String(port),
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      QUEUES: QUEUE,
      API_KEYS: KEY,
      API_KEYS_WORKER: `${WORKER_KEY}@${QUEUE}`,
      // short enough for the kill and SIGSTOP cases to take seconds; long enough that a worker
      // process starved of CPU for a moment (CI runs this beside the 1,000,000-row history
      // migration) is not taken for dead: with 2 s, one was, and its job ran a second attempt
      LEASE_MS: '12000',
      HEARTBEAT_MS: '1000',
      WORKER_DEAD_MS: '6000',
      REAPER_INTERVAL_MS: '300',
    });
    await proc.waitForOutput(/listening on/, 60_000);
    return proc;
  }

  const url = (): string => `http://127.0.0.1:${port}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url()}${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function enqueue(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1_000) {
      const jobs = Array.from({ length: Math.min(1_000, count - i) }, (_, k) => ({ queue: QUEUE, type: 'echo', payload: { n: i + k } }));
      ids.push(...(await call<{ ids: string[] }>('POST', '/jobs/bulk', { jobs })).ids);
    }
    return ids;
  }

  const job = (id: string): Promise<JobJson> => call<JobJson>('GET', `/jobs/${id}`);

  async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let value: T | undefined;
      try {
        value = await check();
      } catch {
        value = undefined; // the API process is restarting
      }
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${workers.map((w) => `--- ${w.language}\n${w.log.slice(-3000)}`).join('\n')}\n--- api\n${api?.log.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function allSucceeded(ids: string[]): Promise<true | undefined> {
    const stats = await call<{ counts: Record<string, number> }>('GET', `/queues/${QUEUE}/stats`).catch(() => undefined);
    if (stats?.counts && stats.counts.succeeded < ids.length) return undefined;
    for (const id of ids) if ((await job(id)).status !== 'succeeded') return undefined;
    return true;
  }

  function worker(language: WorkerLanguage, options: { concurrency?: number; sleepMs?: number } = {}): RemoteWorkerProcess {
    const proc = RemoteWorkerProcess.start(language, { url: url(), queue: QUEUE, apiKey: WORKER_KEY, ...options });
    workers.push(proc);
    return proc;
  }

  async function runningBy(id: string): Promise<string | undefined> {
    const j = await job(id);
    return j.status === 'running' ? j.workerId : undefined;
  }

  it('a Go, a Python and a TypeScript worker drain one queue together, each job recorded once', async () => {
    const pool = [worker('go', { sleepMs: 5 }), worker('python', { sleepMs: 5 }), worker('typescript', { sleepMs: 5 })];
    // the jobs come once all three poll (a worker is listed from its first claim)
    await until('the three workers to claim', async () => {
      const { live } = await call<{ live: unknown[] }>('GET', '/workers');
      return live.length === 3 ? true : undefined;
    });
    const ids = await enqueue(300);
    await until('every job to succeed', () => allSucceeded(ids), 120_000);
    // each shows in GET /workers with the language its client names
    const { live } = await call<{ live: { language?: string }[] }>('GET', '/workers');
    expect(live.map((w) => w.language).sort()).toEqual(['go', 'python', 'typescript']);
    await Promise.all(pool.map((w) => w.stop()));
    const processed = pool.flatMap((w) => w.processed());
    expect(processed.sort()).toEqual([...ids].sort());
    for (const w of pool) expect(w.processed().length, `${w.language} processed none:\n${w.log}`).toBeGreaterThan(0);
    const attempts = await Promise.all(ids.map(async (id) => (await job(id)).attempts));
    expect(attempts.every((a) => a === 1)).toBe(true);
  }, 180_000);

  it('kill -9 of a worker mid-job: after WORKER_DEAD_MS its jobs run again on another, once', async () => {
    const ids = await enqueue(2);
    const doomed = worker('go', { concurrency: 2, sleepMs: 600_000 });
    const holder = await until('both jobs to run on the Go worker', async () => {
      const holders = await Promise.all(ids.map(runningBy));
      return holders.every((h) => h !== undefined && h === holders[0]) ? holders[0] : undefined;
    });
    doomed.signal('SIGKILL');
    await doomed.exited;
    const rescuer = worker('python', { concurrency: 2, sleepMs: 0 });
    await until('both jobs to succeed', () => allSucceeded(ids));
    for (const id of ids) expect(await job(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    await rescuer.stop();
    expect(rescuer.processed().sort()).toEqual([...ids].sort());
    const { dead } = await call<{ dead: { id: string; requeued: number; jobIds: string[] }[] }>('GET', '/workers');
    expect(dead).toContainEqual(expect.objectContaining({ id: holder, requeued: 2, jobIds: expect.arrayContaining(ids) }));
  }, 180_000);

  it('a worker stopped (SIGSTOP) past its lease cannot record its result when it resumes', async () => {
    const [id] = await enqueue(1);
    const paused = worker('typescript', { concurrency: 1, sleepMs: 2_000 });
    const first = await until('the job to run on the TypeScript worker', () => runningBy(id));
    paused.signal('SIGSTOP');
    // past its lease and WORKER_DEAD_MS: the job goes back, and another worker records it
    const other = worker('go', { concurrency: 1, sleepMs: 0 });
    const done = await until('the job to succeed on the other worker', async () => {
      const j = await job(id);
      return j.status === 'succeeded' ? j : undefined;
    });
    expect(done.workerId).not.toBe(first);
    paused.signal('SIGCONT');
    // it finishes its handler, its settle is refused (stale), and it drains and exits
    expect((await paused.stop()).code).toBe(0);
    await other.stop();
    expect(await job(id)).toEqual(done);
  }, 180_000);

  it('the API process killed and restarted under running workers loses nothing', async () => {
    const ids = await enqueue(600);
    const pool = [worker('go', { sleepMs: 10 }), worker('python', { sleepMs: 10 }), worker('typescript', { sleepMs: 10 })];
    await until('a third of the jobs to succeed', async () => {
      const stats = await call<{ counts: Record<string, number> }>('GET', `/queues/${QUEUE}/stats`);
      return stats.counts.succeeded >= 200 ? true : undefined;
    });
    await api!.kill();
    api = await startApi();
    await until('every job to succeed', () => allSucceeded(ids), 120_000);
    await Promise.all(pool.map((w) => w.stop()));
    const statuses = await Promise.all(ids.map(async (id) => (await job(id)).status));
    expect(new Set(statuses)).toEqual(new Set(['succeeded']));
  }, 240_000);
});
