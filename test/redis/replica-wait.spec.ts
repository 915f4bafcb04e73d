import { normalizeJobSpec } from '../../src/domain/job-spec';
import { StoreUnavailableError } from '../../src/domain/errors';
import { newExecutionId } from '../../src/domain/execution';
import { MAX_WAIT_REPLICAS } from '../../src/config/batch-limits';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { RedisServer } from '../support/redis-server';
import { uniqueTestPrefix } from '../support/redis-store-harness';
import { waitFor } from '../support/wait-for';

const QUEUE = 'wait';

function job(spec: Record<string, unknown> = {}) {
  return normalizeJobSpec({ type: 'noop', queue: QUEUE, ...spec }, { now: Date.now(), maxPayloadBytes: 1 << 20 });
}

/**
 * REDIS_WAIT_REPLICAS at its maximum (5): a master of this file's own with five replicas
 * (`--replicaof`). Enqueue, executions and completions are acknowledged once all five hold them;
 * with one replica gone the write still lands on the master, but the caller is told it is not
 * safe (StoreUnavailableError, a 503), within REDIS_WAIT_TIMEOUT_MS.
 */
describe(`REDIS_WAIT_REPLICAS=${MAX_WAIT_REPLICAS} (its maximum) on a master with ${MAX_WAIT_REPLICAS} replicas`, () => {
  let master: RedisServer;
  const replicas: RedisServer[] = [];
  let store: RedisEngine | undefined;
  const prefix = uniqueTestPrefix();

  beforeAll(async () => {
    master = await RedisServer.start();
    for (let i = 0; i < MAX_WAIT_REPLICAS; i++) {
      replicas.push(await RedisServer.start({ extraArgs: ['--replicaof', '127.0.0.1', String(master.port)] }));
    }
    const admin = createRedisClient(master.url);
    try {
      await waitFor('every replica to be online', async () => {
        const info = await admin.info('replication');
        return (info.match(/state=online/g) ?? []).length === MAX_WAIT_REPLICAS;
      });
    } finally {
      admin.disconnect();
    }
  }, 60_000);

  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await master?.stop();
  });

  it('acknowledges enqueue, an execution and a completion once every replica holds them (the longest timeout allowed)', async () => {
    store = new RedisEngine({ redis: createRedisClient(master.url), prefix, replicaWait: { replicas: MAX_WAIT_REPLICAS, timeoutMs: 60_000 } });
    const [created] = await store.jobs.enqueue([job()]);
    expect(created.created).toBe(true);
    const exId = newExecutionId(QUEUE);
    const execution = await store.executions.create({ id: exId, queue: QUEUE }, [job({ executionId: exId })]);
    expect(execution.total).toBe(1);
    const { jobs } = await store.jobs.claim(QUEUE, 'w1', 10, 60_000);
    expect(jobs).toHaveLength(2);
    await expect(store.jobs.complete(QUEUE, jobs.map((c) => ({ id: c.job.id, token: c.token })))).resolves.toEqual(['succeeded', 'succeeded']);
    // every replica holds the completion
    for (const replica of replicas) {
      const client = createRedisClient(replica.url);
      try {
        await expect(client.hget(`${prefix}:{${QUEUE}}:job:${created.job.id}`, 'st')).resolves.toBe('succeeded');
      } finally {
        client.disconnect();
      }
    }
  });

  it('tells the caller a write is not safe when a replica is missing: 503 after the timeout, the job on the master only', async () => {
    await replicas[MAX_WAIT_REPLICAS - 1].kill();
    store = new RedisEngine({ redis: createRedisClient(master.url), prefix, replicaWait: { replicas: MAX_WAIT_REPLICAS, timeoutMs: 200 } });
    const pending = job();
    const error = await store.jobs.enqueue([pending]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toMatch(/only 4 of 5 replicas confirmed it within 200 ms \(REDIS_WAIT_REPLICAS\)/);
    // the write itself landed: a retry of the same job finds it (and is refused the same way)
    const direct = new RedisEngine({ redis: createRedisClient(master.url), prefix });
    try {
      await expect(direct.admin.get(pending.id)).resolves.toMatchObject({ id: pending.id, status: 'pending' });
    } finally {
      await direct.close();
    }
  });
});
