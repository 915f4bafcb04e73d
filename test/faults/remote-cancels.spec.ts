import { Redis } from 'ioredis';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RemoteWorkerProcess, WorkerLanguage } from '../support/remote-worker-processes';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';

const QUEUE = 'remote-cancels';
const KEY = 'remote-cancel-write-key-0123';
const WORKER_KEY = 'remote-cancel-worker-key-0123';
/** Each case's budget: far below the heartbeat's 2 minutes, so only the cancel poll can end the job in time. */
const BUDGET_MS = 45_000;

interface JobJson {
  id: string;
  status: string;
  attempts: number;
  workerId?: string;
}

/**
 * A cancel reaching a job that a remote worker runs, where users deploy it: two `MODE=api`
 * processes on one Redis, the example worker of each client as its own OS process polling one of
 * them, the cancel asked of the other. Heartbeats are 2 minutes apart (HEARTBEAT_MS), so a job
 * that ends `cancelled` within a case's 45 s heard of its cancel through the worker's cancel poll
 * (GET /workers/:workerId/cancels), not its heartbeat.
 */
describe('cancels reaching remote worker processes at once (two API processes, heartbeats 2 minutes apart)', () => {
  let prefix: string;
  let apis: ClaimqProcess[] = [];
  let workers: RemoteWorkerProcess[] = [];
  let admin: Redis;

  beforeAll(() => ensureBuilt(), 180_000);

  beforeEach(async () => {
    prefix = uniqueTestPrefix();
    admin = createRedisClient(TEST_REDIS_URL);
    const env = {
      MODE: 'api',
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      QUEUES: QUEUE,
      API_KEYS: KEY,
      API_KEYS_WORKER: `${WORKER_KEY}@${QUEUE}`,
      HEARTBEAT_MS: '120000',
      LEASE_MS: '300000',
      WORKER_DEAD_MS: '600000',
    };
    apis = await Promise.all([0, 1].map(() => ClaimqProcess.start(env)));
    await Promise.all(apis.map((api) => api.waitForOutput(/listening on/, 60_000)));
  }, 120_000);

  afterEach(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    workers = [];
    await Promise.all(apis.map((api) => api.kill()));
    apis = [];
    await deletePrefixedKeys(admin, prefix);
    admin.disconnect();
  });

  const url = (api: ClaimqProcess): string => `http://127.0.0.1:${api.port}`;

  async function call<T>(api: ClaimqProcess, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url(api)}${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + BUDGET_MS;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}\n${workers.map((w) => `--- ${w.language}\n${w.log.slice(-3000)}`).join('\n')}\n--- api\n${apis.map((a) => a.log.slice(-2000)).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it.each<WorkerLanguage>(['typescript', 'go', 'python'])(
    'a job the %s worker runs ends cancelled within moments of a cancel asked of the other API process',
    async (language) => {
      const [polled, asked] = apis;
      // a job that would take a minute: only its cancel ends it within the budget
      workers.push(RemoteWorkerProcess.start(language, { url: url(polled), queue: QUEUE, apiKey: WORKER_KEY, concurrency: 2, sleepMs: 60_000 }));
      const { id } = await call<{ id: string }>(asked, 'POST', '/jobs', { queue: QUEUE, type: 'echo', payload: { n: 1 } });
      await until('the job to run', async () => ((await call<JobJson>(asked, 'GET', `/jobs/${id}`)).status === 'running' ? true : undefined));
      await call(asked, 'POST', `/jobs/${id}/cancel`);
      const ended = await until('the job to end cancelled', async () => {
        const j = await call<JobJson>(asked, 'GET', `/jobs/${id}`);
        return j.status === 'running' ? undefined : j;
      });
      expect(ended).toMatchObject({ id, status: 'cancelled', attempts: 1 });
      expect(workers[0].processed()).toEqual([]);
    },
    BUDGET_MS + 30_000,
  );
});
