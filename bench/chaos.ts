/**
 * `npm run chaos`: a worker fleet drains a steady stream of `http` jobs while workers are
 * SIGKILLed (and replaced) and Redis is SIGKILLed and restarted from its AOF.
 *
 * Judged per job: EVERY job whose enqueue was acknowledged (the client got its id) must have run
 * at least once (the recording server, the loopback endpoint the `http` jobs call, saw its
 * request), have ended `succeeded` by the store's record, and have been completed exactly once
 * (one `succeeded` event in the queue's events stream). The stream is read all along the run
 * (QueueEventTail, every second) and the workers keep EVENTS_MAXLEN far above what the run can
 * write, so no completion is trimmed before it is read; entries trimmed unread anyway are
 * counted (events_missed) and fail the run too. Running more than once is allowed (at-least-once
 * delivery: a killed worker's jobs run again) and counted.
 *
 * Prints one JSON line: jobs_acknowledged, never_ran, not_succeeded, completion_not_recorded,
 * completed_more_than_once, runs_more_than_once (acknowledged jobs that ran more than once),
 * events_missed, and as before jobs, kills, redis_restarts, lost (= not_succeeded),
 * refused_but_stored, double_completed (any job in the stream, acknowledged or not), extra_runs
 * (calls beyond one per acknowledged job), recovery_ms_p50/max (from a kill until every job the
 * killed worker held runs again), worker_dead_ms, lease_ms. Then exits 1 if never_ran,
 * not_succeeded, completion_not_recorded, completed_more_than_once or events_missed is not 0,
 * naming a few of the jobs.
 *
 * LEASE_MS is set far above WORKER_DEAD_MS on purpose: recovery should follow WORKER_DEAD_MS plus
 * the reaper interval (the silent-worker reap), not the lease length.
 *
 * Env: CHAOS_DURATION_MS (180000), CHAOS_KILLS (24), CHAOS_REDIS_RESTARTS (2), CHAOS_WORKERS (3).
 * Needs redis-server on PATH and a build (dist/). A short run to check it works:
 *   npm run build && CHAOS_DURATION_MS=30000 CHAOS_KILLS=4 CHAOS_REDIS_RESTARTS=1 npm run chaos
 *
 * CHAOS_CLUSTER=1 runs the fleet on a Redis Cluster of its own (3 masters + 3 replicas, no AOF):
 * instead of restarting Redis it SIGKILLs the master of the queue's slot CHAOS_REDIS_RESTARTS
 * times, waits for its replica to take over, and starts the killed node again (it rejoins as a
 * replica). CHAOS_WAIT_REPLICAS (0) sets REDIS_WAIT_REPLICAS for the workers and the feeder. The
 * line then also says master_kills, wait_replicas, and lost_acknowledged: jobs whose enqueue was
 * acknowledged and that are not in the store at the end (asynchronous replication's loss). Such
 * jobs fail the per-job judgement like any other: with CHAOS_WAIT_REPLICAS=0 a failover may lose
 * acknowledged writes, and the run says so.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { QueueEventTail } from '../test/support/claim-events';
import { ensureBuilt } from '../test/support/processes';
import { createClusterClient } from '../src/modules/queue/redis/redis-connection';
import { RedisCluster } from '../test/support/redis-cluster';
import { RedisServer } from '../test/support/redis-server';
import { RecordedRun, RunRecorder } from '../test/support/run-recorder';
import { waitFor } from '../test/support/wait-for';
import { FleetWorker, WorkerFleet } from '../test/support/worker-fleet';
import { judgeJobs, verdictFailures } from './chaos-verdict';

const DURATION_MS = Number(process.env.CHAOS_DURATION_MS ?? 180_000);
const KILLS = Number(process.env.CHAOS_KILLS ?? 24);
const REDIS_RESTARTS = Number(process.env.CHAOS_REDIS_RESTARTS ?? 2);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 3);
const CLUSTER = process.env.CHAOS_CLUSTER === '1';
const WAIT_REPLICAS = Number(process.env.CHAOS_WAIT_REPLICAS ?? 0);
const LEASE_MS = 60_000;
const WORKER_DEAD_MS = 1_500;
const REAPER_INTERVAL_MS = 500;
const HOLD_MS = 150;
const WORKER_CONCURRENCY = 10;
/**
 * EVENTS_MAXLEN of the workers (whose reapers trim the stream): ten times the most events the run
 * can write (every slot busy with HOLD_MS calls for the whole run, the drain included, about four
 * events per job), and never below the service default.
 */
const EVENTS_KEPT = Math.max(1_000_000, Math.ceil(((DURATION_MS + 180_000) / HOLD_MS) * WORKERS * WORKER_CONCURRENCY * 4 * 10));
/** How often the events stream is read during the run. */
const TAIL_EVERY_MS = 1_000;
/** Pending jobs kept waiting: small, so a requeued job's wait is the reap, not the backlog. */
const BACKLOG = 50;

interface Kill {
  worker: string;
  at: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  ensureBuilt();
  // a private copy of the build: `nest build` elsewhere deletes dist/ while this runs for minutes
  const build = join(__dirname, '..', `.chaos-dist-${process.pid}`);
  cpSync(join(__dirname, '..', 'dist'), build, { recursive: true });
  const redis = CLUSTER ? undefined : await RedisServer.start({ appendOnly: true });
  const cluster = CLUSTER ? await RedisCluster.start() : undefined;
  const seeds = cluster?.ports.map((port) => ({ host: '127.0.0.1', port })) ?? [];
  const waitEnv = { REDIS_WAIT_REPLICAS: String(WAIT_REPLICAS), REDIS_WAIT_TIMEOUT_MS: '1000' };
  const recorder = await RunRecorder.start(HOLD_MS);
  const fleet = new WorkerFleet(cluster ? {
    env: { REDIS_CLUSTER_NODES: cluster.seeds, ...waitEnv },
    connect: () => createClusterClient({ seeds, tls: false }),
    storeOptions: { replicaWait: { replicas: WAIT_REPLICAS, timeoutMs: 1000 } },
  } : redis!.url, {
    LEASE_MS: String(LEASE_MS),
    HEARTBEAT_MS: '300',
    WORKER_DEAD_MS: String(WORKER_DEAD_MS),
    REAPER_INTERVAL_MS: String(REAPER_INTERVAL_MS),
    WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    EVENTS_MAXLEN: String(EVENTS_KEPT),
  }, join(build, 'main.js'));
  const admin = cluster ? fleet.admin : createRedisClient(redis!.url);
  const kills: Kill[] = [];
  let restarts = 0;
  let enqueued = 0;
  let refused = 0;
  const acknowledged: string[] = [];
  const tail = new QueueEventTail(admin, fleet.prefix, fleet.queue);
  let tailing = true;
  const tailer = (async () => {
    while (tailing) {
      // Redis restarting: read on from the same place next time
      await tail.poll().catch(() => undefined);
      await sleep(TAIL_EVERY_MS);
    }
  })();
  try {
    await fleet.startWorkers(WORKERS);
    const start = Date.now();
    const end = start + DURATION_MS;
    let feeding = true;
    const feeder = (async () => {
      while (feeding) {
        try {
          const c = await fleet.counts();
          if (c.pending < BACKLOG) {
            const specs = Array.from({ length: 100 }, () => ({ type: 'http', payload: { url: recorder.url } }));
            const ids = await fleet.enqueue(specs);
            enqueued += ids.length;
            acknowledged.push(...ids);
          }
        } catch {
          // Redis restarting, or a master failing over: try again shortly
          refused++;
        }
        await sleep(100);
      }
    })();

    const killGap = DURATION_MS / (KILLS + 1);
    const restartAt = Array.from({ length: REDIS_RESTARTS }, (_, i) => start + ((i + 1) * DURATION_MS) / (REDIS_RESTARTS + 1) + killGap / 2);
    let nextKill = start + killGap;
    while (Date.now() < end) {
      if (kills.length < KILLS && Date.now() >= nextKill) {
        const victim: FleetWorker = fleet.workers[Math.floor(Math.random() * fleet.workers.length)];
        kills.push({ worker: victim.id, at: Date.now() });
        await fleet.kill(victim);
        await fleet.startWorkers(1);
        nextKill += killGap;
      }
      if (restartAt.length > 0 && Date.now() >= restartAt[0]) {
        restartAt.shift();
        if (cluster) {
          const victim = await cluster.masterOf(`{${fleet.queue}}`);
          await cluster.kill(victim);
          await waitFor('a replica to take over', async () => (await cluster.masterOf(`{${fleet.queue}}`)) !== victim, { timeoutMs: 60_000 });
          await cluster.waitUntilOk();
          await cluster.restart(victim);
        } else {
          await redis!.kill();
          await sleep(1_000);
          await redis!.launch();
        }
        restarts++;
      }
      await sleep(50);
    }
    feeding = false;
    await feeder;
    await waitFor('the fleet to drain', async () => {
      const c = await fleet.counts();
      return c.pending + c.running + c.scheduled === 0;
    }, { timeoutMs: 180_000, describe: () => fleet.logs() });

    tailing = false;
    await tailer;
    const eventsMissed = await tail.missedEntries();
    const claims = new Map<string, string>();
    const succeeded = new Map<string, number>();
    for (const ev of tail.events) {
      if (ev.k === 'claimed' && ev.w) claims.set(`${ev.id}:${ev.att}`, ev.w);
      if (ev.k === 'succeeded') succeeded.set(ev.id, (succeeded.get(ev.id) ?? 0) + 1);
    }
    const counts = await fleet.counts();
    const runsByJob = new Map<string, RecordedRun[]>();
    for (const run of recorder.runs) runsByJob.set(run.jobId, [...(runsByJob.get(run.jobId) ?? []), run]);

    // Recovery per kill: the jobs the victim was running when it died, until each runs again.
    const recoveries: number[] = [];
    for (const kill of kills) {
      let worst = -1;
      for (const run of recorder.runs) {
        if (claims.get(`${run.jobId}:${run.attempt}`) !== kill.worker || run.answered || run.start > kill.at) continue;
        const again = (runsByJob.get(run.jobId) ?? []).filter((r) => r.start > kill.at).map((r) => r.start);
        if (again.length > 0) worst = Math.max(worst, Math.min(...again) - kill.at);
      }
      if (worst >= 0) recoveries.push(worst);
    }
    recoveries.sort((a, b) => a - b);
    const present = await Promise.all(acknowledged.map((id) => fleet.store.admin.get(id)));
    const finalStatus = new Map(present.flatMap((job) => (job ? [[job.id, job.status] as const] : [])));
    const runs = new Map([...runsByJob].map(([id, list]) => [id, list.length]));
    const { examples, ...verdict } = judgeJobs(acknowledged, { runs, completions: succeeded, finalStatus });
    const report = {
      ...verdict,
      events_missed: eventsMissed,
      jobs: enqueued,
      kills: kills.length,
      ...(cluster
        ? { master_kills: restarts, wait_replicas: WAIT_REPLICAS, lost_acknowledged: present.filter((j) => j === null).length, enqueue_refused: refused }
        : { redis_restarts: restarts }),
      // acknowledged jobs that did not end succeeded (missing ones included): not_succeeded, by its earlier name
      lost: verdict.not_succeeded,
      // enqueues answered with an error whose jobs were stored anyway (they ran: no client retried them here)
      refused_but_stored: counts.succeeded - present.filter((j) => j?.status === 'succeeded').length,
      double_completed: [...succeeded.values()].filter((n) => n > 1).length,
      extra_runs: recorder.runs.length - enqueued,
      recovery_ms_p50: percentile(recoveries, 50),
      recovery_ms_max: recoveries.length > 0 ? recoveries[recoveries.length - 1] : 0,
      worker_dead_ms: WORKER_DEAD_MS,
      lease_ms: LEASE_MS,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
    const failures = verdictFailures({ ...verdict, examples });
    if (eventsMissed > 0) failures.push(`${eventsMissed} events stream entries trimmed before they were read (the completion counts are incomplete)`);
    if (failures.length > 0) {
      const why = cluster && WAIT_REPLICAS === 0 ? ' (CHAOS_WAIT_REPLICAS=0: a failover may lose acknowledged writes; CHAOS_WAIT_REPLICAS=1 waits for a replica)' : '';
      throw new Error(`${failures.join('; ')}${why}`);
    }
  } finally {
    tailing = false;
    await tailer;
    await fleet.close();
    await recorder.close();
    if (!cluster) admin.disconnect();
    await redis?.stop();
    await cluster?.stop();
    rmSync(build, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`chaos failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
