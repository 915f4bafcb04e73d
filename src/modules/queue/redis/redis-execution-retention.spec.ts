import { Redis } from 'ioredis';
import { ManualClock } from '../../../domain/clock';
import { newExecutionId } from '../../../domain/execution';
import { normalizeJobSpec } from '../../../domain/job-spec';
import { closeRedisStore, openRedisStore } from '../../../../test/support/redis-store-harness';
import { RedisEngine } from './redis-engine';
import { RedisQueueKeys } from './redis-queue-keys';

const Q = 'retention';
const RETENTION_MS = 1_000;

/** The keys behind execution retention: the done zset, the `rf` in-flight count, what a trim leaves. */
describe('RedisEngine execution retention (real Redis)', () => {
  let redis: Redis;
  let store: RedisEngine;
  let clock: ManualClock;
  let prefix: string;
  let keys: RedisQueueKeys;

  beforeEach(() => {
    ({ redis, store, clock, prefix, keys } = openRedisStore(Q));
  });

  afterEach(() => closeRedisStore(store, prefix));

  async function finishedExecution(callbackUrl?: string, idempotencyKey?: string): Promise<string> {
    const id = newExecutionId(Q, clock.now());
    const job = normalizeJobSpec({ type: 't', queue: Q, executionId: id }, { now: clock.now(), maxPayloadBytes: 1 << 20 });
    await store.executions.create({ id, queue: Q, ...(callbackUrl ? { callbackUrl } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) }, [job]);
    const { jobs } = await store.jobs.claim(Q, 'w1', 1, 30_000);
    await store.jobs.complete(Q, [{ id: jobs[0].job.id, token: jobs[0].token }]);
    return id;
  }

  it('counts in-flight refreshes in `rf` and drops the field when the last one ends', async () => {
    const id = await finishedExecution();
    await store.executions.claimRefresh(Q, 'r1', 10);
    await expect(redis.hget(keys.execution(id), 'rf')).resolves.toBe('1');
    await redis.sadd(keys.refresh, id); // dirtied during the refresh
    await store.executions.claimRefresh(Q, 'r2', 10);
    await expect(redis.hget(keys.execution(id), 'rf')).resolves.toBe('2');
    await store.executions.ackRefresh(Q, 'r1', [id], []);
    await store.executions.ackRefresh(Q, 'r1', [id], []); // a repeated ack removes nothing
    await expect(redis.hget(keys.execution(id), 'rf')).resolves.toBe('1');
    clock.advance(10);
    await store.executions.requeueStaleRefresh(Q, 1, 10);
    await expect(redis.hexists(keys.execution(id), 'rf')).resolves.toBe(0);
  });

  it('puts a final execution in the done zset at its ack only once its callback is enqueued', async () => {
    const id = await finishedExecution('http://example.test/cb');
    await store.executions.claimRefresh(Q, 'r1', 10);
    await store.executions.ackRefresh(Q, 'r1', [id], []);
    await expect(redis.zscore(keys.executionsDone, id)).resolves.toBeNull();
    await redis.sadd(keys.refresh, id);
    await store.executions.claimRefresh(Q, 'r1', 10);
    clock.advance(5);
    await store.executions.ackRefresh(Q, 'r1', [id], [id]);
    await expect(redis.zscore(keys.executionsDone, id)).resolves.toBe(String(clock.now()));
  });

  it('deletes the counters, the job list and the done entry; a late ack recreates nothing', async () => {
    const id = await finishedExecution();
    await store.executions.claimRefresh(Q, 'r1', 10);
    await store.executions.ackRefresh(Q, 'r1', [id], []);
    clock.advance(RETENTION_MS + 1);
    await expect(store.executions.trim(Q, RETENTION_MS, 10)).resolves.toBe(1);
    await expect(redis.exists(keys.execution(id), keys.executionJobs(id), keys.executionsDone)).resolves.toBe(0);
    await store.executions.ackRefresh(Q, 'r1', [id], [id]);
    await expect(redis.exists(keys.execution(id), keys.executionsDone)).resolves.toBe(0);
  });

  it('frees the execution\'s idempotency key with it, and leaves a key another execution took since', async () => {
    const id = await finishedExecution(undefined, 'k1');
    await expect(redis.hget(keys.executionsIdem, 'k1')).resolves.toBe(id);
    await store.executions.claimRefresh(Q, 'r1', 10);
    await store.executions.ackRefresh(Q, 'r1', [id], []);
    clock.advance(RETENTION_MS + 1);
    await expect(store.executions.trim(Q, RETENTION_MS, 10)).resolves.toBe(1);
    await expect(redis.exists(keys.executionsIdem)).resolves.toBe(0);

    const older = await finishedExecution(undefined, 'k2');
    await store.executions.claimRefresh(Q, 'r1', 10);
    await store.executions.ackRefresh(Q, 'r1', [older], []);
    await redis.hset(keys.executionsIdem, 'k2', 'taken-since');
    clock.advance(RETENTION_MS + 1);
    await expect(store.executions.trim(Q, RETENTION_MS, 10)).resolves.toBe(1);
    await expect(redis.hget(keys.executionsIdem, 'k2')).resolves.toBe('taken-since');
  });
});
