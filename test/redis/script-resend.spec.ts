import { DEFAULT_BACKOFF } from '../../src/domain/job';
import { withPartition } from '../../src/domain/job-id';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { RedisScripts } from '../../src/modules/queue/redis/redis-scripts';
import { SCRIPT_KEYS, ScriptName } from '../../src/modules/queue/redis/script-keys';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';
import { HISTORY_CONSUMER_GROUP } from '../../src/modules/queue/events/redis-job-event-source';
import { decodeGapEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { Redis } from 'ioredis';
import { claimOne, enqueueJob, enqueueJobs, LEASE_MS, leaseOf, newJob, QUEUE, useHarness, WORKER } from '../contract/contract-fixtures';
import { createExecution, expectExactCounters } from '../contract/execution-fixtures';
import { addToGraph, createGraph } from '../contract/graph.cases';
import { StoreHarness } from '../contract/store-harness';
import { redisStoreHarness, TEST_REDIS_URL } from '../support/redis-store-harness';

/**
 * ioredis re-sends a command whose connection closed before its reply came (a Redis Cluster
 * client does so through a failover), and the first send may have run: every script must be safe
 * to run twice. Here each case runs with every script call sent twice, the same keys and
 * arguments (the same `now`: the clock does not move), the caller seeing the second reply, as it
 * would after a resend. Each case checks the store ends as one run leaves it, and that the caller
 * is told what the first run did. `runs` records which scripts ran doubled, and the last test
 * fails naming any script of SCRIPT_KEYS no case sent twice.
 */
const ranTwice = new Set<ScriptName>();
/** The scripts the current case sends twice (the others run once, to set the case up). */
const twice = new Set<ScriptName>();

/** From now on in this case, each call of these scripts is sent twice. */
function resend(...scripts: ScriptName[]): void {
  for (const script of scripts) twice.add(script);
}

/** Makes the calls of `store` to the scripts in `twice` run twice (the second reply returned). */
function sendScriptsTwice(store: RedisEngine): void {
  const scripts = (store as unknown as { ctx: { scripts: RedisScripts } }).ctx.scripts;
  const run = scripts.run.bind(scripts);
  const runDurable = scripts.runDurable.bind(scripts);
  scripts.run = async (script, keys, args) => {
    if (!twice.has(script)) return run(script, keys, args);
    ranTwice.add(script);
    await run(script, keys, args);
    return run(script, keys, args);
  };
  scripts.runDurable = async (script, keys, args, wait) => {
    if (!twice.has(script)) return runDurable(script, keys, args, wait);
    ranTwice.add(script);
    await runDurable(script, keys, args, wait);
    return runDurable(script, keys, args, wait);
  };
}

describe('every Lua script run twice (a resend after a lost reply)', () => {
  const current = useHarness(async () => {
    const h = await redisStoreHarness(() => createRedisClient(TEST_REDIS_URL));
    twice.clear();
    sendScriptsTwice(h.store as RedisEngine);
    return h;
  });

  async function eventKinds(h: StoreHarness): Promise<string[]> {
    return (await h.takeEvents(QUEUE)).map((e) => `${e.k}:${e.id}`);
  }

  it('enqueue: one job, one event; the resend reports the job (created by the first send)', async () => {
    const h = current();
    resend('enqueue');
    const [result] = await h.store.jobs.enqueue([newJob(h, { type: 'a' })]);
    expect(result.job).toMatchObject({ type: 'a', status: 'pending' });
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1 });
    expect(await eventKinds(h)).toEqual([`enqueued:${result.job.id}`]);
    // claimed once: the resend put no second entry in the pending index
    const claim = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
    expect(claim.jobs.map((c) => c.job.id)).toEqual([result.job.id]);
  });

  it("enqueue-partition and partition-work: one job, one event, claimed once; the reports read the partition's work", async () => {
    const h = current();
    const store = h.store as RedisEngine;
    resend('enqueue-partition', 'partition-work');
    const report = await store.partitions.enqueuePartition([newJob(h, { type: 'a', priority: 3 })]);
    expect(report.results[0].job).toMatchObject({ type: 'a', status: 'pending' });
    // the resend saw the job the first send wrote, and bumped the wake count once more
    expect(report.after).toMatchObject({ top: 3, dueAt: null });
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1 });
    expect(await eventKinds(h)).toEqual([`enqueued:${report.results[0].job.id}`]);
    const touched = await store.partitions.partitionWork(QUEUE, true);
    expect(touched).toMatchObject({ top: 3, dueAt: null });
    expect(touched.seq).toBeGreaterThan(report.after.seq);
    const claim = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
    expect(claim.jobs.map((c) => c.job.id)).toEqual([report.results[0].job.id]);
    await expect(store.partitions.partitionWork(QUEUE, false)).resolves.toMatchObject({ top: null, dueAt: null });
  });

  it('create-execution: one execution, its jobs once, exact counters', async () => {
    const h = current();
    resend('create-execution');
    const ex = await createExecution(h, [{}, {}, {}]);
    expect(ex.total).toBe(3);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 3 });
    await expectExactCounters(h.store, ex.id);
    await expect(h.store.executions.list(QUEUE, 10)).resolves.toMatchObject({ items: [{ id: ex.id }], nextCursor: null });
  });

  it('add-to-execution: the jobs added once; the job that waits on them counts them once', async () => {
    const h = current();
    const g = await createGraph(h, [{ key: 'split' }, { key: 'merge', dependsOn: ['split'] }]);
    const [split] = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS).then((r) => r.jobs);
    resend('add-to-execution');
    const record = await addToGraph(h, g, [0, 1].map((i) => ({ key: `part-${i}`, dependsOn: ['split'], requiredBy: ['merge'] })));
    expect(record.total).toBe(4);
    expect((await h.store.admin.get(g.ids.get('merge')!))!.dependsOn).toEqual(['split', 'part-0', 'part-1']);
    await h.store.jobs.complete(QUEUE, [leaseOf(split)]);
    const parts = (await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS)).jobs;
    expect(parts.map((p) => p.job.key).sort()).toEqual(['part-0', 'part-1']);
    await h.store.jobs.complete(QUEUE, parts.map(leaseOf));
    // merge waited on each part once: it is pending now, not still blocked on a part counted twice
    expect((await h.store.admin.get(g.ids.get('merge')!))!.status).toBe('pending');
    await expectExactCounters(h.store, g.execution.id);
  });

  it('claim: the first send\'s leases, unknown to the worker, are found by strayLeases and released with their attempt given back', async () => {
    const h = current();
    const jobs = await enqueueJobs(h, {}, {}, {}, {});
    resend('claim');
    const seen = await h.store.jobs.claim(QUEUE, WORKER, 2, LEASE_MS);
    expect(seen.jobs).toHaveLength(2);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 4, pending: 0 });
    const stray = await h.store.jobs.strayLeases(QUEUE, [{ workerId: WORKER, heldIds: seen.jobs.map((c) => c.job.id) }]);
    expect(stray).toHaveLength(2);
    expect(await h.store.jobs.release(QUEUE, stray)).toEqual(['pending', 'pending']);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ running: 2, pending: 2 });
    for (const lease of stray) await expect(h.store.admin.get(lease.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });
    expect(new Set([...seen.jobs.map((c) => c.job.id), ...stray.map((l) => l.id)])).toEqual(new Set(jobs.map((j) => j.id)));
  });

  it('heartbeat: the lease renewed, the same answer', async () => {
    const h = current();
    await enqueueJob(h);
    const claimed = await claimOne(h.store);
    resend('heartbeat');
    await expect(h.store.jobs.heartbeat(QUEUE, [leaseOf(claimed)], LEASE_MS)).resolves.toEqual(['ok']);
  });

  it('report: the lines written once, the progress once, one event of each; the same answer', async () => {
    const h = current();
    const job = await enqueueJob(h);
    const claimed = await claimOne(h.store);
    await h.takeEvents(QUEUE);
    resend('report');
    await expect(h.store.jobs.report(QUEUE, [{ ...leaseOf(claimed), progressJson: '7', lines: ['one', 'two'] }], 100)).resolves.toEqual(['ok']);
    expect(await eventKinds(h)).toEqual([`progress:${job.id}`, `log:${job.id}`]);
    await expect(h.store.admin.get(job.id)).resolves.toMatchObject({ progress: 7, logLines: 2 });
    await expect(h.store.admin.logs(job.id, 1, 10)).resolves.toMatchObject({ total: 2, lines: [{ line: 'one' }, { line: 'two' }] });
  });

  it('complete: succeeded, one succeeded event', async () => {
    const h = current();
    await enqueueJob(h);
    const claimed = await claimOne(h.store);
    await h.takeEvents(QUEUE);
    resend('complete');
    await expect(h.store.jobs.complete(QUEUE, [{ ...leaseOf(claimed), resultJson: '{"ok":true}' }])).resolves.toEqual(['succeeded']);
    expect(await eventKinds(h)).toEqual([`succeeded:${claimed.job.id}`]);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ succeeded: 1, running: 0 });
  });

  it('fail: the first send\'s outcome, the attempt spent once, one event', async () => {
    const h = current();
    await enqueueJob(h, { maxAttempts: 3, backoff: { strategy: 'fixed', delayMs: 1000 } });
    const claimed = await claimOne(h.store);
    await h.takeEvents(QUEUE);
    resend('fail');
    await expect(h.store.jobs.fail(QUEUE, [{ ...leaseOf(claimed), error: 'boom', retryable: true }])).resolves.toEqual(['scheduled']);
    expect(await eventKinds(h)).toEqual([`retry_scheduled:${claimed.job.id}`]);
    await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'scheduled', attempts: 1, lastError: 'boom' });
  });

  it('release: pending once (a second release of the same lease is stale and adds no pending entry)', async () => {
    const h = current();
    await enqueueJob(h);
    const claimed = await claimOne(h.store);
    resend('release');
    // the caller sees the resend's reply: the first send already released the lease
    await expect(h.store.jobs.release(QUEUE, [leaseOf(claimed)])).resolves.toEqual(['stale']);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, running: 0 });
    const again = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
    expect(again.jobs.map((c) => [c.job.id, c.job.attempts])).toEqual([[claimed.job.id, 1]]);
  });

  it('cancel: the resend answers as the first (cancelled), not as a refused cancel of a cancelled job', async () => {
    const h = current();
    const job = await enqueueJob(h);
    resend('cancel');
    await expect(h.store.admin.cancel(job.id)).resolves.toMatchObject({ status: 'cancelled' });
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, cancelled: 1 });
    expect(await eventKinds(h)).toEqual([`enqueued:${job.id}`, `cancelled:${job.id}`]);
  });

  it('retry: the resend answers as the first (pending), and the job waits once', async () => {
    const h = current();
    const job = await enqueueJob(h);
    await h.store.admin.cancel(job.id);
    await h.takeEvents(QUEUE);
    resend('retry');
    await expect(h.store.admin.retry(job.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });
    expect(await eventKinds(h)).toEqual([`retried:${job.id}`]);
    const claim = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
    expect(claim.jobs.map((c) => c.job.id)).toEqual([job.id]);
  });

  it('promote-job: the resend answers as the first (pending), and the job waits once', async () => {
    const h = current();
    const job = await enqueueJob(h, { delayMs: 60_000 });
    await h.takeEvents(QUEUE);
    resend('promote-job');
    await expect(h.store.admin.promote(job.id)).resolves.toMatchObject({ status: 'pending' });
    expect(await eventKinds(h)).toEqual([`promoted:${job.id}`]);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, scheduled: 0 });
    const claim = await h.store.jobs.claim(QUEUE, WORKER, 10, LEASE_MS);
    expect(claim.jobs.map((c) => c.job.id)).toEqual([job.id]);
  });

  it('cancel-execution: every job cancelled once, exact counters', async () => {
    const h = current();
    const ex = await createExecution(h, [{}, {}, {}]);
    await claimOne(h.store);
    resend('cancel-execution');
    const cancelled = await h.store.executions.cancel(ex.id);
    expect(cancelled.counts).toMatchObject({ cancelled: 2, running: 1 });
    await expectExactCounters(h.store, ex.id);
  });

  it('promote, reap and reap-workers: each job moved once', async () => {
    const h = current();
    await enqueueJob(h, { delayMs: 1000 });
    h.clock.advance(1000);
    resend('promote', 'reap', 'reap-workers');
    await expect(h.store.upkeep.promoteDue(QUEUE, 10)).resolves.toBe(0); // the resend found it promoted
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ scheduled: 0, pending: 1 });

    const claimed = await claimOne(h.store, WORKER, 1000);
    h.clock.advance(1001);
    const reaped = await h.store.upkeep.reapExpired(QUEUE, 10);
    expect(reaped.requeued).toEqual([]); // the resend's answer: the first send requeued it
    await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1 });

    await claimOne(h.store, 'w-dead');
    await h.store.workers.register(QUEUE, 'w-dead');
    h.clock.advance(10_000);
    await h.store.upkeep.reapWorkers(QUEUE, ['w-dead'], 10, 5_000);
    await expect(h.store.admin.get(claimed.job.id)).resolves.toMatchObject({ status: 'pending', attempts: 2 });
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1, running: 0 });
  });

  it('reap-quiet: the mark made once, answered as the first send did; a claim after takes it off, and a queue holding a lease is not quiet', async () => {
    const h = current();
    const store = h.store as RedisEngine;
    const inside = (store as unknown as { ctx: { redis: Redis; keys(queue: string): RedisQueueKeys } }).ctx;
    const settings = inside.keys(QUEUE).settings;
    const job = await enqueueJob(h, { delayMs: 5_000 });
    resend('reap-quiet');
    await expect(store.upkeep.quiet(QUEUE)).resolves.toEqual({ quiet: true, nextDueAt: job.runAt });
    await expect(inside.redis.hget(settings, 'rq')).resolves.toBe('1');
    h.clock.advance(5_000);
    await claimOne(h.store);
    await expect(inside.redis.hget(settings, 'rq')).resolves.toBeNull();
    await expect(store.upkeep.quiet(QUEUE)).resolves.toEqual({ quiet: false });
    await expect(inside.redis.hget(settings, 'rq')).resolves.toBeNull();
  });

  it('trim and trim-executions: the finished records removed once, nothing else', async () => {
    const h = current();
    const ex = await createExecution(h, [{}]);
    const claimed = await claimOne(h.store);
    await h.store.jobs.complete(QUEUE, [leaseOf(claimed)]);
    const keep = await enqueueJob(h);
    h.clock.advance(10_000);
    resend('trim', 'trim-executions');
    await expect(h.store.upkeep.trimFinished(QUEUE, { succeededMs: 1, failedMs: 1, cancelledMs: 1 }, 10)).resolves.toBe(0);
    await expect(h.store.admin.get(claimed.job.id)).resolves.toBeNull();
    await expect(h.store.admin.get(keep.id)).resolves.toMatchObject({ status: 'pending' });

    const [refreshed] = await h.store.executions.claimRefresh(QUEUE, 'r1', 10);
    expect(refreshed.id).toBe(ex.id);
    await h.store.executions.ackRefresh(QUEUE, 'r1', [ex.id], []);
    h.clock.advance(10_000);
    await expect(h.store.executions.trim(QUEUE, 1, 10)).resolves.toBe(0);
    await expect(h.store.executions.get(ex.id)).resolves.toBeNull();
    await expect(h.store.executions.list(QUEUE, 10)).resolves.toEqual({ items: [], nextCursor: null });
  });

  it('events-trim: what the first send dropped is in one gap entry, counted once; the resend finds nothing more to drop', async () => {
    const h = current();
    const store = (await h.storeWith({ historyBacklogMaxBytes: 1 })) as RedisEngine;
    sendScriptsTwice(store);
    const inside = (store as unknown as { ctx: { redis: Redis; keys(queue: string): RedisQueueKeys } }).ctx;
    const stream = inside.keys(QUEUE).events;
    await inside.redis.xgroup('CREATE', stream, HISTORY_CONSUMER_GROUP, '0', 'MKSTREAM');
    await enqueueJobs(h, {}, {}, {});
    resend('events-trim');
    // the caller sees the resend's reply: the first send's report is lost with its reply, not its gap
    await expect(store.upkeep.trimEvents(QUEUE, 1_000)).resolves.toEqual({ scanned: expect.any(Number), more: false, dropped: [] });
    const entries = await inside.redis.xrange(stream, '-', '+');
    expect(entries.map(([, fields]) => decodeGapEntry(fields))).toEqual([{ fromMs: h.clock.now(), toMs: h.clock.now(), events: 3 }]);
  });

  it('refresh-claim, -ack and -requeue: a second batch claimed by the resend waits in flight until requeued, then is refreshed; none is lost', async () => {
    const h = current();
    const a = await createExecution(h, [{}]);
    const b = await createExecution(h, [{}]);
    resend('refresh-claim', 'refresh-ack', 'refresh-requeue');
    const first = await h.store.executions.claimRefresh(QUEUE, 'r1', 1);
    expect(first).toHaveLength(1);
    await h.store.executions.ackRefresh(QUEUE, 'r1', [first[0].id], []);
    await expect(h.store.executions.refreshBacklog(QUEUE)).resolves.toEqual({ backlog: 0, inFlight: 1 });
    h.clock.advance(60_000);
    await expect(h.store.executions.requeueStaleRefresh(QUEUE, 30_000, 10)).resolves.toBe(0); // the resend's answer
    twice.clear();
    const second = await h.store.executions.claimRefresh(QUEUE, 'r2', 10);
    expect(new Set([first[0].id, ...second.map((e) => e.id)])).toEqual(new Set([a.id, b.id]));
  });

  it('partitions-count, partitions-add and board-report: the layout as one run leaves it; a report recorded once, a second wake-up', async () => {
    const h = current();
    const store = h.store as RedisEngine;
    const inside = (store as unknown as { ctx: { redis: Redis; keys(queue: string): RedisQueueKeys } }).ctx;
    resend('partitions-count', 'partitions-add', 'board-report');
    await expect(store.partitions.setPartitionCount(QUEUE, 4)).resolves.toMatchObject({ n: '4', hist: '1' });
    await expect(store.partitions.addPartition(QUEUE, 1, 7)).resolves.toMatchObject({ n: '4', p1: '7' });
    const layout = await store.partitions.setPartitionCount(QUEUE, 4);
    expect(layout).toEqual({ n: '4', hist: '1', since: expect.any(String), p1: '7' });
    await store.partitions.reportWork(QUEUE, 1, { seq: 3, top: 5, dueAt: null }, true);
    await expect(store.partitions.readBoard(QUEUE)).resolves.toMatchObject({ reports: new Map([[1, { seq: 3, top: 5, dueAt: null }]]) });
    await expect(inside.redis.lrange(inside.keys(QUEUE).wake, 0, -1)).resolves.toEqual(['1', '1']);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, scheduled: 0 });
  });

  it('partition-drop and partitions-retire: an empty removed partition deleted and forgotten once; one that holds a job kept', async () => {
    const h = current();
    const store = h.store as RedisEngine;
    await store.partitions.setPartitionCount(QUEUE, 3);
    await store.partitions.addPartition(QUEUE, 1, 1);
    await store.partitions.addPartition(QUEUE, 2, 2);
    await store.partitions.setPartitionCount(QUEUE, 1);
    const job = newJob(h);
    const [held] = await store.jobs.enqueue([{ ...job, queue: `${QUEUE}~1`, id: withPartition(job.id, `${QUEUE}~1`) }]);
    resend('partition-drop', 'partitions-retire');
    await expect(store.partitions.dropPartition(`${QUEUE}~1`)).resolves.toBe(false);
    await expect(store.admin.get(held.job.id)).resolves.toMatchObject({ status: 'pending' });
    await expect(store.partitions.dropPartition(`${QUEUE}~2`)).resolves.toBe(true);
    const layout = await store.partitions.retirePartition(QUEUE, 2, 0);
    expect(layout).toMatchObject({ n: '1', p1: '1' });
    expect(layout).not.toHaveProperty('p2');
  });

  it('stage, stage-commit and stage-rollback: staged once, committed once (one event each), rolled back once', async () => {
    const h = current();
    const store = h.store as RedisEngine;
    resend('stage', 'stage-commit', 'stage-rollback');
    const [a, b] = [newJob(h, { idempotencyKey: 'a' }), newJob(h, { idempotencyKey: 'b' })];
    const staged = await store.partitions.stageJobs(QUEUE, 's1', h.clock.now() + 30_000, [a]);
    expect(staged.map((r) => [r.created, r.job.id])).toEqual([[true, a.id]]);
    const now = h.clock.now();
    await expect(store.partitions.commitStage(QUEUE, 's1', { by: now + 1000, keepUntil: now + 60_000 })).resolves.toEqual({ committed: 0 });
    await expect(store.partitions.isCommitted(QUEUE, 's1')).resolves.toBe(true);
    await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 1 });
    expect(await eventKinds(h)).toEqual([`enqueued:${a.id}`]);

    await store.partitions.stageJobs(QUEUE, 's2', h.clock.now() + 30_000, [b]);
    await expect(store.partitions.rollbackStage(QUEUE, 's2')).resolves.toBe(0); // the resend's answer: the first run deleted it
    await expect(h.store.admin.get(b.id)).resolves.toBeNull();
    await expect(store.partitions.expiredStages(QUEUE, 10)).resolves.toEqual([]);
    twice.clear();
    const [again] = await h.store.jobs.enqueue([newJob(h, { idempotencyKey: 'b' })]);
    expect(again.created).toBe(true);
  });

  it('schedule scripts: created once, claimed once (the first send\'s claim held until its lease ends), settled once, one run recorded', async () => {
    const h = current();
    const schedules = h.store.schedules;
    resend('schedule-put', 'schedule-claim', 'schedule-settle', 'schedule-pause', 'schedule-record', 'schedule-delete');
    const definition = {
      queue: QUEUE,
      everyMs: 1_000,
      timezone: 'UTC',
      job: { type: 'test', payloadJson: 'null', priority: 0, maxAttempts: 3, backoff: DEFAULT_BACKOFF, timeoutMs: 90_000 },
      overlap: 'allow' as const,
      catchUp: 'all' as const,
      maxCatchUp: 100,
    };
    const now = h.clock.now();
    await expect(schedules.put('s', definition, now, false)).resolves.toMatchObject({ created: true, schedule: { version: 1 } });
    // the resend's claim finds the schedule held by the first send's: it comes back after the lease
    await expect(schedules.claimDue(10, 5_000)).resolves.toEqual({ claimed: [], nextDueAt: now + 5_000 });
    h.clock.advance(5_000);
    twice.delete('schedule-claim');
    const [claimed] = (await schedules.claimDue(10, 5_000)).claimed;
    expect(claimed.schedule).toMatchObject({ name: 's', nextAt: now });
    // the resend of a settle finds the claim ended by the first: 'stale', and nothing counted twice
    const settlement = { name: 's', token: claimed.token, version: 1, nextAt: now + 1_000, runs: [{ fireAt: now, jobId: 'j1' }], fired: 1, skipped: 0, missed: 3 };
    await expect(schedules.settle([settlement])).resolves.toEqual(['stale']);
    await expect(schedules.recordRun('s', { fireAt: now + 1, jobId: 'j2', trigger: true })).resolves.toBe(true);
    await expect(schedules.setPaused('s', true, null)).resolves.toMatchObject({ paused: true });
    const read = await schedules.get('s');
    expect(read).toMatchObject({ fired: 2, missed: 3, nextAt: now + 1_000, paused: true, version: 1 });
    expect(read?.runs).toEqual([{ fireAt: now + 1, jobId: 'j2', trigger: true }, { fireAt: now, jobId: 'j1' }]);
    // the resend's answer: the first send deleted it
    await expect(schedules.delete('s')).resolves.toBe(false);
    await expect(schedules.get('s')).resolves.toBeNull();
  });

  it('queue-settings, group-update, rate-take and rate-refund: each setting made once, tokens charged and given back once', async () => {
    const h = current();
    const store = h.store as RedisEngine;
    resend('queue-settings', 'group-update', 'rate-take', 'rate-refund');
    await expect(store.groups.updateSettings(QUEUE, { rateLimit: { max: 10, perMs: 1_000 }, groupConcurrency: 2 })).resolves.toMatchObject({
      rateLimit: { max: 10, perMs: 1_000 },
      groupConcurrency: 2,
    });
    await expect(store.groups.setPaused(QUEUE, true)).resolves.toMatchObject({ paused: true });
    await expect(store.groups.setPaused(QUEUE, false)).resolves.toMatchObject({ paused: false });
    await expect(store.groups.updateGroup(QUEUE, 'g', { concurrency: 1, paused: true })).resolves.toMatchObject({ concurrency: 1, paused: true });
    await expect(store.groups.updateGroup(QUEUE, 'g', { paused: false })).resolves.toMatchObject({ concurrency: 1, paused: false });
    await expect(store.partitions.takeRateTokens(QUEUE, 6)).resolves.toEqual({ taken: 6 });
    await expect(store.partitions.takeRateTokens(QUEUE, 6)).resolves.toEqual({ taken: 4, nextAt: h.clock.now() + 100 });
    await store.partitions.refundRateTokens(QUEUE, 3);
    await expect(store.partitions.takeRateTokens(QUEUE, 6)).resolves.toEqual({ taken: 3, nextAt: h.clock.now() + 100 });
  });

  it('workers-forget: the silent entries removed once, the fresh one kept; the resend finds nothing more', async () => {
    const h = current();
    const info = (id: string) => ({ id, host: 'h', pid: 1, version: '0', startedAt: 0, queues: [QUEUE], slots: { busy: 0, total: 1 }, leasesHeld: 0 });
    await h.store.workers.publish(info('gone'));
    h.clock.advance(10_000);
    await h.store.workers.publish(info('here'));
    resend('workers-forget');
    // the caller sees the resend's answer: the first send forgot 'gone'
    await expect(h.store.workers.forgetSilent(5_000, 10)).resolves.toEqual([]);
    await expect(h.store.workers.find(['gone', 'here'])).resolves.toMatchObject([{ id: 'here' }]);
  });

  it('audit-append: a resend finds its own entry by the call id and adds nothing', async () => {
    const h = current();
    const entry = (target: string) => ({ at: h.clock.now(), keyId: 'k_0123456789ab', action: 'queue.pause' as const, target });
    const first = await h.store.audit.append(entry('queue:a'));
    resend('audit-append');
    const second = await h.store.audit.append(entry('queue:b'));
    // the caller sees the first send's id; the log holds each entry once
    expect(Number(second.id)).toBe(Number(first.id) + 1);
    const page = await h.store.audit.list(10);
    expect(page.items.map((e) => e.target)).toEqual(['queue:b', 'queue:a']);
  });

  it('ran every script of SCRIPT_KEYS that changes state twice', () => {
    const readOnly: ScriptName[] = ['counts', 'stray-leases', 'list-executions', 'oldest-pending', 'board-read', 'logs-read'];
    const missing = (Object.keys(SCRIPT_KEYS) as ScriptName[]).filter((s) => !readOnly.includes(s) && !ranTwice.has(s));
    expect(missing).toEqual([]);
  });
});
