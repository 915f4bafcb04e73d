import { Redis } from 'ioredis';
import { MAX_EXECUTION_JOBS, newExecutionId } from '../../../domain/execution';
import { deletePrefixedKeys, listPrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../../../test/support/redis-store-harness';
import { createRedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
import { RedisScripts } from './redis-scripts';
import { RedisEngine } from './redis-engine';
import { ManualClock } from '../../../domain/clock';
import { normalizeJobSpec } from '../../../domain/job-spec';

const Q = 'create';
const NOW = Date.UTC(2030, 0, 1);

/**
 * A script that fails leaves the store as it was: every check runs before its first write, so a
 * call that fails on the arguments of its last item leaves no change behind.
 */
describe('scripts that fail write nothing (real Redis)', () => {
  let redis: Redis;
  let prefix: string;
  let keys: RedisQueueKeys;
  let scripts: RedisScripts;

  beforeEach(() => {
    prefix = uniqueTestPrefix();
    redis = createRedisClient(TEST_REDIS_URL);
    keys = new RedisQueueKeys(prefix, Q);
    scripts = new RedisScripts(redis);
  });

  afterEach(async () => {
    await deletePrefixedKeys(redis, prefix);
    await redis.quit();
  });

  /** ARGV for an execution of `n` jobs; `lastJob` replaces the fields of the last one. */
  function args(id: string, n: number, lastJob?: (string | number)[]): (string | number)[] {
    const out: (string | number)[] = [NOW, 1000, id, '', 'key-1', n];
    for (let i = 0; i < n; i++) {
      const jobId = `${Q}-job${i}`;
      if (i === n - 1 && lastJob) out.push(jobId, ...lastJob);
      else out.push(jobId, 4, 'type', 't', 'st', 'pending', 'ct', NOW, 'ex', id);
    }
    return out;
  }

  it.each([
    ['a field count that is not a number', ['x', 'type', 't']],
    ['fields running past the arguments', [9, 'type', 't']],
    ['no status', [1, 'type', 't']],
    ['a scheduled job without runAt', [2, 'type', 't', 'st', 'scheduled']],
  ])(`writes nothing when job ${MAX_EXECUTION_JOBS} of ${MAX_EXECUTION_JOBS} has %s`, async (_what, lastJob) => {
    const id = newExecutionId(Q, NOW);
    await expect(scripts.run('create-execution', keys, args(id, MAX_EXECUTION_JOBS, lastJob))).rejects.toThrow(/claimq: enqueue|claimq enqueue/);
    await expect(listPrefixedKeys(redis, prefix)).resolves.toEqual([]);
  });

  it('writes nothing when the idempotency key names a live execution', async () => {
    const first = newExecutionId(Q, NOW);
    const [createdId] = (await scripts.run('create-execution', keys, args(first, 2))) as [string];
    expect(createdId).toBe(first);
    const before = (await listPrefixedKeys(redis, prefix)).sort();
    const stream = await redis.xlen(keys.events);

    const second = newExecutionId(Q, NOW + 1);
    const [id, , notCreated] = (await scripts.run('create-execution', keys, args(second, 3))) as [string, unknown, unknown[]];
    expect(id).toBe(first);
    expect(notCreated).toEqual([]);
    await expect(listPrefixedKeys(redis, prefix).then((k) => k.sort())).resolves.toEqual(before);
    await expect(redis.xlen(keys.events)).resolves.toBe(stream);
    await expect(redis.exists(keys.execution(second))).resolves.toBe(0);
  });

  it('fail.lua: a batch whose last item has a bad jitter settles none of its leases', async () => {
    const store = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock: new ManualClock(NOW) });
    try {
      const jobs = Array.from({ length: 3 }, () => normalizeJobSpec({ type: 't', queue: Q }, { now: NOW, maxPayloadBytes: 1 << 20 }));
      await store.jobs.enqueue(jobs);
      const claimed = (await store.jobs.claim(Q, 'w1', 3, 30_000)).jobs;
      const items = claimed.flatMap((c, i) => [c.job.id, c.token, 'boom', '1', '', i === 2 ? 'not-a-number' : 0.5, '']);
      await expect(scripts.run('fail', keys, [NOW, 1000, ...items])).rejects.toThrow(/jitter|arithmetic/);
      await expect(store.admin.counts(Q)).resolves.toMatchObject({ running: 3, scheduled: 0, pending: 0 });
      for (const c of claimed) await expect(store.admin.get(c.job.id)).resolves.toMatchObject({ status: 'running', attempts: 1 });
    } finally {
      await store.close();
    }
  });
});
