/**
 * npm run bench:split: partitioned queues with the API and the workers in separate processes
 * (MODE=api + MODE=worker, as the README recommends) next to MODE=all, with real claimq processes
 * (node dist/main.js, a private copy of the build) on Redis of the bench's own: one redis-server
 * (topology `single`) and a 3-master + 3-replica cluster (`cluster`).
 *
 * For each topology, N = 1 and N = BENCH_PARTITIONS (QUEUES=default vs default:6) and each mode
 * (`split`: BENCH_API_PROCESSES MODE=api + BENCH_WORKER_PROCESSES MODE=worker; `all`:
 * BENCH_WORKER_PROCESSES MODE=all, the clients' calls spread over them), on a flushed store:
 * 1. drain: BENCH_DRAIN_JOBS `http` jobs (a GET to a loopback server in this process that answers
 *    after BENCH_JOB_MS) in bulks of BENCH_DRAIN_BULK through the API: seconds from the first send
 *    to the last job done (GET /queues: succeeded);
 * 2. pickup: single http jobs while the workers are idle, each sent once the previous ran: send to
 *    start (the loopback server receiving its call), p50 and p95;
 * 3. idle: the API processes stopped (split), BENCH_IDLE_SECONDS with no job: Redis commands per
 *    second per worker process (per MODE=all process in `all`), counted per connection with
 *    MONITOR (an EVALSHA is one command; what its script runs is not counted) and /proc telling
 *    which process holds each connection (bench/split/client-command-counter.ts);
 * 4. priority: BENCH_PRIORITY_BACKLOG waiting priority-0 `sleep` jobs (BENCH_JOB_MS each), topped
 *    up under 90 %, the workers busy on them; BENCH_PRIORITY_JOBS priority-10 http jobs one every
 *    BENCH_PRIORITY_EVERY_MS: send to start, p50 and p99 (a job not started
 *    BENCH_PRIORITY_TIMEOUT_S after the last send counts as what it waited: `*_not_started`).
 * Workers run WORKER_CONCURRENCY=BENCH_WORKER_CONCURRENCY (10), HTTP_HOST_CONCURRENCY=0,
 * WORKER_IDLE_WAIT_MS=5000 (its default, set explicitly), LOG_LEVEL=warn; BENCH_CLAIMQ_ENV
 * (`K=V,K=V`) adds or overrides settings.
 *
 * BENCH_ROUNDS (3) rounds per topology, N = 1 and N = BENCH_PARTITIONS alternating which goes
 * first, the modes rotating; prints one JSON line per (topology, N, mode) with the medians of the
 * rounds, progress on stderr. Every process it starts (claimq, redis-server) is ended, also when it
 * fails or gets SIGINT/SIGTERM. Knobs for a quick run (bench/split/split-settings.ts):
 *   BENCH_ROUNDS=1 BENCH_DRAIN_JOBS=500 BENCH_PRIORITY_BACKLOG=5000 BENCH_PRIORITY_JOBS=5 \
 *   BENCH_PICKUP_SAMPLES=20 BENCH_IDLE_SECONDS=5 npm run bench:split
 */
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../test/support/processes';
import { machineDescription } from './machine';
import { median, roundOrder } from './rounds';
import { ClaimqFleet, claimqPids, FleetMode, FleetSpec, startedProcesses } from './split/claimq-fleet';
import { countClientCommands } from './split/client-command-counter';
import { JobTarget } from './split/job-target';
import { RedisTopology, TopologyName } from './split/redis-topology';
import { drain, DrainFigures, pickup, priority, PriorityFigures } from './split/split-phases';
import { SplitSettings, splitSettings, WORKER_IDLE_WAIT_MS } from './split/split-settings';
import { LatencySummary } from './split/latency-samples';
import { commandNamer } from './split/script-names';

const ROOT = join(__dirname, '..');

interface IdleFigures {
  perWorker: number;
  byCommand: Record<string, number>;
  mastersCommandstatsPerWorker: number;
  unattributedPerSec: number;
}

interface RoundFigures {
  drain: DrainFigures;
  pickup: LatencySummary;
  idle: IdleFigures;
  priority: PriorityFigures;
  /** the 1-minute load average when the measurement began: the bench shares the machine with anything else running */
  load1: number;
}

/** What a failure or a signal must end: the build copy, the loopback target, the Redis of the topology in use. */
const running: { build?: string; target?: JobTarget; topology?: RedisTopology } = {};
/** The redis-server pids the bench started (claimqPids has the claimq ones), for the check at the end that none is left. */
const redisPids = new Set<number>();

const log = (line: string): void => void process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const r2 = (x: number): number => Number(x.toFixed(2));

/** Commands per second per idle process, with the API processes stopped (split). */
async function idle(fleet: ClaimqFleet, topology: RedisTopology, settings: SplitSettings): Promise<IdleFigures> {
  await fleet.stopApis();
  await new Promise((r) => setTimeout(r, settings.idleSettleS * 1000));
  const pids = fleet.idleProcesses.map((p) => p.pid!);
  const counted = await countClientCommands(topology, pids, settings.idleSeconds, commandNamer(join(running.build!, 'lua')));
  const per = (n: number): number => r2(n / pids.length / counted.seconds);
  const total = [...counted.perProcess.values()].reduce((a, n) => a + n, 0);
  const figures = {
    perWorker: per(total),
    byCommand: Object.fromEntries([...counted.byCommand].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, per(n)])),
    mastersCommandstatsPerWorker: per(counted.mastersCommandstats),
    unattributedPerSec: r2(counted.unattributed / counted.seconds),
  };
  const each = [...counted.perProcess.values()].map((n) => r2(n / counted.seconds)).join(', ');
  log(`idle: ${figures.perWorker} commands/s per process (${each}) ${JSON.stringify(figures.byCommand)}; commandstats on the masters ${figures.mastersCommandstatsPerWorker}/s per process`);
  await fleet.startApis();
  return figures;
}

async function measure(topology: RedisTopology, spec: FleetSpec, round: number, settings: SplitSettings, target: JobTarget): Promise<RoundFigures> {
  const env = {
    JOB_STORE: 'redis',
    ...topology.claimqEnv,
    REDIS_PREFIX: `split-${round}`,
    WORKER_CONCURRENCY: String(settings.concurrency),
    HTTP_HOST_CONCURRENCY: '0',
    WORKER_IDLE_WAIT_MS: String(WORKER_IDLE_WAIT_MS),
    LOG_LEVEL: 'warn',
    ...settings.claimqEnv,
  };
  const start = async (): Promise<ClaimqFleet> => {
    await topology.flush();
    return ClaimqFleet.start(spec, env, running.build!);
  };
  const load1 = r2(os.loadavg()[0]);
  let fleet = await start();
  try {
    const ctx = () => ({ fleet, target, settings, log });
    const drained = await drain(ctx());
    if (drained.timedOut) {
      // jobs left over would run into the next phase: start again on an empty store
      await fleet.kill();
      fleet = await start();
    }
    fleet.checkAlive();
    const picked = await pickup(ctx());
    fleet.checkAlive();
    const idled = await idle(fleet, topology, settings);
    const prioritized = await priority(ctx());
    fleet.checkAlive();
    return { drain: drained, pickup: picked, idle: idled, priority: prioritized, load1 };
  } finally {
    await fleet.kill();
  }
}

function line(topology: TopologyName, spec: FleetSpec, rounds: RoundFigures[], settings: SplitSettings, machine: string): Record<string, unknown> {
  const med = (pick: (r: RoundFigures) => number): number => r2(median(rounds.map(pick)));
  const byCommand: Record<string, number> = {};
  for (const r of rounds) for (const [name, n] of Object.entries(r.idle.byCommand)) byCommand[name] = r2((byCommand[name] ?? 0) + n / rounds.length);
  return {
    bench: 'split',
    topology,
    partitions: spec.partitions,
    mode: spec.mode,
    api_processes: spec.mode === 'split' ? spec.apis : 0,
    worker_processes: spec.workers,
    worker_concurrency: settings.concurrency,
    worker_idle_wait_ms: WORKER_IDLE_WAIT_MS,
    rounds: rounds.length,
    job_ms: settings.jobMs,
    drain_jobs: settings.drainJobs,
    drain_bulk: settings.drainBulk,
    drain_s: med((r) => r.drain.seconds),
    drain_s_rounds: rounds.map((r) => r.drain.seconds),
    drain_timed_out: rounds.filter((r) => r.drain.timedOut).length,
    drain_duplicate_calls: rounds.reduce((a, r) => a + r.drain.duplicateCalls, 0),
    pickup_p50_ms: med((r) => r.pickup.p50),
    pickup_p95_ms: med((r) => r.pickup.p95),
    pickup_samples: med((r) => r.pickup.samples),
    pickup_not_started: rounds.reduce((a, r) => a + r.pickup.censored, 0),
    idle_seconds: settings.idleSeconds,
    idle_processes: spec.mode === 'split' ? 'worker' : 'all',
    idle_commands_per_sec_per_process: med((r) => r.idle.perWorker),
    idle_commands_per_sec_per_process_rounds: rounds.map((r) => r.idle.perWorker),
    idle_commands_by_name: byCommand,
    idle_masters_commandstats_per_sec_per_process: med((r) => r.idle.mastersCommandstatsPerWorker),
    priority_backlog: settings.priorityBacklog,
    priority_jobs: settings.priorityJobs,
    priority_every_ms: settings.priorityEveryMs,
    priority_p50_ms: med((r) => r.priority.p50),
    priority_p99_ms: med((r) => r.priority.p99),
    priority_p50_ms_rounds: rounds.map((r) => r.priority.p50),
    priority_not_started: rounds.reduce((a, r) => a + r.priority.censored, 0),
    priority_timeout_s: settings.priorityTimeoutS,
    priority_backlog_pending_min: Math.min(...rounds.map((r) => r.priority.backlogPendingMin)),
    load1_at_start: rounds.map((r) => r.load1),
    machine,
  };
}

async function runTopology(name: TopologyName, settings: SplitSettings, target: JobTarget): Promise<void> {
  log(`${name}: starting Redis`);
  const topology = (running.topology = await RedisTopology.start(name));
  for (const pid of topology.pids) redisPids.add(pid);
  const machine = await machineDescription(topology.admin((await topology.masterPorts())[0]));
  const counts = [1, settings.partitions];
  const results = new Map<string, { spec: FleetSpec; rounds: RoundFigures[] }>();
  for (let round = 0; round < settings.rounds; round++) {
    for (const partitions of round % 2 === 0 ? counts : [...counts].reverse()) {
      for (const mode of roundOrder<FleetMode>(settings.modes, round)) {
        const spec: FleetSpec = { mode, partitions, apis: settings.apis, workers: settings.workers };
        const key = `${partitions}/${mode}`;
        log(`${name} round ${round + 1}/${settings.rounds}: N=${partitions} ${mode}`);
        const figures = await measure(topology, spec, round, settings, target);
        if (!results.has(key)) results.set(key, { spec, rounds: [] });
        results.get(key)!.rounds.push(figures);
      }
    }
  }
  for (const partitions of counts) {
    for (const mode of settings.modes) {
      const result = results.get(`${partitions}/${mode}`)!;
      process.stdout.write(`${JSON.stringify(line(name, result.spec, result.rounds, settings, machine))}\n`);
    }
  }
  running.topology = undefined;
  await topology.stop();
}

async function main(): Promise<void> {
  const settings = splitSettings();
  ensureBuilt();
  // a private copy of the build: a `nest build` during the run would delete dist/ under the processes
  running.build = join(ROOT, `.split-dist-${process.pid}`);
  cpSync(join(ROOT, 'dist'), running.build, { recursive: true });
  running.target = await JobTarget.start(settings.jobMs);
  const began = performance.now();
  for (const topology of settings.topologies) await runTopology(topology, settings, running.target);
  log(`done in ${((performance.now() - began) / 60_000).toFixed(1)} min`);
}

/** Ends every process this bench started and removes its files; then checks that none of its pids is left. */
async function cleanup(): Promise<void> {
  await Promise.all([...startedProcesses].map((p) => p.kill()));
  startedProcesses.clear();
  await running.topology?.stop();
  running.topology = undefined;
  await running.target?.close();
  running.target = undefined;
  if (running.build) rmSync(running.build, { recursive: true, force: true });
  running.build = undefined;
  const left = [...redisPids, ...claimqPids].filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  if (left.length > 0) log(`processes still running after cleanup: ${left.join(', ')}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(async () => {
    await cleanup();
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    log(`bench:split failed: ${err instanceof Error ? err.stack : String(err)}`);
    await cleanup();
    process.exit(1);
  });
