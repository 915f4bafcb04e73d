import { Redis } from 'ioredis';
import { MAX_EXECUTION_JOBS, newExecutionId } from '../../../domain/execution';
import { deletePrefixedKeys, listPrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../../../test/support/redis-store-harness';
import { createRedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
import { RedisScripts } from './redis-scripts';

const Q = 'create';
const NOW = Date.UTC(2030, 0, 1);

/**
 * create-execution.lua is all or nothing: every check runs before its first write, so a call that
 * fails (here on the arguments of its last job) leaves no key behind.
 */
describe('create-execution.lua (real Redis)', () => {
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
    await expect(scripts.run('create-execution', keys.scriptKeys(), args(id, MAX_EXECUTION_JOBS, lastJob))).rejects.toThrow(/claimq enqueue/);
    await expect(listPrefixedKeys(redis, prefix)).resolves.toEqual([]);
  });

  it('writes nothing when the idempotency key names a live execution', async () => {
    const first = newExecutionId(Q, NOW);
    const [createdId] = (await scripts.run('create-execution', keys.scriptKeys(), args(first, 2))) as [string];
    expect(createdId).toBe(first);
    const before = (await listPrefixedKeys(redis, prefix)).sort();
    const stream = await redis.xlen(keys.events);

    const second = newExecutionId(Q, NOW + 1);
    const [id, , notCreated] = (await scripts.run('create-execution', keys.scriptKeys(), args(second, 3))) as [string, unknown, unknown[]];
    expect(id).toBe(first);
    expect(notCreated).toEqual([]);
    await expect(listPrefixedKeys(redis, prefix).then((k) => k.sort())).resolves.toEqual(before);
    await expect(redis.xlen(keys.events)).resolves.toBe(stream);
    await expect(redis.exists(keys.execution(second))).resolves.toBe(0);
  });
});
