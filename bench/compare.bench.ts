/**
 * npm run bench:compare: claimq, BullMQ and Bee-Queue side by side on one private redis-server on
 * a free port (flushed before each system), same N, concurrency and no-op handlers, over
 * BENCH_ROUNDS rounds whose order rotates (round 0: claimq, claimq_retained, bullmq, beequeue;
 * round 1: claimq_retained, bullmq, beequeue, claimq; ...). See measure-system.ts for the phases
 * and the end-state checks (a lost job fails the run), and the *-system.ts files for what each
 * system runs: claimq is a WHOLE instance (ClaimqModule, MODE=all: workers, heartbeat, reaper,
 * refresh, schedules, stats; no HTTP listener, no history), BullMQ a Worker plus a QueueEvents
 * listener, Bee-Queue a worker with its stalled-job check. Each serves ONE queue, so idle_cmds_s
 * is per instance and per queue.
 *
 * stderr: each round's table, then the medians. stdout: ONE JSON line,
 *   {"claimq": {...}, "bullmq": {...}, "beequeue": {...},
 *    "claimq_bullmq_process_ratio": x, "rounds": [{"order": [...], "claimq": {...}, ...}, ...]}
 * where each system's figures are the median over the rounds, the ratio is claimq's median
 * process_jobs_s over BullMQ's (the target: >= 3), and `rounds` holds every round's own figures.
 * claimq runs with SUCCEEDED_RETENTION_MS=0 (deleted at completion, as the peers run with
 * removeOnComplete / removeOnSuccess); the tables also show claimq_retained (the service default,
 * kept 24 h), which the JSON line leaves out.
 *
 * Env (defaults): BENCH_N (100000), BENCH_C (50), BENCH_CHUNK (1000), BENCH_ROUNDS (3),
 * BENCH_IDLE_S (60), BENCH_PICKUP_SAMPLES (2000), BENCH_PICKUP_GAP_MS (5), BENCH_STALL_S (30),
 * BENCH_SYSTEMS (claimq,claimq_retained,bullmq,beequeue); bench-settings.ts says why.
 * The figures: BENCH_N=100000 BENCH_C=50 npm run bench:compare on an idle machine, about 20 min.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { RedisServer } from '../test/support/redis-server';
import { benchSettings } from './bench-settings';
import { createSystem, isSystemName, SystemName } from './bench-systems';
import { figuresTable } from './figures-table';
import { machineDescription } from './machine';
import { measureSystem, SystemFigures } from './measure-system';
import { medianFigures, ratio, roundOrder } from './rounds';

/** Table only: the JSON line compares the configuration the peers run in (delete on completion). */
const TABLE_ONLY: readonly string[] = ['claimq_retained'];

const inJson = (figures: Record<string, SystemFigures>): Record<string, SystemFigures> =>
  Object.fromEntries(Object.entries(figures).filter(([name]) => !TABLE_ONLY.includes(name)));

async function main(): Promise<void> {
  const settings = benchSettings();
  const unknown = settings.systems.filter((name) => !isSystemName(name));
  if (unknown.length > 0) throw new Error(`BENCH_SYSTEMS: unknown ${unknown.join(', ')}`);
  const systems = settings.systems.filter(isSystemName);
  const server = await RedisServer.start();
  const admin = new Redis(server.port, '127.0.0.1');
  const rounds: Array<{ order: SystemName[]; figures: Record<string, SystemFigures> }> = [];
  try {
    process.stderr.write(`bench:compare N=${settings.n} C=${settings.concurrency} rounds=${settings.rounds} on ${await machineDescription(admin)}\n`);
    for (let r = 0; r < settings.rounds; r++) {
      const order = roundOrder(systems, r);
      const figures: Record<string, SystemFigures> = {};
      for (const name of order) {
        await admin.flushall();
        process.stderr.write(`round ${r + 1}/${settings.rounds}: ${name}...\n`);
        figures[name] = await measureSystem(createSystem(name, server.port), admin, settings);
      }
      rounds.push({ order, figures });
      process.stderr.write(`round ${r + 1} (order ${order.join(', ')}):\n${figuresTable(inSystemOrder(systems, figures))}\n`);
    }
    const medians = Object.fromEntries(systems.map((name) => [name, medianFigures(rounds.map((round) => round.figures[name]))]));
    const processRatio = ratio(medians.claimq?.process_jobs_s, medians.bullmq?.process_jobs_s);
    process.stderr.write(`median of ${settings.rounds} rounds:\n${figuresTable(medians)}\nclaimq / bullmq process_jobs_s: ${processRatio}\n`);
    const line = {
      ...inJson(medians),
      claimq_bullmq_process_ratio: processRatio,
      rounds: rounds.map((round) => ({ order: round.order, ...inJson(round.figures) })),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    admin.disconnect();
    await server.stop();
  }
}

/** The round's figures with its columns in BENCH_SYSTEMS order, whatever order they ran in. */
function inSystemOrder(systems: readonly SystemName[], figures: Record<string, SystemFigures>): Record<string, SystemFigures> {
  return Object.fromEntries(systems.map((name) => [name, figures[name]]));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);
