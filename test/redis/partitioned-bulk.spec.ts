import { StoreUnavailableError } from '../../src/domain/errors';
import { NewJob } from '../../src/domain/job';
import { withPartition } from '../../src/domain/job-id';
import { keyHome } from '../../src/domain/queue-partition';
import { PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { STAGE_DEADLINE_MS } from '../../src/modules/queue/partitions/staged-bulk';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { LEASE_MS, newJob, QUEUE, useHarness } from '../contract/contract-fixtures';
import { StoreHarness } from '../contract/store-harness';
import { partitionedHarness } from '../support/partitioned-store-harness';
import { redisStoreHarness, TEST_REDIS_URL } from '../support/redis-store-harness';

const PARTITIONS = 4;

/** Keys whose homes are partitions 0..PARTITIONS-1, one each (found by trying). */
function keysPerPartition(): string[] {
  const keys: string[] = [];
  for (let i = 0; keys.length < PARTITIONS; i++) {
    const key = `key-${i}`;
    if (keyHome(key, PARTITIONS) === keys.length) keys.push(key);
  }
  return keys;
}

/**
 * A bulk whose idempotency keys hash to several partitions of a queue (so several Redis slots) is
 * all or nothing across them: staged in every partition, then decided in one script of its first
 * partition, then committed. A writer that fails before the decision leaves nothing; one that dies
 * after it leaves a bulk that upkeep completes; a job staged and not settled is never reported as
 * existing.
 */
describe('a bulk across partitions on Redis: all or nothing', () => {
  const current = useHarness(partitionedHarness(() => redisStoreHarness(() => createRedisClient(TEST_REDIS_URL)), PARTITIONS));
  const keys = keysPerPartition();

  function stores(h: StoreHarness): { store: PartitionedEngine; redis: RedisEngine } {
    const store = h.store as PartitionedEngine;
    return { store, redis: store.partitionStore as RedisEngine };
  }

  /** Jobs of one call, one per key, as the partitioned store places them (the key's home). */
  async function placed(h: StoreHarness, jobs: NewJob[]): Promise<NewJob[]> {
    const layout = await stores(h).store.layout(QUEUE);
    return jobs.map((job) => {
      const partition = layout.names[keyHome(job.idempotencyKey!, PARTITIONS)];
      return partition === QUEUE ? job : { ...job, queue: partition, id: withPartition(job.id, partition) };
    });
  }

  it('writes a bulk whose keys lie in every partition whole: each job once, each claimable, each key taken', async () => {
    const h = current();
    const results = await h.store.jobs.enqueue(keys.map((key) => newJob(h, { idempotencyKey: key })));
    expect(results.every((r) => r.created)).toBe(true);
    expect(new Set(results.map((r) => r.job.id.split('-')[0])).size).toBe(PARTITIONS);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: PARTITIONS });
    const again = await h.store.jobs.enqueue(keys.map((key) => newJob(h, { idempotencyKey: key })));
    expect(again.map((r) => [r.created, r.job.id])).toEqual(results.map((r) => [false, r.job.id]));
    const { jobs } = await h.store.jobs.claim(QUEUE, 'w', 10, LEASE_MS);
    expect(jobs.map((j) => j.job.id).sort()).toEqual(results.map((r) => r.job.id).sort());
    expect((await h.takeEvents(QUEUE)).filter((e) => e.k === 'enqueued')).toHaveLength(PARTITIONS);
  });

  it('leaves nothing when a partition refuses its part: no job, no key, no event', async () => {
    const h = current();
    const jobs = keys.map((key) => newJob(h, { idempotencyKey: key }));
    // the last partition's key index is damaged (not a hash): its stage script fails with WRONGTYPE
    const { redis } = stores(h);
    const last = (await placed(h, jobs))[PARTITIONS - 1].queue;
    const admin = createRedisClient(TEST_REDIS_URL);
    const idem = new RedisQueueKeys((redis as unknown as { ctx: { prefix: string } }).ctx.prefix, last).idem;
    await admin.set(idem, 'damaged');
    await expect(h.store.jobs.enqueue(jobs)).rejects.toThrow(/WRONGTYPE/);
    await admin.del(idem);
    admin.disconnect();
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, scheduled: 0 });
    expect(await h.takeEvents(QUEUE)).toEqual([]);
    for (const job of await placed(h, jobs)) await expect(h.store.admin.get(job.id)).resolves.toBeNull();
    const again = await h.store.jobs.enqueue(keys.map((key) => newJob(h, { idempotencyKey: key })));
    expect(again.every((r) => r.created)).toBe(true);
  });

  it('rolls back, after its deadline, a bulk whose writer died before deciding', async () => {
    const h = current();
    const { store, redis } = stores(h);
    const jobs = await placed(h, keys.slice(0, 2).map((key) => newJob(h, { idempotencyKey: key })));
    const stageId = `${jobs[0].queue}|dead-writer`;
    for (const job of jobs) await redis.partitions.stageJobs(job.queue, stageId, h.clock.now() + STAGE_DEADLINE_MS, [job]);

    // staged, not settled: a key of it is in doubt (503), not reported as an existing job
    await expect(h.store.jobs.enqueue([newJob(h, { idempotencyKey: keys[1] })])).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(h.store.admin.cancel(jobs[0].id)).rejects.toThrow();
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0 });
    await store.upkeep.reapExpired(QUEUE, 100);
    await expect(h.store.admin.get(jobs[0].id)).resolves.not.toBeNull(); // not before the deadline

    h.clock.advance(STAGE_DEADLINE_MS);
    await store.upkeep.reapExpired(QUEUE, 100);
    for (const job of jobs) await expect(h.store.admin.get(job.id)).resolves.toBeNull();
    const [again] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: keys[1] })]);
    expect(again.created).toBe(true);
    expect((await h.takeEvents(QUEUE)).map((e) => e.id)).toEqual([again.job.id]);
  });

  it('completes, after its deadline, a bulk whose writer died after deciding', async () => {
    const h = current();
    const { store, redis } = stores(h);
    const jobs = await placed(h, keys.slice(0, 3).map((key) => newJob(h, { idempotencyKey: key })));
    const stageId = `${jobs[0].queue}|decided`;
    for (const job of jobs) await redis.partitions.stageJobs(job.queue, stageId, h.clock.now() + STAGE_DEADLINE_MS, [job]);
    const now = h.clock.now();
    await expect(redis.partitions.commitStage(jobs[0].queue, stageId, { by: now + 1000, keepUntil: now + 10 * STAGE_DEADLINE_MS })).resolves.toMatchObject({
      committed: 1,
    });
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1 });

    h.clock.advance(STAGE_DEADLINE_MS);
    await store.upkeep.reapExpired(QUEUE, 100);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3 });
    for (const job of jobs) await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ status: 'pending' });
    expect((await h.takeEvents(QUEUE)).filter((e) => e.k === 'enqueued').map((e) => e.id).sort()).toEqual(jobs.map((j) => j.id).sort());
    const again = await h.store.jobs.enqueue(keys.slice(0, 3).map((key) => newJob(h, { idempotencyKey: key })));
    expect(again.every((r) => !r.created)).toBe(true);
  });

  it('decides nothing past the moment a writer may still decide: the bulk is rolled back', async () => {
    const h = current();
    const { redis } = stores(h);
    const [job] = await placed(h, [newJob(h, { idempotencyKey: keys[1] })]);
    const stageId = `${job.queue}|late`;
    await redis.partitions.stageJobs(job.queue, stageId, h.clock.now() + STAGE_DEADLINE_MS, [job]);
    const now = h.clock.now();
    await expect(redis.partitions.commitStage(job.queue, stageId, { by: now - 1, keepUntil: now + STAGE_DEADLINE_MS })).resolves.toBeNull();
    await expect(redis.partitions.isCommitted(job.queue, stageId)).resolves.toBe(false);
    await expect(redis.partitions.rollbackStage(job.queue, stageId)).resolves.toBe(1);
    await expect(h.store.admin.get(job.id)).resolves.toBeNull();
  });
});
