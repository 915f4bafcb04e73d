import { Redis } from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { Clock, ManualClock } from '../../domain/clock';
import { newExecutionId } from '../../domain/execution';
import { JobSpec } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { CallbackEnqueuer, JobAdmin, JobEngine, RedisEngine, RedisQueueKeys, createRedisClient } from '../queue';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../../test/support/redis-store-harness';
import { ReaperService } from './reaper.service';
import { ReaperStats } from './reaper-stats';
import { HistoryGapStats } from './history-gap-stats';
import { Logger } from '@nestjs/common';

const callbacksOf = (store: JobEngine, clock: Clock): CallbackEnqueuer => new CallbackEnqueuer(store.jobs, store.admin, clock, 1 << 20);

/** The ports the reaper reads. */
type ReaperPorts = Pick<JobEngine, 'admin' | 'upkeep' | 'workers' | 'executions'>;

/** A reaper over `store`'s ports, or over `ports` where a test puts others in their place. */
function reaperOf(store: JobEngine, config: AppConfig, stats: ReaperStats, clock: Clock, gaps?: HistoryGapStats, ports: ReaperPorts = store): ReaperService {
  return new ReaperService(ports.admin, ports.upkeep, ports.workers, ports.executions, config, stats, callbacksOf(store, clock), clock, gaps);
}

const QUEUE = 'reaper';
const LEASE_MS = 1_000;
const DEAD_MS = 5_000;
/** Short enough for DEAD_MS (WORKER_DEAD_MS must be more than HEARTBEAT_MS, whose default is 60 s). */
const HEARTBEAT_MS = 1_000;

/** The reaper against a real Redis (unique prefix, never flushed), with broken records planted. */
describe('ReaperService on Redis', () => {
  let prefix: string;
  let admin: Redis;
  let store: RedisEngine;
  let clock: ManualClock;
  let stats: ReaperStats;
  let reaper: ReaperService;
  let keys: RedisQueueKeys;

  beforeEach(async () => {
    prefix = uniqueTestPrefix();
    admin = createRedisClient(TEST_REDIS_URL);
    clock = new ManualClock(Date.UTC(2030, 0, 1));
    store = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock, configuredQueues: [QUEUE] });
    stats = new ReaperStats();
    const config = AppConfig.from({ HEARTBEAT_MS: String(HEARTBEAT_MS), WORKER_DEAD_MS: String(DEAD_MS), REAPER_BATCH: '50' });
    reaper = reaperOf(store, config, stats, clock);
    keys = new RedisQueueKeys(prefix, QUEUE);
    // the reaper reaps silent workers only after it has reached the store for WORKER_DEAD_MS
    await reaper.runPass();
  });

  afterEach(async () => {
    await reaper.drain();
    await store.close();
    await deletePrefixedKeys(admin, prefix);
    await admin.quit();
  });

  async function enqueue(...specs: Partial<JobSpec>[]): Promise<string[]> {
    const jobs = specs.map((s) => normalizeJobSpec({ type: 'test', queue: QUEUE, ...s }, { now: clock.now(), maxPayloadBytes: 1 << 20 }));
    return (await store.jobs.enqueue(jobs)).map((r) => r.job.id);
  }

  it('moves broken leases, job records and worker entries aside and still reaps the sound ones', async () => {
    const [sound, notHash, gone, damaged, silentsJob] = await enqueue({}, {}, {}, {}, {});
    await store.jobs.claim(QUEUE, 'w-alive', 4, LEASE_MS);
    await store.workers.register(QUEUE, 'w-alive');
    await store.workers.register(QUEUE, 'w-silent');
    await store.workers.register(QUEUE, 'w-garbled');
    clock.advance(10);
    await store.jobs.claim(QUEUE, 'w-silent', 1, 60_000);
    await admin.del(keys.job(notHash));
    await admin.set(keys.job(notHash), 'not a hash');
    await admin.del(keys.job(gone));
    await admin.hdel(keys.job(damaged), 'st', 'type');
    await admin.set(keys.workerLeases('w-garbled'), 'not a set');
    const [scheduled] = await enqueue({ delayMs: 100 });
    await admin.zadd(keys.scheduled, clock.now(), 'no-such-hash');
    await admin.set(keys.job('no-such-hash'), 'x');

    clock.advance(DEAD_MS + 1);
    await store.workers.register(QUEUE, 'w-alive');
    const [report] = await reaper.runPass();

    expect(report).toMatchObject({ queue: QUEUE, expiredRequeued: 1, expiredFailed: 1, silentWorkers: 2, workerLeasesRequeued: 1, promoted: 1, errors: [] });
    expect(report.malformed).toBe(3); // the non-hash lease, the lease without a job, the garbled worker
    await expect(store.admin.get(sound)).resolves.toMatchObject({ status: 'pending', lastError: 'lease expired' });
    await expect(store.admin.get(silentsJob)).resolves.toMatchObject({ status: 'pending' });
    await expect(store.admin.get(damaged)).resolves.toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^malformed job record/) });
    await expect(store.admin.get(scheduled)).resolves.toMatchObject({ status: 'pending' });
    await expect(store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 0, scheduled: 0 });
    await expect(admin.zscore(keys.workers, 'w-garbled')).resolves.toBeNull();
    await expect(admin.get(keys.job(notHash))).resolves.toBe('not a hash');

    const { jobs } = await store.jobs.claim(QUEUE, 'w-alive', 10, LEASE_MS);
    expect(jobs.map((j) => j.job.id).sort()).toEqual([sound, silentsJob, scheduled].sort());
    expect(stats.totals).toMatchObject({ passes: 2, failedSteps: 0, malformed: 3, expiredRequeued: 1 });
  });

  it('keeps going when one concern throws, and reports it', async () => {
    const [scheduled] = await enqueue({ delayMs: 100 });
    await admin.set(keys.workers, 'not a zset');
    clock.advance(DEAD_MS);
    const [report] = await reaper.runPass();
    expect(report.errors).toEqual([expect.stringMatching(/^silent workers: .*WRONGTYPE/)]);
    expect(report.promoted).toBe(1);
    await expect(store.admin.get(scheduled)).resolves.toMatchObject({ status: 'pending' });
    expect(stats.totals.failedSteps).toBe(1);
    expect(stats.lastPass?.reports).toEqual([report]);
  });

  it('leaves silent workers alone until the store has been reachable for WORKER_DEAD_MS', async () => {
    const [id] = await enqueue({});
    await store.workers.register(QUEUE, 'w1');
    await store.jobs.claim(QUEUE, 'w1', 1, 60_000);
    clock.advance(DEAD_MS + 1);
    const unreachable = { queues: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as JobAdmin;
    const outage = reaperOf(store, AppConfig.from({ HEARTBEAT_MS: String(HEARTBEAT_MS), WORKER_DEAD_MS: String(DEAD_MS) }), stats, clock, undefined, {
      admin: unreachable,
      upkeep: store.upkeep,
      workers: store.workers,
      executions: store.executions,
    });
    await outage.runPass();
    const fresh = reaperOf(store, AppConfig.from({ HEARTBEAT_MS: String(HEARTBEAT_MS), WORKER_DEAD_MS: String(DEAD_MS) }), stats, clock);
    await expect(fresh.runPass()).resolves.toMatchObject([{ silentWorkers: 0 }]);
    clock.advance(DEAD_MS);
    await expect(fresh.runPass()).resolves.toMatchObject([{ silentWorkers: 1, workerLeasesRequeued: 1 }]);
    await expect(store.admin.get(id)).resolves.toMatchObject({ status: 'pending' });
  });

  it('declares no worker dead right after a store call that stalled a heartbeat interval (a failover), only WORKER_DEAD_MS later', async () => {
    const [id] = await enqueue({});
    await store.workers.register(QUEUE, 'w1');
    await store.jobs.claim(QUEUE, 'w1', 1, 600_000);
    // the store answers after HEARTBEAT_MS while `stalling` is on, as a cluster client holds commands during a failover
    let stalling = false;
    const slow = <T extends object>(port: T, stalls: string): T =>
      new Proxy(port, {
        get(target, name) {
          const value = Reflect.get(target, name) as unknown;
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            if (stalling && name === stalls) clock.advance(HEARTBEAT_MS);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    const config = AppConfig.from({ HEARTBEAT_MS: String(HEARTBEAT_MS), WORKER_DEAD_MS: String(DEAD_MS) });
    const reaperOfSlow = reaperOf(store, config, stats, clock, undefined, {
      admin: store.admin,
      upkeep: slow(store.upkeep, 'reapExpired'),
      workers: slow(store.workers, 'silent'),
      executions: store.executions,
    });
    await reaperOfSlow.runPass();
    clock.advance(DEAD_MS + 1);

    stalling = true;
    await expect(reaperOfSlow.runPass()).resolves.toMatchObject([{ silentWorkers: 0, workerLeasesRequeued: 0 }]);
    stalling = false;
    await expect(reaperOfSlow.runPass()).resolves.toMatchObject([{ silentWorkers: 0 }]);
    await expect(store.admin.get(id)).resolves.toMatchObject({ status: 'running' });
    // the worker never checked in again: declared dead WORKER_DEAD_MS after the stall
    clock.advance(DEAD_MS);
    await expect(reaperOfSlow.runPass()).resolves.toMatchObject([{ silentWorkers: 1, workerLeasesRequeued: 1 }]);
    await expect(store.admin.get(id)).resolves.toMatchObject({ status: 'pending' });
  });

  function workerInfo(id: string) {
    return { id, host: 'box-7', pid: 4321, version: '1.0.0', startedAt: clock.now(), queues: [QUEUE], slots: { busy: 2, total: 4 }, leasesHeld: 2 };
  }

  it('records a silent worker whose leases it returned as dead, with its host and pid, and forgets its info', async () => {
    const [a, b, c] = await enqueue({}, {}, { maxAttempts: 1 });
    await store.workers.register(QUEUE, 'w-dead');
    await store.workers.publish(workerInfo('w-dead'));
    const lastBeat = clock.now();
    await store.jobs.claim(QUEUE, 'w-dead', 3, 60_000);
    clock.advance(DEAD_MS + 1);
    await store.workers.register(QUEUE, 'w-alive');
    await store.workers.publish(workerInfo('w-alive'));
    const [report] = await reaper.runPass();
    expect(report).toMatchObject({ silentWorkers: 1, workerLeasesRequeued: 2, workerLeasesFailed: 1, errors: [] });
    const [dead, ...others] = await store.workers.dead();
    expect(others).toEqual([]);
    expect(dead).toEqual({
      id: 'w-dead',
      host: 'box-7',
      pid: 4321,
      queue: QUEUE,
      declaredDeadAt: clock.now(),
      lastHeartbeatAt: lastBeat,
      requeued: 2,
      failed: 1,
      cancelled: 0,
      jobIds: expect.arrayContaining([a, b, c]),
    });
    await expect(store.workers.find(['w-dead', 'w-alive'])).resolves.toMatchObject([{ id: 'w-alive' }]);
  });

  it('reads host and pid from the id of a dead worker whose info is gone', async () => {
    await enqueue({});
    const id = 'web-2.example-1234-0a1b2c3d';
    await store.workers.register(QUEUE, id);
    await store.jobs.claim(QUEUE, id, 1, 60_000);
    clock.advance(DEAD_MS + 1);
    await reaper.runPass();
    await expect(store.workers.dead()).resolves.toMatchObject([{ id, host: 'web-2.example', pid: 1234, lastHeartbeatAt: null, requeued: 1 }]);
  });

  it('forgets the info of a worker that died holding no lease, without recording it dead', async () => {
    await store.workers.register(QUEUE, 'w-idle');
    await store.workers.publish(workerInfo('w-idle'));
    clock.advance(DEAD_MS + 1);
    await reaper.runPass();
    await expect(store.workers.find(['w-idle'])).resolves.toEqual([]);
    await expect(store.workers.dead()).resolves.toEqual([]);
  });

  it('enqueues the callback of a job it fails', async () => {
    const [id] = await enqueue({ maxAttempts: 1, callbackUrl: 'http://127.0.0.1:9/hook' });
    await store.jobs.claim(QUEUE, 'w1', 1, LEASE_MS);
    clock.advance(LEASE_MS + 1);
    const [report] = await reaper.runPass();
    expect(report).toMatchObject({ expiredFailed: 1, failedIds: [id], callbacksEnqueued: 1 });
    const { items } = await store.admin.list({ queue: QUEUE, status: 'pending', type: 'http', limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0].payload).toMatchObject({ url: 'http://127.0.0.1:9/hook', method: 'POST', body: { id, status: 'failed', lastError: 'lease expired' } });
  });

  it('counts a job cancelled on lease expiry and enqueues its callback', async () => {
    const [id] = await enqueue({ maxAttempts: 3, callbackUrl: 'http://127.0.0.1:9/hook' });
    await store.jobs.claim(QUEUE, 'w1', 1, LEASE_MS);
    await store.admin.cancel(id);
    clock.advance(LEASE_MS + 1);
    const [report] = await reaper.runPass();
    expect(report).toMatchObject({ expiredCancelled: 1, expiredFailed: 0, failedIds: [id], callbacksEnqueued: 1 });
    expect(stats.totals.expiredCancelled).toBe(1);
    const { items } = await store.admin.list({ queue: QUEUE, status: 'pending', type: 'http', limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0].payload).toMatchObject({ body: { id, status: 'cancelled' } });
  });

  it('keeps reaping in rounds while a batch holds only cancelled jobs', async () => {
    const rounds = reaperOf(store, AppConfig.from({ REAPER_BATCH: '2' }), stats, clock);
    const ids = await enqueue({}, {}, {}, {});
    await store.jobs.claim(QUEUE, 'w1', 4, LEASE_MS);
    for (const id of ids) await store.admin.cancel(id);
    clock.advance(LEASE_MS + 1);
    await expect(rounds.runPass()).resolves.toMatchObject([{ expiredCancelled: 4 }]);
    await expect(store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 0, cancelled: 4 });
  });

  it('deletes executions acknowledged final more than EXECUTION_RETENTION_MS ago, and counts them', async () => {
    const config = AppConfig.from({ EXECUTION_RETENTION_MS: '60000', REAPER_BATCH: '2' });
    const trimming = reaperOf(store, config, stats, clock);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = newExecutionId(QUEUE, clock.now());
      const job = normalizeJobSpec({ type: 'test', queue: QUEUE, executionId: id }, { now: clock.now(), maxPayloadBytes: 1 << 20 });
      await store.executions.create({ id, queue: QUEUE }, [job]);
      const { jobs } = await store.jobs.claim(QUEUE, 'w1', 1, LEASE_MS);
      await store.jobs.complete(QUEUE, [{ id: jobs[0].job.id, token: jobs[0].token }]);
      ids.push(id);
    }
    const refreshed = await store.executions.claimRefresh(QUEUE, 'r1', 10);
    await store.executions.ackRefresh(QUEUE, 'r1', refreshed.map((e) => e.id), []);
    await expect(trimming.runPass()).resolves.toMatchObject([{ executionsTrimmed: 0 }]);
    clock.advance(60_001);
    // two rounds of REAPER_BATCH=2 in one pass
    await expect(trimming.runPass()).resolves.toMatchObject([{ executionsTrimmed: 3, errors: [] }]);
    expect(stats.totals.executionsTrimmed).toBe(3);
    for (const id of ids) await expect(store.executions.get(id)).resolves.toBeNull();
  });

  it('drops unread events past HISTORY_BACKLOG_MAX_MB into a gap, counts them, logs the gap and keeps it for readiness', async () => {
    const small = new RedisEngine({ redis: createRedisClient(TEST_REDIS_URL), prefix, clock, configuredQueues: [QUEUE], historyBacklogMaxBytes: 1 });
    const gaps = new HistoryGapStats();
    const trimming = reaperOf(small, AppConfig.from({}), stats, clock, gaps);
    const errors = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      // a history writer's group, which has read nothing yet
      await admin.xgroup('CREATE', keys.events, 'history', '0', 'MKSTREAM');
      await enqueue({}, {}, {});
      const at = clock.now();
      clock.advance(5);
      const [report] = await trimming.runPass();
      expect(report).toMatchObject({ historyEventsDropped: 3, errors: [] });
      expect(stats.totals.historyEventsDropped).toBe(3);
      expect(gaps.droppedByQueue).toEqual(new Map([[QUEUE, 3]]));
      expect(gaps.last).toEqual({ queue: QUEUE, events: 3, gap: { fromMs: at, toMs: at, events: 3 }, at: at + 5 });
      const iso = new Date(at).toISOString();
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^queue ${QUEUE}: dropped 3 job events .* ${iso} to ${iso}`)));
      // nothing more to drop: the gap entry alone stays
      await expect(trimming.runPass()).resolves.toMatchObject([{ historyEventsDropped: 0 }]);
      expect(gaps.totalDropped).toBe(3);
    } finally {
      errors.mockRestore();
      await small.close();
    }
  });

  it('ends a job that hangs past timeoutMs + grace while its worker heartbeats', async () => {
    const [id] = await enqueue({ timeoutMs: 1_000, maxAttempts: 1 });
    const { jobs } = await store.jobs.claim(QUEUE, 'w1', 1, 30_000);
    for (let i = 0; i < 4; i++) {
      clock.advance(20_000);
      await store.workers.register(QUEUE, 'w1');
      await store.jobs.heartbeat(QUEUE, [{ id, token: jobs[0].token }], 30_000);
      await reaper.runPass();
    }
    await expect(store.admin.get(id)).resolves.toMatchObject({ status: 'failed', lastError: 'exceeded its hard time limit (timeoutMs + grace)' });
  });
});
