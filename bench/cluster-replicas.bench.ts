/**
 * npm run bench:cluster-replicas: what REDIS_WAIT_REPLICAS costs on a Redis Cluster of the bench's own
 * (3 masters + 3 replicas on this machine, `redis-server --cluster-enabled yes`).
 *
 * For REDIS_WAIT_REPLICAS 0 and 1, alternated over BENCH_ROUNDS rounds of BENCH_SECONDS each:
 * - enqueue: BENCH_CLIENTS store clients each enqueue one job per call (as POST /jobs does), over
 *   three queues whose slots live on three masters: jobs/s and the p50/p99 of one enqueue;
 * - process: the same clients claim BENCH_BATCH jobs and complete them in one call, from a backlog
 *   of the jobs just enqueued: jobs/s and the p99 of one completion call.
 * - failover: the same clients enqueue one job per call into the first queue while the master of
 *   its slot is SIGKILLed; once its replica took over (and the killed node, restarted, rejoined as
 *   its replica), every acknowledged job is looked up: lost_acknowledged counts the missing ones,
 *   refused the enqueues answered StoreUnavailableError (a client's 503) during the gap.
 * Prints one JSON line per setting, with the medians of the rounds (losses: the sum).
 */
import 'reflect-metadata';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { createClusterClient } from '../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { RedisCluster } from '../test/support/redis-cluster';
import { machineDescription } from './machine';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);

interface Round {
  lostAcknowledged: number;
  acknowledged: number;
  refused: number;
  enqueuePerSec: number;
  enqueueP50Ms: number;
  enqueueP99Ms: number;
  processPerSec: number;
  completeP99Ms: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(values: number[]): number {
  return percentile(values, 50);
}

async function queuesOnMasters(cluster: RedisCluster): Promise<string[]> {
  const byMaster = new Map<number, string>();
  for (let i = 0; byMaster.size < 3 && i < 200; i++) {
    const master = await cluster.masterOf(`{bench${i}}`);
    if (!byMaster.has(master)) byMaster.set(master, `bench${i}`);
  }
  return [...byMaster.values()];
}

async function round(cluster: RedisCluster, queues: string[], replicas: number, n: number): Promise<Round> {
  await cluster.waitForReplicas();
  const seeds = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
  const prefix = `bench-w${replicas}-${n}`;
  const stores = Array.from(
    { length: CLIENTS },
    () => new RedisEngine({ redis: createClusterClient({ seeds, tls: false }), prefix, replicaWait: { replicas, timeoutMs: 1000 } }),
  );
  try {
    const enqueueMs: number[] = [];
    let until = performance.now() + SECONDS * 1000;
    await Promise.all(
      stores.map(async (store, c) => {
        const queue = queues[c % queues.length];
        while (performance.now() < until) {
          const job = normalizeJobSpec({ type: 'noop', queue, payload: { c } }, { now: Date.now(), maxPayloadBytes: 1 << 20 });
          const t0 = performance.now();
          await store.jobs.enqueue([job]);
          enqueueMs.push(performance.now() - t0);
        }
      }),
    );
    const completeMs: number[] = [];
    let processed = 0;
    until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      stores.map(async (store, c) => {
        const queue = queues[c % queues.length];
        while (performance.now() < until) {
          const { jobs } = await store.jobs.claim(queue, `bench-${c}`, BATCH, 60_000);
          if (jobs.length === 0) return;
          const t0 = performance.now();
          await store.jobs.complete(queue, jobs.map((j) => ({ id: j.job.id, token: j.token })));
          completeMs.push(performance.now() - t0);
          processed += jobs.length;
        }
      }),
    );
    const processSeconds = (performance.now() - started) / 1000;
    return {
      ...(await failover(cluster, stores, queues[0])),
      enqueuePerSec: Math.round(enqueueMs.length / SECONDS),
      enqueueP50Ms: Number(percentile(enqueueMs, 50).toFixed(2)),
      enqueueP99Ms: Number(percentile(enqueueMs, 99).toFixed(2)),
      processPerSec: Math.round(processed / processSeconds),
      completeP99Ms: Number(percentile(completeMs, 99).toFixed(2)),
    };
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
}

/** Enqueues into `queue` from every store while its master is killed; counts what was lost. */
async function failover(cluster: RedisCluster, stores: RedisEngine[], queue: string): Promise<{ lostAcknowledged: number; acknowledged: number; refused: number }> {
  const acknowledged: string[] = [];
  let refused = 0;
  let running = true;
  const clients = Promise.all(
    stores.map(async (store, c) => {
      while (running) {
        const job = normalizeJobSpec({ type: 'noop', queue, payload: { c } }, { now: Date.now(), maxPayloadBytes: 1 << 20 });
        try {
          await store.jobs.enqueue([job]);
          acknowledged.push(job.id);
        } catch {
          refused++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1000));
  const victim = await cluster.masterOf(`{${queue}}`);
  await cluster.kill(victim);
  while ((await cluster.masterOf(`{${queue}}`).catch(() => victim)) === victim) await new Promise((r) => setTimeout(r, 100));
  await cluster.waitUntilOk();
  await cluster.restart(victim);
  await cluster.waitUntilOk();
  await cluster.waitForReplicas();
  const before = acknowledged.length;
  while (acknowledged.length < before + 100) await new Promise((r) => setTimeout(r, 50));
  running = false;
  await clients;
  let lostAcknowledged = 0;
  for (const id of acknowledged) if ((await stores[0].admin.get(id)) === null) lostAcknowledged++;
  return { lostAcknowledged, acknowledged: acknowledged.length, refused };
}

async function main(): Promise<void> {
  const cluster = await RedisCluster.start();
  try {
    const queues = await queuesOnMasters(cluster);
    const probe = createClusterClient({ seeds: [{ host: '127.0.0.1', port: cluster.ports[0] }], tls: false });
    await probe.exists('probe');
    const machine = await machineDescription(probe.nodes('master')[0]);
    probe.disconnect();
    const results = new Map<number, Round[]>([[0, []], [1, []]]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const replicas of r % 2 === 0 ? [0, 1] : [1, 0]) results.get(replicas)!.push(await round(cluster, queues, replicas, r));
    }
    for (const [replicas, rounds] of results) {
      const line = {
        bench: 'cluster-replicas',
        redis_wait_replicas: replicas,
        masters: 3,
        replicas_per_master: 1,
        clients: CLIENTS,
        batch: BATCH,
        seconds: SECONDS,
        rounds: ROUNDS,
        enqueue_jobs_per_sec: median(rounds.map((x) => x.enqueuePerSec)),
        enqueue_p50_ms: median(rounds.map((x) => x.enqueueP50Ms)),
        enqueue_p99_ms: median(rounds.map((x) => x.enqueueP99Ms)),
        process_jobs_per_sec: median(rounds.map((x) => x.processPerSec)),
        complete_p99_ms: median(rounds.map((x) => x.completeP99Ms)),
        failovers: rounds.length,
        failover_acknowledged: rounds.reduce((sum, x) => sum + x.acknowledged, 0),
        failover_lost_acknowledged: rounds.reduce((sum, x) => sum + x.lostAcknowledged, 0),
        failover_refused: rounds.reduce((sum, x) => sum + x.refused, 0),
        machine,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  } finally {
    await cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench:cluster-replicas failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
