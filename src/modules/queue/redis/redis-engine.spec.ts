import { Redis } from 'ioredis';
import { backoffDelay } from '../../../domain/backoff';
import { ManualClock } from '../../../domain/clock';
import { StoreUnavailableError } from '../../../domain/errors';
import { newExecutionId } from '../../../domain/execution';
import { DEFAULT_BACKOFF, JobSpec, NewJob } from '../../../domain/job';
import { JobEvent } from '../../../domain/job-event';
import { normalizeJobSpec } from '../../../domain/job-spec';
import { closeRedisStore, listPrefixedKeys, openRedisStore, TEST_REDIS_URL } from '../../../../test/support/redis-store-harness';
import { decodeStreamEntry } from '../events/stream-entry-codec';
import { createRedisClient } from './redis-connection';
import { RedisEngine } from './redis-engine';
import { RedisQueueKeys } from './redis-queue-keys';

const Q = 'units';

describe('RedisEngine scripts (real Redis)', () => {
  let redis: Redis;
  let store: RedisEngine;
  let clock: ManualClock;
  let prefix: string;
  let keys: RedisQueueKeys;

  const job = (spec: Partial<JobSpec> = {}): NewJob =>
    normalizeJobSpec({ type: 't', queue: Q, ...spec }, { now: clock.now(), maxPayloadBytes: 1 << 20 });

  async function events(): Promise<JobEvent[][]> {
    const entries = await redis.xrange(keys.events, '-', '+');
    return entries.map(([, fields]) => (decodeStreamEntry(fields) ?? []).filter((e): e is JobEvent => e !== undefined));
  }

  beforeEach(() => {
    ({ redis, store, clock, prefix, keys } = openRedisStore(Q));
  });

  afterEach(() => closeRedisStore(store, prefix));

  describe('oldest pending job: the bounds of oldest-pending.lua', () => {
    it('passes dead FIFO entries up to its bound, then answers approximate', async () => {
      const cancelled = Array.from({ length: 64 }, () => job());
      await store.jobs.enqueue(cancelled);
      clock.advance(1000);
      const [{ job: live }] = await store.jobs.enqueue([job()]);
      for (const j of cancelled.slice(0, 63)) await store.admin.cancel(j.id);
      await expect(store.admin.oldestPending(Q)).resolves.toEqual({ jobId: cancelled[63].id, since: live.createdAt - 1000 });
      await store.admin.cancel(cancelled[63].id);
      // 64 dead entries ahead of the live one: the bound is hit before it
      await expect(store.admin.oldestPending(Q)).resolves.toEqual({ jobId: null, since: null, approximate: true });
      const [{ job: ranked }] = await store.jobs.enqueue([job({ priority: 2 })]);
      await expect(store.admin.oldestPending(Q)).resolves.toEqual({ jobId: ranked.id, since: ranked.createdAt, approximate: true });
    });

    it('jumps priority tiers up to its bound, then answers approximate', async () => {
      // 33 tiers, the oldest job in the lowest
      const [{ job: oldest }] = await store.jobs.enqueue([job({ priority: -1 })]);
      clock.advance(1000);
      const ranked = await store.jobs.enqueue(Array.from({ length: 32 }, (_, i) => job({ priority: i + 1 })));
      await expect(store.admin.oldestPending(Q)).resolves.toMatchObject({ approximate: true });
      await store.admin.cancel(ranked[31].job.id);
      await expect(store.admin.oldestPending(Q)).resolves.toEqual({ jobId: oldest.id, since: oldest.createdAt });
    });

    it('looks at 200 named groups, then answers approximate', async () => {
      await store.jobs.enqueue(Array.from({ length: 201 }, (_, i) => job({ group: `g${String(i).padStart(3, '0')}` })));
      await expect(store.admin.oldestPending(Q)).resolves.toMatchObject({ approximate: true });
    });
  });

  it('stores a waiting job with only the fields that differ from their defaults', async () => {
    const [{ job: created }] = await store.jobs.enqueue([job()]);
    const hash = await redis.hgetall(keys.job(created.id));
    expect(Object.keys(hash).sort()).toEqual(['ct', 'st', 'type']);
    await expect(store.admin.get(created.id)).resolves.toEqual(created);
  });

  it('claims by priority, then in enqueue order, in one batch with one event entry', async () => {
    const jobs = [job({ priority: 0 }), job({ priority: 5 }), job({ priority: 0 }), job({ priority: -3 })];
    await store.jobs.enqueue(jobs);
    const { jobs: claimed } = await store.jobs.claim(Q, 'w1', 10, 30_000);
    expect(claimed.map((c) => c.job.id)).toEqual([jobs[1].id, jobs[0].id, jobs[2].id, jobs[3].id]);
    expect(claimed.every((c) => c.token === 1 && c.job.attempts === 1 && c.job.status === 'running')).toBe(true);
    expect(await redis.zcard(keys.leases)).toBe(4);
    expect((await redis.smembers(keys.workerLeases('w1'))).sort()).toEqual(jobs.map((j) => j.id).sort());
    const batches = await events();
    expect(batches).toHaveLength(2);
    expect(batches[1].map((e) => e.k)).toEqual(['claimed', 'claimed', 'claimed', 'claimed']);
  });

  it('keeps priority 0 in a FIFO list: claims above it first, below it last; release and cancel find it', async () => {
    const jobs = [job(), job({ priority: -1 }), job({ priority: 2 }), job(), job()];
    await store.jobs.enqueue(jobs);
    expect(await redis.lrange(keys.pendingFifo, 0, -1)).toEqual([jobs[0].id, jobs[3].id, jobs[4].id]);
    expect(await redis.zrange(keys.pending, 0, '-1')).toEqual([jobs[2].id, jobs[1].id]);
    await store.admin.cancel(jobs[3].id);
    // its entry stays in the list, dead (a cancel never walks the list: includes/index-writes.lua)
    expect(await redis.lrange(keys.pendingFifo, 0, -1)).toEqual([jobs[0].id, jobs[3].id, jobs[4].id]);
    expect(await redis.hget(keys.pendingFifoDead, jobs[3].id)).toBe('1');
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 4, cancelled: 1 });
    const { jobs: first } = await store.jobs.claim(Q, 'w1', 2, 30_000);
    expect(first.map((c) => c.job.id)).toEqual([jobs[2].id, jobs[0].id]);
    await store.jobs.release(Q, [{ id: jobs[0].id, token: first[1].token }]);
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 3, running: 1, cancelled: 1 });
    const { jobs: rest } = await store.jobs.claim(Q, 'w1', 10, 30_000);
    expect(rest.map((c) => c.job.id)).toEqual([jobs[4].id, jobs[0].id, jobs[1].id]);
    // the claim dropped the dead entry on its way
    expect(await redis.hlen(keys.pendingFifoDead)).toBe(0);
    expect(await redis.get(keys.pendingFifoGone)).toBe('0');
    await expect(store.admin.get(jobs[3].id)).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('drops at most 1,000 dead entries of a group per call where it places the group, the rest as a claim pops them', async () => {
    const [live, ...cancelled] = Array.from({ length: 1501 }, () => job({ group: 'g1' }));
    await store.jobs.enqueue([live, ...cancelled]);
    for (const j of cancelled) await store.admin.cancel(j.id);
    const list = `${keys.groupListPrefix}g1`;
    expect(await redis.llen(list)).toBe(1501);
    // the claim takes the live head, then places the group again: 1,000 dead entries dropped there
    expect((await store.jobs.claim(Q, 'w1', 1, 30_000)).jobs.map((c) => c.job.id)).toEqual([live.id]);
    expect(await redis.llen(list)).toBe(500);
    expect(await redis.get(keys.pendingFifoGone)).toBe('500');
    // the next claim pops the rest (its skip budget) and finds nothing; the group leaves the round
    expect((await store.jobs.claim(Q, 'w1', 1, 30_000)).jobs).toEqual([]);
    expect(await redis.exists(list)).toBe(0);
    expect(await redis.get(keys.pendingFifoGone)).toBe('0');
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 0, running: 1, cancelled: 1500 });
  });

  it('fails a malformed record and drops an id whose record is gone, without counting them', async () => {
    const [a, b, c] = [job(), job(), job()];
    await store.jobs.enqueue([a, b, c]);
    await redis.hdel(keys.job(a.id), 'type');
    await redis.del(keys.job(b.id));
    const { jobs: claimed } = await store.jobs.claim(Q, 'w1', 1, 30_000);
    expect(claimed.map((x) => x.job.id)).toEqual([c.id]);
    const failed = await store.admin.get(a.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'malformed job record: missing type' });
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 0, running: 1, failed: 1 });
  });

  it('computes the retry delay in Lua exactly as backoff.ts does', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.37);
    try {
      const [{ job: created }] = await store.jobs.enqueue([job({ maxAttempts: 5 })]);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const { jobs } = await store.jobs.claim(Q, 'w1', 1, 30_000);
        await expect(store.jobs.fail(Q, [{ id: created.id, token: jobs[0].token, error: 'boom', retryable: true }])).resolves.toEqual(['scheduled']);
        const after = await store.admin.get(created.id);
        expect(after?.runAt).toBe(clock.now() + backoffDelay(DEFAULT_BACKOFF, attempt, () => 0.37));
        clock.set(after!.runAt);
      }
    } finally {
      random.mockRestore();
    }
  });

  it('answers stale to a completion whose lease expired and was re-claimed', async () => {
    const [{ job: created }] = await store.jobs.enqueue([job()]);
    const first = (await store.jobs.claim(Q, 'w1', 1, 1_000)).jobs[0];
    clock.advance(1_001);
    await expect(store.upkeep.reapExpired(Q, 10)).resolves.toEqual({ requeued: [created.id], failed: [], cancelled: [] });
    const second = (await store.jobs.claim(Q, 'w2', 1, 1_000)).jobs[0];
    expect(second.token).toBe(first.token + 1);
    expect(second.job.attempts).toBe(2);
    await expect(store.jobs.complete(Q, [{ id: created.id, token: first.token, resultJson: '1' }])).resolves.toEqual(['stale']);
    await expect(store.jobs.complete(Q, [{ id: created.id, token: second.token, resultJson: '{"ok":true}' }])).resolves.toEqual(['succeeded']);
    await expect(store.admin.get(created.id)).resolves.toMatchObject({ status: 'succeeded', result: { ok: true } });
    expect(await redis.exists(keys.workerLeases('w1'), keys.workerLeases('w2'))).toBe(0);
  });

  it('returns the existing job for a repeated idempotency key, in Redis or in the same batch', async () => {
    const [first] = await store.jobs.enqueue([job({ idempotencyKey: 'k1' })]);
    const again = await store.jobs.enqueue([job({ idempotencyKey: 'k1' }), job({ idempotencyKey: 'k2' }), job({ idempotencyKey: 'k2' })]);
    expect(again.map((r) => r.created)).toEqual([false, true, false]);
    expect(again[0].job.id).toBe(first.job.id);
    expect(again[2].job.id).toBe(again[1].job.id);
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 2 });
  });

  it('cancels a running job at its next heartbeat and records it cancelled when it fails', async () => {
    const [{ job: created }] = await store.jobs.enqueue([job()]);
    const { token } = (await store.jobs.claim(Q, 'w1', 1, 1_000)).jobs[0];
    await expect(store.admin.cancel(created.id)).resolves.toMatchObject({ status: 'running', cancelRequested: true });
    await expect(store.jobs.heartbeat(Q, [{ id: created.id, token }], 1_000)).resolves.toEqual(['cancel']);
    await expect(store.jobs.fail(Q, [{ id: created.id, token, error: 'aborted', retryable: true }])).resolves.toEqual(['cancelled']);
    await expect(store.admin.retry(created.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('trims old finished jobs with their log lines and frees their idempotency keys', async () => {
    const [{ job: created }] = await store.jobs.enqueue([job({ idempotencyKey: 'once' })]);
    const { token } = (await store.jobs.claim(Q, 'w1', 1, 1_000)).jobs[0];
    await store.jobs.report(Q, [{ id: created.id, token, lines: ['a line'] }], 10);
    expect(await redis.llen(`${keys.job(created.id)}:lg`)).toBe(1);
    await store.jobs.complete(Q, [{ id: created.id, token }]);
    clock.advance(10_000);
    await expect(store.upkeep.trimFinished(Q, { succeededMs: 5_000, failedMs: 5_000, cancelledMs: 5_000 }, 100)).resolves.toBe(1);
    await expect(store.admin.get(created.id)).resolves.toBeNull();
    expect(await redis.hlen(keys.idem)).toBe(0);
    expect(await redis.exists(`${keys.job(created.id)}:lg`)).toBe(0);
  });

  it('with deleteSucceeded, completes by deleting the hash and idempotency key, still ending the lease and writing the event', async () => {
    const deleting = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock, deleteSucceeded: true });
    try {
      const [a, b] = [job({ idempotencyKey: 'gone' }), job({ callbackUrl: 'http://example.test/cb' })];
      await deleting.jobs.enqueue([a, b]);
      const { jobs } = await deleting.jobs.claim(Q, 'w1', 2, 30_000);
      // a job that wrote log lines: they go with it
      await deleting.jobs.report(Q, jobs.map((c) => ({ id: c.job.id, token: c.token, lines: ['written'] })), 10);
      await expect(deleting.jobs.complete(Q, jobs.map((c) => ({ id: c.job.id, token: c.token, resultJson: '{"v":1}' })))).resolves.toEqual([
        'succeeded',
        'succeeded',
      ]);
      expect(await redis.exists(keys.job(a.id))).toBe(0);
      expect(await redis.exists(`${keys.job(a.id)}:lg`)).toBe(0);
      expect(await redis.llen(`${keys.job(b.id)}:lg`)).toBe(1);
      expect(await redis.hlen(keys.idem)).toBe(0);
      expect(await redis.hget(keys.job(b.id), 'st')).toBe('succeeded');
      expect(await redis.zrange(keys.succeeded, 0, '-1')).toEqual([b.id]);
      expect(await redis.zcard(keys.leases)).toBe(0);
      expect(await redis.exists(keys.workerLeases('w1'))).toBe(0);
      const at = clock.now();
      expect((await events())[3]).toEqual([
        { k: 'succeeded', id: a.id, st: 'succeeded', att: 1, at, w: 'w1', run: 1, res: '{"v":1}' },
        { k: 'succeeded', id: b.id, st: 'succeeded', att: 1, at, w: 'w1', run: 1, res: '{"v":1}' },
      ]);
    } finally {
      await deleting.close();
    }
  });

  it('releases the leases of a silent worker from its own lease set', async () => {
    await store.jobs.enqueue([job(), job()]);
    await store.workers.register(Q, 'w1');
    const { jobs } = await store.jobs.claim(Q, 'w1', 2, 60_000);
    clock.advance(10_000);
    await expect(store.workers.silent(Q, 5_000, 10)).resolves.toEqual(['w1']);
    const reaped = await store.upkeep.reapWorkers(Q, ['w1'], 10, 5_000);
    expect(reaped.requeued.sort()).toEqual(jobs.map((j) => j.job.id).sort());
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 2, running: 0 });
  });

  it('wakes a waiting worker when a job is enqueued', async () => {
    const started = Date.now();
    const waiting = store.jobs.waitForWork(Q, 5_000);
    await new Promise((r) => setTimeout(r, 50));
    await store.jobs.enqueue([job()]);
    await waiting;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends a wait when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = store.jobs.waitForWork(Q, 10_000, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await waiting;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps every key of a queue under its hash tag and appends one event entry per settle call', async () => {
    await store.jobs.enqueue([job(), job(), job()]);
    const { jobs } = await store.jobs.claim(Q, 'w1', 3, 30_000);
    await store.jobs.complete(Q, jobs.map((c) => ({ id: c.job.id, token: c.token })));
    const admin = createRedisClient(TEST_REDIS_URL);
    const found = await listPrefixedKeys(admin, prefix);
    await admin.quit();
    expect(found.filter((k) => k !== `${prefix}:queues`).every((k) => k.startsWith(`${prefix}:{${Q}}:`))).toBe(true);
    const batches = await events();
    expect(batches.map((b) => b.map((e) => e.k).join(','))).toEqual([
      'enqueued,enqueued,enqueued',
      'claimed,claimed,claimed',
      'succeeded,succeeded,succeeded',
    ]);
  });

  it('writes every field the history writer reads, in the compact entry form', async () => {
    const [a, b] = [job({ priority: 4, maxAttempts: 5 }), job()];
    await store.jobs.enqueue([a, b]);
    const { jobs: claimed } = await store.jobs.claim(Q, 'w|1', 2, 30_000);
    await store.jobs.fail(Q, [{ id: a.id, token: claimed[0].token, error: 'bad\x1f|\nline', retryable: false }]);
    await store.jobs.complete(Q, [{ id: b.id, token: claimed[1].token, resultJson: '{"ok":1}' }]);
    const at = clock.now();
    expect(await events()).toEqual([
      [
        { k: 'enqueued', id: a.id, st: 'pending', att: 0, at, type: 't', prio: 4, ctime: at, max: 5 },
        { k: 'enqueued', id: b.id, st: 'pending', att: 0, at, type: 't', prio: 0, ctime: at, max: 3 },
      ],
      [
        { k: 'claimed', id: a.id, st: 'running', att: 1, at, w: 'w|1', run: 1 },
        { k: 'claimed', id: b.id, st: 'running', att: 1, at, w: 'w|1', run: 1 },
      ],
      [{ k: 'failed', id: a.id, st: 'failed', att: 1, at, w: 'w|1', run: 1, err: 'bad\x1f|\nline' }],
      [{ k: 'succeeded', id: b.id, st: 'succeeded', att: 1, at, w: 'w|1', run: 1, res: '{"ok":1}' }],
    ]);
  });

  it('numbers runs by the fencing token across a release and an API retry, where attempt numbers repeat', async () => {
    const a = job();
    await store.jobs.enqueue([a]);
    const first = (await store.jobs.claim(Q, 'w1', 1, 30_000)).jobs[0];
    await store.jobs.release(Q, [{ id: a.id, token: first.token }]);
    const second = (await store.jobs.claim(Q, 'w1', 1, 30_000)).jobs[0];
    await store.jobs.fail(Q, [{ id: a.id, token: second.token, error: 'no', retryable: false }]);
    await store.admin.retry(a.id);
    const third = (await store.jobs.claim(Q, 'w1', 1, 30_000)).jobs[0];
    await store.jobs.complete(Q, [{ id: a.id, token: third.token }]);
    const runs = (await events()).flat().filter((e) => e.k !== 'enqueued').map((e) => [e.k, e.att, e.run]);
    expect(runs).toEqual([
      ['claimed', 1, 1], ['released', 0, 1],
      ['claimed', 1, 2], ['failed', 1, 2],
      ['retried', 0, undefined],
      ['claimed', 1, 3], ['succeeded', 1, 3],
    ]);
  });

  it('stores no runAt for a job due at once, though the caller read its clock a moment earlier', async () => {
    const due = job();
    clock.advance(1);
    const [{ job: created }] = await store.jobs.enqueue([due, job({ runAt: clock.now() - 1000 })]);
    expect(await redis.hexists(keys.job(due.id), 'run')).toBe(0);
    expect(created).toMatchObject({ runAt: clock.now(), createdAt: clock.now() });
  });

  it('bounds the events stream by events, not entries, in upkeep', async () => {
    const bounded = new RedisEngine({ redis, prefix, clock, eventsMaxLen: 2_000 });
    for (let i = 0; i < 10; i++) await bounded.jobs.enqueue(Array.from({ length: 1_000 }, () => job()));
    await bounded.upkeep.trimEvents(Q, 1_000);
    const entries = await redis.xrange(keys.events, '-', '+');
    const count = entries.reduce((n, [, fields]) => n + (fields.length - 2) / 2, 0);
    // approximate trimming keeps whole stream nodes: at least the bound, at most a few entries more
    expect(count).toBeGreaterThanOrEqual(2_000);
    expect(count).toBeLessThanOrEqual(6_000);
  });

  it('passes a wake-up on when a claim leaves pending work behind', async () => {
    await store.jobs.enqueue([job(), job()]);
    await redis.del(keys.wake);
    await store.jobs.claim(Q, 'w1', 1, 30_000);
    expect(await redis.llen(keys.wake)).toBe(1);
    await store.jobs.claim(Q, 'w1', 1, 30_000);
    expect(await redis.llen(keys.wake)).toBe(1);
  });

  it('pages a type-filtered listing past a window of other types', async () => {
    const others = Array.from({ length: 1_200 }, () => job({ type: 'other' }));
    const wanted = [job({ type: 'wanted' }), job({ type: 'wanted' })];
    await store.jobs.enqueue([wanted[0], ...others, wanted[1]]);
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await store.admin.list({ queue: Q, status: 'pending', type: 'wanted', limit: 1, cursor });
      ids.push(...result.items.map((j) => j.id));
      if (result.nextCursor === null) break;
      cursor = result.nextCursor;
    }
    expect(ids.sort()).toEqual(wanted.map((j) => j.id).sort());
  });

  it('drops a stray pending entry of a job in another state and leaves the job alone', async () => {
    const [running, done, pending] = [job(), job(), job({ priority: 3 })];
    await store.jobs.enqueue([running, done]);
    const { jobs } = await store.jobs.claim(Q, 'w1', 2, 30_000);
    await store.jobs.complete(Q, [{ id: done.id, token: jobs[1].token }]);
    await store.jobs.enqueue([pending]);
    // ids that reached pending twice (a bug, a resent write): a running and a succeeded job
    await redis.rpush(keys.pendingFifo, running.id, done.id);
    const { jobs: claimed } = await store.jobs.claim(Q, 'w2', 5, 30_000);
    expect(claimed.map((c) => c.job.id)).toEqual([pending.id]);
    await expect(store.admin.get(running.id)).resolves.toMatchObject({ status: 'running', workerId: 'w1', attempts: 1 });
    await expect(store.admin.get(done.id)).resolves.toMatchObject({ status: 'succeeded' });
    expect(await redis.zscore(keys.leases, running.id)).not.toBeNull();
    expect(await redis.zcard(keys.failed)).toBe(0);
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 0, running: 2, succeeded: 1, failed: 0 });
    await expect(store.jobs.complete(Q, [{ id: running.id, token: jobs[0].token }])).resolves.toEqual(['succeeded']);
  });

  it('still fails a malformed record met in pending', async () => {
    const [bad] = [job()];
    await store.jobs.enqueue([bad]);
    await redis.hset(keys.job(bad.id), 'st', 'bogus');
    await expect(store.jobs.claim(Q, 'w1', 1, 30_000)).resolves.toEqual({ jobs: [] });
    await expect(store.admin.get(bad.id)).resolves.toMatchObject({ status: 'failed', lastError: 'malformed job record: unknown status bogus' });
  });

  it('promotes only scheduled records and drops stray scheduled entries', async () => {
    const [running, later] = [job(), job({ delayMs: 500 })];
    await store.jobs.enqueue([running, later]);
    await store.jobs.claim(Q, 'w1', 1, 30_000);
    await redis.zadd(keys.scheduled, clock.now(), running.id);
    clock.advance(500);
    await expect(store.upkeep.promoteDue(Q, 10)).resolves.toBe(1);
    expect(await redis.lrange(keys.pendingFifo, 0, -1)).toEqual([later.id]);
    expect(await redis.zcard(keys.scheduled)).toBe(0);
    await expect(store.admin.get(running.id)).resolves.toMatchObject({ status: 'running' });
    const { jobs } = await store.jobs.claim(Q, 'w2', 5, 30_000);
    expect(jobs.map((c) => c.job.id)).toEqual([later.id]);
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 0, scheduled: 0, running: 2, failed: 0 });
  });

  it('keeps an execution and its counters as they are when its create-execution call is sent again', async () => {
    const id = newExecutionId(Q, clock.now());
    const jobs = [job({ executionId: id }), job({ executionId: id })];
    await store.executions.create({ id, queue: Q, callbackUrl: 'http://example.test/cb' }, jobs);
    await store.jobs.claim(Q, 'w1', 1, 30_000);
    const again = await store.executions.create({ id, queue: Q, callbackUrl: 'http://example.test/cb' }, jobs);
    expect(again).toMatchObject({ total: 2, counts: { pending: 1, running: 1 }, callbackUrl: 'http://example.test/cb' });
    await expect(store.executions.get(id)).resolves.toMatchObject({ total: 2, counts: { pending: 1, running: 1 } });
    expect(await redis.llen(keys.executionJobs(id))).toBe(2);
    await expect(store.admin.counts(Q)).resolves.toMatchObject({ pending: 1, running: 1 });
  });

  it('fails fast with StoreUnavailableError when Redis cannot be reached', async () => {
    const down = new RedisEngine({ redis: createRedisClient('redis://127.0.0.1:1'), prefix, clock });
    const started = Date.now();
    await expect(down.admin.counts(Q)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(3_000);
    await down.close();
  });
});
