import { RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { startRouteServer, RouteServer } from '../support/loopback-http';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { callApi, HeldCalls } from '../support/held-calls';
import { uniqueTestPrefix } from '../support/redis-store-harness';
import { oneRedis, RedisTopology, redisCluster } from '../support/redis-topologies';

/** Each test's budget: less than a 60 s wait, so a wait that only its time ended fails the test. */
const WAKE_BUDGET_MS = 45_000;

describeWaits('one Redis', 'default', oneRedis);
describeWaits('one Redis, a queue of 3 partitions', 'default:3', oneRedis);
describeWaits('a Redis Cluster of 3 masters and 3 replicas, a queue of 3 partitions', 'default:3', redisCluster);

/**
 * `?waitMs=` on POST /jobs and GET /jobs/:id where users deploy it: two API processes and a worker
 * process apart. The jobs are `http` jobs calling a loopback server in this test that holds each
 * call until the test lets it answer, so what is asserted is which state a wait answers with, not
 * how fast: a wait answers with the job's end, from whichever API process, also one that did not
 * enqueue it; a wait that runs out answers with the job as it stands; 1,000 waits on one API
 * process each get their own job's end. Every wait that expects an end asks for 60 s, the longest,
 * and each test has 45 s: a wait the job's end did not wake (it would answer when its time ran out,
 * with the state read then) fails the test, so these tests show the end reached the wait.
 */
function describeWaits(where: string, queues: string, open: () => Promise<RedisTopology>): void {
  describe(`waiting for a job's end with API and worker processes apart, on ${where}`, () => {
    let topology: RedisTopology;
    let prefix: string;
    let admin: RedisClient;
    let target: RouteServer;
    let procs: ClaimqProcess[] = [];
    /** Two API processes and a worker process, started before each test (their start is no part of its budget). */
    let apis: ClaimqProcess[] = [];
    /** Held calls by their path: the test answers them. */
    let held: HeldCalls;

    beforeAll(async () => {
      ensureBuilt();
      topology = await open();
    }, 180_000);

    afterAll(async () => {
      await topology?.stop();
    });

    beforeEach(async () => {
      prefix = uniqueTestPrefix();
      admin = topology.connect();
      target = await startRouteServer();
      held = new HeldCalls(target, () => procs.map((p) => p.log.slice(-1500)).join('\n---\n'));
      apis = await startApis(2);
      await startWorker();
    }, 180_000);

    afterEach(async () => {
      held.releaseAll();
      await Promise.all(procs.splice(0).map((p) => p.kill()));
      await target.close();
      await topology.cleanup(admin, prefix);
      admin.disconnect();
    });

    const env = (): Record<string, string> => ({ JOB_STORE: 'redis', ...topology.env(), REDIS_PREFIX: prefix, QUEUES: queues, HTTP_HOST_CONCURRENCY: '0' });

    async function startApis(count: number): Promise<ClaimqProcess[]> {
      const apis = await Promise.all(Array.from({ length: count }, () => ClaimqProcess.start({ ...env(), MODE: 'api' })));
      procs.push(...apis);
      await Promise.all(apis.map((p) => p.waitForOutput(/listening on/)));
      return apis;
    }

    async function startWorker(): Promise<ClaimqProcess> {
      const worker = await ClaimqProcess.start({ ...env(), MODE: 'worker', WORKER_CONCURRENCY: '50' });
      procs.push(worker);
      await worker.waitForOutput(/claiming from/);
      return worker;
    }




    const httpJob = (path: string): Record<string, unknown> => ({ type: 'http', payload: { url: `${target.base}${path}`, method: 'POST' }, maxAttempts: 1 });

    it('answers POST /jobs?waitMs with the job once it has succeeded, and GET /jobs/:id?waitMs on another API process likewise', async () => {
      const [a, b] = apis;
      held.hold('/one');
      const posted = callApi(a, 'POST', '/jobs?waitMs=60000', httpJob('/one'));
      await held.answer('/one', 200, { answer: 42 });
      const done = await posted;
      expect(done.status).toBe(201);
      expect(done.json).toMatchObject({ status: 'succeeded', result: { status: 200, body: { answer: 42 } } });

      held.hold('/two');
      const created = await callApi(a, 'POST', '/jobs', httpJob('/two'));
      expect(created.status).toBe(201);
      const waited = callApi(b, 'GET', `/jobs/${created.json.id as string}?waitMs=60000`);
      await held.answer('/two', 400, { no: true });
      const ended = await waited;
      expect(ended.status).toBe(200);
      expect(ended.json).toMatchObject({ id: created.json.id, status: 'failed' });
      expect(ended.json.lastError).toEqual(expect.any(String));
    }, WAKE_BUDGET_MS);

    it('answers a wait that runs out with the job as it stands, running', async () => {
      const [api] = apis;
      held.hold('/slow');
      const created = await callApi(api, 'POST', '/jobs', httpJob('/slow'));
      await held.call('/slow');
      const waited = await callApi(api, 'GET', `/jobs/${created.json.id as string}?waitMs=300`);
      expect(waited.status).toBe(200);
      expect(waited.json).toMatchObject({ id: created.json.id, status: 'running' });
      await held.answer('/slow', 200, {});
      const after = await callApi(api, 'GET', `/jobs/${created.json.id as string}?waitMs=60000`);
      expect(after.json).toMatchObject({ status: 'succeeded' });
    }, WAKE_BUDGET_MS);

    it('answers GET /executions/:id?waitMs on the other API process once the worker process ended every job of the execution', async () => {
      const [a, b] = apis;
      held.hold('/exec-last');
      const created = await callApi(a, 'POST', '/executions', { jobs: [{ type: 'noop' }, { type: 'sleep', payload: { ms: 200 } }, httpJob('/exec-last')] });
      expect(created.status).toBe(201);
      const waited = callApi(b, 'GET', `/executions/${created.json.id as string}?waitMs=60000`);
      await held.answer('/exec-last', 200, {});
      expect(await waited).toMatchObject({ status: 200, json: { status: 'succeeded', counts: { succeeded: 3 } } });
    }, WAKE_BUDGET_MS);

    it("answers a wait that outlives its job's deadline with the job its timeout failed on the worker process", async () => {
      const [a] = apis;
      const done = await callApi(a, 'POST', '/jobs?waitMs=60000', { type: 'sleep', payload: { ms: 600_000 }, timeoutMs: 500, maxAttempts: 1 });
      expect(done).toMatchObject({ status: 201, json: { status: 'failed', attempts: 1, lastError: 'timed out after 500ms' } });
    }, WAKE_BUDGET_MS);

    it('gives each of 1,000 waits on one API process its own job, once their queue is resumed and the worker runs them', async () => {
      const [api] = apis;
      // paused: the worker claims nothing until every wait is in
      const queue = queues.split(':')[0];
      expect((await callApi(api, 'POST', `/queues/${queue}/pause`)).status).toBe(200);
      const ids: string[] = [];
      for (let i = 0; i < 1_000; i += 100) {
        const bulk = await callApi(api, 'POST', '/jobs/bulk', { jobs: Array.from({ length: 100 }, (_, k) => ({ type: 'noop', payload: { n: i + k } })) });
        expect(bulk.status).toBe(201);
        ids.push(...(bulk.json.ids as string[]));
      }
      const waits = ids.map((id) => callApi(api, 'GET', `/jobs/${id}?waitMs=60000`));
      expect((await callApi(api, 'POST', `/queues/${queue}/resume`)).status).toBe(200);
      const answers = await Promise.all(waits);
      expect(answers.map((a) => [a.status, a.json.id, a.json.status])).toEqual(ids.map((id) => [200, id, 'succeeded']));
    }, WAKE_BUDGET_MS);
  });
}
