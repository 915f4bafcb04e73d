import { DataSource } from 'typeorm';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RedisCluster } from '../support/redis-cluster';
import { RemoteWorkerProcess } from '../support/remote-worker-processes';
import { uniqueTestPrefix } from '../support/redis-store-harness';
import { waitFor } from '../support/wait-for';

/** A bounded request to a claimq process: a hang fails the test instead of stalling it. */
async function call(api: ClaimqProcess, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${api.port}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (metrics)
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Queue names whose hash slots are served by `count` different masters of `cluster`. */
async function queuesOnDistinctMasters(cluster: RedisCluster, count: number): Promise<{ queue: string; master: number }[]> {
  const picked: { queue: string; master: number }[] = [];
  for (let i = 0; picked.length < count && i < 200; i++) {
    const queue = `q${i}`;
    const master = await cluster.masterOf(`{${queue}}`);
    if (!picked.some((p) => p.master === master)) picked.push({ queue, master });
  }
  if (picked.length < count) throw new Error(`found queues on only ${picked.length} masters`);
  return picked;
}

/**
 * The README's quick-start calls against the built service on a real Redis Cluster (3 masters,
 * 3 replicas): three queues whose slots live on three different masters, workers, executions and
 * history through the consumer groups of each queue's stream. Then readiness through a master's
 * failover, and a start that refuses a cluster it cannot use.
 */
describe('claimq on a Redis Cluster (the built service)', () => {
  let cluster: RedisCluster;
  let db: TestDatabase;
  let history: DataSource | undefined;
  let api: ClaimqProcess | undefined;
  let remoteApi: ClaimqProcess | undefined;
  let remoteWorker: RemoteWorkerProcess | undefined;
  let queues: { queue: string; master: number }[];
  const prefix = uniqueTestPrefix();

  beforeAll(async () => {
    ensureBuilt();
    cluster = await RedisCluster.start();
    db = await createTestDatabase();
    queues = await queuesOnDistinctMasters(cluster, 3);
  }, 180_000);

  afterAll(async () => {
    await remoteWorker?.kill();
    await remoteApi?.kill();
    await api?.kill();
    await history?.destroy();
    await cluster?.stop();
    await db?.drop();
  });

  it('serves the quick-start calls on three queues whose slots live on three masters, and records their history', async () => {
    api = await ClaimqProcess.start({
      JOB_STORE: 'redis',
      // one seed is enough: the client reads the rest of the cluster from it
      REDIS_CLUSTER_NODES: `127.0.0.1:${cluster.ports[0]}`,
      REDIS_PREFIX: prefix,
      QUEUES: queues.map((q) => q.queue).join(','),
      DATABASE_URL: db.url,
      DB_MIGRATE: 'true',
      REAPER_INTERVAL_MS: '500',
      REFRESH_INTERVAL_MS: '200',
    });
    await api.waitForOutput(/listening on/);
    expect((await call(api, 'GET', '/health/ready')).status).toBe(200);

    const jobIds: string[] = [];
    const executionIds: string[] = [];
    for (const { queue } of queues) {
      const created = await call(api, 'POST', '/jobs', { type: 'noop', queue, idempotencyKey: `k-${queue}` });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ queue, status: 'pending' });
      jobIds.push(created.body.id);
      // the same key again: the same job, not a second one
      const again = await call(api, 'POST', '/jobs', { type: 'noop', queue, idempotencyKey: `k-${queue}` });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(created.body.id);

      const bulk = await call(api, 'POST', '/jobs/bulk', {
        jobs: [{ type: 'noop', queue }, { type: 'sleep', queue, payload: { ms: 1 }, delayMs: 600_000 }],
      });
      expect(bulk.status).toBe(201);
      const scheduled = bulk.body.ids[1] as string;
      expect((await call(api, 'POST', `/jobs/${scheduled}/cancel`)).body.status).toBe('cancelled');
      expect((await call(api, 'POST', `/jobs/${scheduled}/retry`)).body.status).toBe('pending');

      const execution = await call(api, 'POST', '/executions', { jobs: [{ type: 'noop', queue }, { type: 'noop', queue }] });
      expect(execution.status).toBe(201);
      executionIds.push(execution.body.id);
    }

    for (const { queue } of queues) {
      await waitFor(`every job of ${queue} to succeed`, async () => {
        const counts = (await call(api!, 'GET', '/queues')).body.find((q: { name: string }) => q.name === queue)?.counts;
        return counts && counts.succeeded === 5 && counts.pending === 0 && counts.running === 0;
      }, { timeoutMs: 30_000, describe: () => api!.log });
      const listed = await call(api, 'GET', `/jobs?queue=${queue}&status=succeeded&limit=50`);
      expect(listed.body.items).toHaveLength(5);
    }
    for (const id of jobIds) expect((await call(api, 'GET', `/jobs/${id}`)).body.status).toBe('succeeded');
    for (const id of executionIds) {
      await waitFor(`execution ${id} to succeed`, async () => (await call(api!, 'GET', `/executions/${id}`)).body.status === 'succeeded', {
        timeoutMs: 30_000,
        describe: () => api!.log,
      });
    }

    history = await new DataSource(historyDataSourceOptions(db.url)).initialize();
    const recorded = await waitFor('the history of all 15 jobs', async () => {
      const [{ n }] = await history!.query(`SELECT count(*)::int AS n FROM job_records WHERE status = 'succeeded'`);
      return n === 15 ? n : undefined;
    }, { timeoutMs: 30_000, describe: () => api!.log });
    expect(recorded).toBe(15);
    expect((await call(api, 'GET', '/metrics')).status).toBe(200);
    expect(api.log).not.toMatch(/CROSSSLOT|MOVED|"level":(50|60)/);
  }, 120_000);

  it('serves remote workers: a Go worker process drains an execution of a queue partitioned over the masters through a MODE=api process', async () => {
    const queue = queues[1].queue;
    remoteApi = await ClaimqProcess.start({
      MODE: 'api',
      JOB_STORE: 'redis',
      REDIS_CLUSTER_NODES: `127.0.0.1:${cluster.ports[0]}`,
      REDIS_PREFIX: `${prefix}-remote`,
      // three partitions: their slots spread over the masters
      QUEUES: `${queue}:3`,
      REFRESH_INTERVAL_MS: '200',
    });
    await remoteApi.waitForOutput(/listening on/);
    const execution = await call(remoteApi, 'POST', '/executions', { jobs: Array.from({ length: 30 }, (_, i) => ({ type: 'remote', queue, payload: { i } })) });
    expect(execution.status).toBe(201);
    remoteWorker = RemoteWorkerProcess.start('go', { url: `http://127.0.0.1:${remoteApi.port}`, queue, concurrency: 4 });
    await waitFor('the execution to succeed', async () => (await call(remoteApi!, 'GET', `/executions/${execution.body.id}`)).body.status === 'succeeded', {
      timeoutMs: 60_000,
      describe: () => `${remoteApi!.log.slice(-3000)}\n--- worker\n${remoteWorker!.log.slice(-3000)}`,
    });
    const jobs = await call(remoteApi, 'GET', `/executions/${execution.body.id}/jobs?limit=50`);
    expect(jobs.body.items).toHaveLength(30);
    expect(new Set(remoteWorker.processed())).toEqual(new Set(jobs.body.items.map((j: { id: string }) => j.id)));
    const workers = await call(remoteApi, 'GET', '/workers');
    expect(workers.body.live).toContainEqual(expect.objectContaining({ language: 'go', queues: [queue] }));
    expect((await remoteWorker.stop()).code).toBe(0);
    expect(remoteApi.log).not.toMatch(/CROSSSLOT|MOVED|"level":(50|60)/);
  }, 120_000);

  it('turns not ready naming redis while a master fails over, and ready again by itself once its replica took over', async () => {
    const victim = queues[0].master;
    await cluster.kill(victim);
    const down = await waitFor('readiness to fail', async () => {
      const res = await call(api!, 'GET', '/health/ready');
      return res.status === 503 ? res : undefined;
    }, { timeoutMs: 20_000 });
    expect(down.body).toMatchObject({ status: 'error', error: { redis: { status: 'down' } } });
    // names the failing check: the cluster's state, or the queue whose slot does not answer
    expect(down.body.error.redis.message).toMatch(/cluster_state:fail|CLUSTER INFO does not answer|the queue list \(slot \d+\) does not answer|queue q\d+ \(slot \d+\) does not answer/);
    expect((await call(api!, 'GET', '/health/live')).status).toBe(200);

    await cluster.waitUntilOk();
    await waitFor('readiness to return', async () => (await call(api!, 'GET', '/health/ready')).status === 200, { timeoutMs: 30_000, describe: () => api!.log });
    expect(await cluster.masterOf(`{${queues[0].queue}}`)).not.toBe(victim);
    const after = await call(api!, 'POST', '/jobs', { type: 'noop', queue: queues[0].queue });
    expect(after.status).toBe(201);
    await waitFor('the job enqueued after the failover to succeed', async () => (await call(api!, 'GET', `/jobs/${after.body.id}`)).body.status === 'succeeded', {
      timeoutMs: 30_000,
      describe: () => api!.log,
    });
    await cluster.restart(victim);
  }, 120_000);

  it('refuses to start when no seed node answers, naming REDIS_CLUSTER_NODES', async () => {
    const dead = await ClaimqProcess.start({ JOB_STORE: 'redis', REDIS_CLUSTER_NODES: '127.0.0.1:1', REDIS_PREFIX: prefix, MODE: 'api' });
    const exit = await dead.exited;
    expect(exit.code).not.toBe(0);
    expect(dead.log).toMatch(/REDIS_CLUSTER_NODES: no Redis Cluster answered at 127\.0\.0\.1:1 within 10000 ms \(no seed accepts a connection/);
  }, 60_000);

  it('refuses to start on a node whose cluster is not ok (no slots assigned), naming the state', async () => {
    // a cluster-enabled server that was never joined to a cluster: it serves no slot
    const lone = await RedisCluster.lone();
    try {
      const proc = await ClaimqProcess.start({ JOB_STORE: 'redis', REDIS_CLUSTER_NODES: `127.0.0.1:${lone.port}`, REDIS_PREFIX: prefix, MODE: 'api' });
      const exit = await proc.exited;
      expect(exit.code).not.toBe(0);
      expect(proc.log).toMatch(/REDIS_CLUSTER_NODES: no Redis Cluster answered at .* \(127\.0\.0\.1:\d+ answers: cluster_state:fail, 0 of 16384 slots assigned\)/);
    } finally {
      await lone.stop();
    }
  }, 60_000);
});
