/**
 * npm run bench:cluster: one queue spread over a Redis Cluster of the bench's own (3 masters + 3
 * replicas on this machine), with N = 1 and N = BENCH_PARTITIONS (6) partitions, alternated over
 * BENCH_ROUNDS rounds. Per round, on a fresh key prefix:
 * - enqueue: BENCH_CLIENTS store clients (PartitionedEngine over RedisEngine, as claimq runs)
 *   each enqueue one job per call for BENCH_SECONDS: jobs/s;
 * - process: the same clients claim BENCH_BATCH jobs and complete them in one call, from the
 *   backlog just enqueued, for BENCH_SECONDS: jobs/s;
 * - Redis commands per job (commandstats over the masters, commands inside scripts counted) and
 *   the CPU seconds each master spent over both phases, with max/min across masters;
 * - priority: BENCH_PRIORITY_BACKLOG priority-0 jobs, 4 clients claiming 50 and completing, then
 *   one priority-10 job: ms from its enqueue to its claim, and how many jobs were claimed between.
 * Then, once per N: the Redis commands per second of an idle worker (claim, then waitForWork with
 * the worker's 5 s idle wait, as ClaimLoop does; layout refreshes included) over
 * BENCH_IDLE_SECONDS, and pickup: one job at a time enqueued while a worker waits, ms from enqueue
 * to claim, BENCH_PICKUP_SAMPLES samples (p50, p99).
 * Prints one JSON line per N, with the medians of the rounds.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { idTail } from '../src/domain/job-id';
import { normalizeJobSpec } from '../src/domain/job-spec';
import { MAX_IDLE_WAIT_MS } from '../src/modules/claim/claim-loop';
import { PartitionedEngine } from '../src/modules/queue/partitions/partitioned-engine';
import { createClusterClient } from '../src/modules/queue/redis/redis-connection';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { RedisCluster } from '../test/support/redis-cluster';
import { percentile, sleep } from './latency';
import { machineDescription } from './machine';
import { diff, RedisSnapshot, snapshot } from './redis-stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const PARTITIONS = Number(process.env.BENCH_PARTITIONS ?? 6);
const PRIORITY_BACKLOG = Number(process.env.BENCH_PRIORITY_BACKLOG ?? 100_000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const PICKUP_SAMPLES = Number(process.env.BENCH_PICKUP_SAMPLES ?? 2000);
const QUEUE = 'bench';

interface Round {
  enqueuePerSec: number;
  processPerSec: number;
  enqueueCommandsPerJob: number;
  processCommandsPerJob: number;
  cpuSecondsPerMaster: number[];
  cpuMaxOverMin: number;
  priorityWaitMs: number;
  priorityJobsBefore: number;
}

function median(values: number[]): number {
  return percentile(values, 50);
}

class Bench {
  private readonly seeds: { host: string; port: number }[];

  constructor(
    cluster: RedisCluster,
    /** a plain connection to each master, for INFO */
    private readonly masters: Redis[],
  ) {
    this.seeds = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
  }

  store(prefix: string, partitions: number): PartitionedEngine {
    const inner = new RedisEngine({ redis: createClusterClient({ seeds: this.seeds, tls: false }), prefix });
    return new PartitionedEngine(inner, { partitionsOf: () => partitions });
  }

  async snapshots(): Promise<RedisSnapshot[]> {
    return Promise.all(this.masters.map((m) => snapshot(m)));
  }

  async round(partitions: number, r: number): Promise<Round> {
    const prefix = `bench-p${partitions}-${r}`;
    const stores = Array.from({ length: CLIENTS }, () => this.store(prefix, partitions));
    try {
      await stores[0].layout(QUEUE); // the first instance sets the layout up
      await Promise.all(stores.map((s) => s.layout(QUEUE)));
      const s0 = await this.snapshots();
      let enqueued = 0;
      let until = performance.now() + SECONDS * 1000;
      await Promise.all(
        stores.map(async (store, c) => {
          while (performance.now() < until) {
            await store.jobs.enqueue([normalizeJobSpec({ type: 'noop', queue: QUEUE, payload: { c } }, { now: Date.now(), maxPayloadBytes: 1 << 20 })]);
            enqueued++;
          }
        }),
      );
      const s1 = await this.snapshots();
      let processed = 0;
      until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        stores.map(async (store, c) => {
          while (performance.now() < until) {
            const { jobs } = await store.jobs.claim(QUEUE, `bench-${c}`, BATCH, 60_000);
            if (jobs.length === 0) return;
            await store.jobs.complete(QUEUE, jobs.map((j) => ({ id: j.job.id, token: j.token })));
            processed += jobs.length;
          }
        }),
      );
      const processSeconds = (performance.now() - started) / 1000;
      const s2 = await this.snapshots();
      const enqueueCost = s1.map((s, i) => diff(s, s0[i]));
      const processCost = s2.map((s, i) => diff(s, s1[i]));
      const cpu = s2.map((s, i) => Number(diff(s, s0[i]).cpuSeconds.toFixed(2)));
      const sum = (xs: RedisSnapshot[]) => xs.reduce((a, x) => a + x.commands, 0);
      const priority = await this.priority(`${prefix}-prio`, partitions);
      return {
        enqueuePerSec: Math.round(enqueued / SECONDS),
        processPerSec: Math.round(processed / processSeconds),
        enqueueCommandsPerJob: Number((sum(enqueueCost) / enqueued).toFixed(2)),
        processCommandsPerJob: Number((sum(processCost) / processed).toFixed(2)),
        cpuSecondsPerMaster: cpu,
        cpuMaxOverMin: Number((Math.max(...cpu) / Math.max(0.01, Math.min(...cpu))).toFixed(2)),
        ...priority,
      };
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }

  /** A priority-10 job behind PRIORITY_BACKLOG priority-0 jobs, while 4 clients work through them. */
  private async priority(prefix: string, partitions: number): Promise<{ priorityWaitMs: number; priorityJobsBefore: number }> {
    const stores = Array.from({ length: 4 }, () => this.store(prefix, partitions));
    try {
      await stores[0].layout(QUEUE);
      for (let i = 0; i < PRIORITY_BACKLOG; i += 1000) {
        const jobs = Array.from({ length: Math.min(1000, PRIORITY_BACKLOG - i) }, () =>
          normalizeJobSpec({ type: 'noop', queue: QUEUE }, { now: Date.now(), maxPayloadBytes: 1 << 20 }),
        );
        await stores[(i / 1000) % stores.length].jobs.enqueue(jobs);
      }
      // the id the store gives it names its partition; its tail is the one sent (idTail)
      let urgentTail: string | undefined;
      const deadline = performance.now() + 120_000;
      let sentAt = 0;
      let claimedBefore = 0;
      let waitMs = -1;
      let running = true;
      const workers = stores.map(async (store, c) => {
        while (running) {
          if (performance.now() > deadline) throw new Error('the priority-10 job was never claimed');
          const { jobs } = await store.jobs.claim(QUEUE, `prio-${c}`, BATCH, 60_000);
          if (jobs.length === 0) {
            await sleep(1);
            continue;
          }
          const at = performance.now();
          for (const j of jobs) {
            if (urgentTail !== undefined && idTail(j.job.id) === urgentTail) {
              waitMs = at - sentAt;
              running = false;
            } else if (urgentTail !== undefined && waitMs < 0) {
              claimedBefore++;
            }
          }
          await store.jobs.complete(QUEUE, jobs.map((j) => ({ id: j.job.id, token: j.token })));
        }
      });
      await sleep(300);
      const urgent = normalizeJobSpec({ type: 'noop', queue: QUEUE, priority: 10 }, { now: Date.now(), maxPayloadBytes: 1 << 20 });
      urgentTail = idTail(urgent.id);
      sentAt = performance.now();
      await stores[0].jobs.enqueue([urgent]);
      await Promise.all(workers);
      return { priorityWaitMs: Number(waitMs.toFixed(1)), priorityJobsBefore: claimedBefore };
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }

  /** Commands per second the masters run with no client at all (replicas' REPLCONF ACKs and the like). */
  async background(): Promise<number> {
    const before = await this.snapshots();
    await sleep(IDLE_SECONDS * 1000);
    const after = await this.snapshots();
    return after.reduce((a, s, i) => a + diff(s, before[i]).commands, 0) / IDLE_SECONDS;
  }

  /** Commands per second an idle worker costs the cluster (all masters), over the background. */
  async idle(partitions: number, background: number): Promise<number> {
    const store = this.store(`bench-idle-${partitions}`, partitions);
    try {
      await store.layout(QUEUE);
      await store.jobs.claim(QUEUE, 'idle', 10, 60_000);
      const before = await this.snapshots();
      const until = Date.now() + IDLE_SECONDS * 1000;
      while (Date.now() < until) {
        const { jobs, nextDueAt } = await store.jobs.claim(QUEUE, 'idle', 10, 60_000);
        if (jobs.length > 0) continue;
        const timeout = Math.min(MAX_IDLE_WAIT_MS, until - Date.now(), nextDueAt === undefined ? Infinity : Math.max(1, nextDueAt - Date.now()));
        if (timeout > 0) await store.jobs.waitForWork(QUEUE, timeout);
      }
      const after = await this.snapshots();
      // INFO's own calls are not counted (redis-stats.ts)
      const commands = after.reduce((a, s, i) => a + diff(s, before[i]).commands, 0);
      return Number((commands / IDLE_SECONDS - background).toFixed(2));
    } finally {
      await store.close();
    }
  }

  /** ms from enqueue to claim, one job at a time, while a worker waits on the queue. */
  async pickup(partitions: number): Promise<{ p50: number; p99: number }> {
    const producer = this.store(`bench-pickup-${partitions}`, partitions);
    const worker = this.store(`bench-pickup-${partitions}`, partitions);
    const samples: number[] = [];
    try {
      await producer.layout(QUEUE);
      await worker.layout(QUEUE);
      let sentAt = 0;
      let onClaim: (() => void) | undefined;
      let running = true;
      const loop = (async () => {
        while (running) {
          const { jobs } = await worker.jobs.claim(QUEUE, 'pickup', 10, 60_000);
          if (jobs.length > 0) {
            samples.push(performance.now() - sentAt);
            await worker.jobs.complete(QUEUE, jobs.map((j) => ({ id: j.job.id, token: j.token })));
            onClaim?.();
            continue;
          }
          await worker.jobs.waitForWork(QUEUE, 1000);
        }
      })();
      await sleep(200);
      for (let i = 0; i < PICKUP_SAMPLES; i++) {
        const claimed = new Promise<void>((resolve) => (onClaim = resolve));
        sentAt = performance.now();
        await producer.jobs.enqueue([normalizeJobSpec({ type: 'noop', queue: QUEUE }, { now: Date.now(), maxPayloadBytes: 1 << 20 })]);
        await claimed;
        await sleep(2); // the worker is back waiting
      }
      running = false;
      await producer.jobs.enqueue([normalizeJobSpec({ type: 'noop', queue: QUEUE }, { now: Date.now(), maxPayloadBytes: 1 << 20 })]);
      await loop;
      return { p50: Number(percentile(samples, 50).toFixed(2)), p99: Number(percentile(samples, 99).toFixed(2)) };
    } finally {
      await Promise.all([producer.close(), worker.close()]);
    }
  }
}

async function main(): Promise<void> {
  const cluster = await RedisCluster.start();
  const masters: Redis[] = [];
  try {
    for (const port of await cluster.masters()) masters.push(new Redis({ host: '127.0.0.1', port, lazyConnect: false }));
    const machine = await machineDescription(masters[0]);
    const bench = new Bench(cluster, masters);
    const counts = [1, PARTITIONS];
    const results = new Map<number, Round[]>(counts.map((n) => [n, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const n of r % 2 === 0 ? counts : [...counts].reverse()) results.get(n)!.push(await bench.round(n, r));
    }
    const background = await bench.background();
    for (const n of counts) {
      const rounds = results.get(n)!;
      const idle = await bench.idle(n, background);
      const pickup = await bench.pickup(n);
      const byMaster = masters.map((_, i) => median(rounds.map((x) => x.cpuSecondsPerMaster[i])));
      const line = {
        bench: 'cluster',
        partitions: n,
        masters: masters.length,
        replicas_per_master: 1,
        clients: CLIENTS,
        batch: BATCH,
        seconds: SECONDS,
        rounds: ROUNDS,
        enqueue_jobs_per_sec: median(rounds.map((x) => x.enqueuePerSec)),
        process_jobs_per_sec: median(rounds.map((x) => x.processPerSec)),
        enqueue_redis_commands_per_job: median(rounds.map((x) => x.enqueueCommandsPerJob)),
        process_redis_commands_per_job: median(rounds.map((x) => x.processCommandsPerJob)),
        redis_cpu_seconds_per_master: byMaster,
        redis_cpu_max_over_min: median(rounds.map((x) => x.cpuMaxOverMin)),
        priority_backlog: PRIORITY_BACKLOG,
        priority_wait_ms: median(rounds.map((x) => x.priorityWaitMs)),
        priority_wait_ms_max: Math.max(...rounds.map((x) => x.priorityWaitMs)),
        priority_jobs_claimed_before: median(rounds.map((x) => x.priorityJobsBefore)),
        idle_worker_commands_per_sec: idle,
        idle_background_commands_per_sec: Number(background.toFixed(2)),
        idle_seconds: IDLE_SECONDS,
        pickup_p50_ms: pickup.p50,
        pickup_p99_ms: pickup.p99,
        pickup_samples: PICKUP_SAMPLES,
        machine,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  } finally {
    for (const m of masters) m.disconnect();
    await cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench:cluster failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
