/**
 * npm run bench:workflows — graph jobs per second: claimq executions with dependsOn beside BullMQ
 * flows of the same shape, in the same run, on a redis-server of the bench's own.
 *
 * The shape (both systems): a tree of 20 jobs in 4 layers, the way BullMQ's flows are built (a
 * parent runs after its children): 10 leaves run first, then the 6 jobs they feed, then 3, then
 * the root. claimq gets it as an execution whose jobs' dependsOn name the jobs that feed them
 * (POST /executions after validation: ExecutionStore.create with the graph attached); BullMQ as
 * FlowProducer.addBulk of trees. Both add BENCH_EXECUTIONS (5,000) graphs, BENCH_IN_FLIGHT (20)
 * calls at a time (BullMQ: addBulk of that many trees per call), while one worker with BENCH_C (50)
 * slots runs `noop` jobs: claimq a whole instance (ClaimqSystem, MODE=all), BullMQ a Worker with
 * removeOnComplete and a QueueEvents listener (BullmqSystem).
 *
 * Figures per run: graph jobs/s = jobs / (last completion - first add), so adding counts too;
 * Redis commands and script calls per job, and Redis CPU seconds per second of the run (INFO,
 * over the whole run: the instance's start and close too).
 * Every run checks its work: every job completed once, nothing left unfinished, and (claimq) every
 * child ran after its parents (the executions all succeeded). BENCH_ROUNDS (3) rounds alternating
 * the order; each run on a FLUSHALLed server with a fresh instance. Prints ONE JSON line: the
 * medians, the goals (>= 10,000 graph jobs/s; ahead of BullMQ flows) and every run's figures.
 */
import 'reflect-metadata';
import { FlowJob, FlowProducer, Queue, QueueEvents, Worker } from 'bullmq';
import Redis from 'ioredis';
import { GraphNodeSpec } from '../src/domain/job-graph';
import { RedisServer } from '../test/support/redis-server';
import { envInt } from './bench-settings';
import { BENCH_QUEUE } from './bench-system';
import { ClaimqSystem } from './claimq-system';
import { sleep } from './latency';
import { machineDescription } from './machine';
import { median } from './rounds';
import { callsByCommand, diff, snapshot } from './redis-stats';

const EXECUTIONS = envInt('BENCH_EXECUTIONS', 5_000);
const IN_FLIGHT = envInt('BENCH_IN_FLIGHT', 20);
const CONCURRENCY = envInt('BENCH_C', 50);
const ROUNDS = envInt('BENCH_ROUNDS', 3);
const DRAIN_TIMEOUT_MS = envInt('BENCH_DRAIN_TIMEOUT_S', 300) * 1000;
const GOAL_JOBS_PER_S = 10_000;
/** BENCH_SHAPE=flat: the same executions without dependsOn (what the graph itself costs, by difference). */
const FLAT = process.env.BENCH_SHAPE === 'flat';
/** BENCH_SYSTEMS=claimq or bullmq: one system only. */
const SYSTEMS = (process.env.BENCH_SYSTEMS ?? 'claimq,bullmq').split(',');

/** The tree: node i's children (the jobs that feed it); node 0 is the root. 1 + 3 + 6 + 10 = 20. */
const CHILDREN: number[][] = [[1, 2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], [14, 15], [16, 17], [18], [19], [], [], [], [], [], [], [], [], [], []];
const JOBS_PER_GRAPH = CHILDREN.length;
const TOTAL = EXECUTIONS * JOBS_PER_GRAPH;

/** claimq's graph: a job depends on the jobs that feed it (BullMQ's children of the same node). */
const NODES: GraphNodeSpec[] = CHILDREN.map((kids, i) => (kids.length > 0 && !FLAT ? { key: `n${i}`, dependsOn: kids.map((k) => `n${k}`) } : { key: `n${i}` }));

function flowOf(e: number, i = 0): FlowJob {
  const kids = CHILDREN[i];
  return { name: 'noop', queueName: BENCH_QUEUE, data: { e, i }, ...(kids.length > 0 ? { children: kids.map((k) => flowOf(e, k)) } : {}) };
}

interface Run {
  system: 'claimq' | 'bullmq';
  round: number;
  jobsPerS: number;
  seconds: number;
  completed: number;
  /** Redis commands per job (commands inside scripts count) and script calls per job, over the run. */
  commandsPerJob?: number;
  scriptCallsPerJob?: number;
  /** Redis CPU seconds over the run, per second of it: how busy its one thread was. */
  redisCpuShare?: number;
}

async function waitUntil(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function runClaimq(url: string, round: number): Promise<Run> {
  const system = new ClaimqSystem(url, { name: 'claimq', deleteSucceeded: false }, `wf${round}`);
  let completed = 0;
  let last = 0;
  try {
    await system.prepareWorker(CONCURRENCY, { completed: (n) => ((completed += n), (last = performance.now())), started: () => undefined });
    await system.runWorker();
    const start = performance.now();
    await system.enqueueGraphs(EXECUTIONS, NODES, IN_FLIGHT);
    await waitUntil('claimq to complete every job', () => completed >= TOTAL);
    const unfinished = await system.unfinishedJobs();
    if (Object.values(unfinished).some((n) => n !== 0) || completed !== TOTAL) throw new Error(`claimq left work: ${JSON.stringify({ completed, unfinished })}`);
    const seconds = (last - start) / 1000;
    return { system: 'claimq', round, jobsPerS: Math.round(TOTAL / seconds), seconds: Number(seconds.toFixed(2)), completed };
  } finally {
    await system.close();
  }
}

async function runBullmq(port: number, round: number): Promise<Run> {
  const connection = { host: '127.0.0.1', port };
  const flows = new FlowProducer({ connection });
  const queue = new Queue(BENCH_QUEUE, { connection });
  const events = new QueueEvents(BENCH_QUEUE, { connection });
  let completed = 0;
  let last = 0;
  const worker = new Worker(BENCH_QUEUE, async () => null, {
    connection: { ...connection, maxRetriesPerRequest: null },
    concurrency: CONCURRENCY,
    removeOnComplete: { count: 0 },
    removeOnFail: { count: 0 },
  });
  worker.on('completed', () => ((completed += 1), (last = performance.now())));
  const onError = (err: Error): void => void process.stderr.write(`[bullmq error] ${err.message}\n`);
  worker.on('error', onError);
  flows.on('error', onError);
  queue.on('error', onError);
  events.on('error', onError);
  try {
    await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
    const start = performance.now();
    for (let e = 0; e < EXECUTIONS; e += IN_FLIGHT) {
      await flows.addBulk(Array.from({ length: Math.min(IN_FLIGHT, EXECUTIONS - e) }, (_, k) => flowOf(e + k)));
    }
    await waitUntil('BullMQ to complete every job', () => completed >= TOTAL);
    const { completed: _done, ...unfinished } = await queue.getJobCounts();
    if (Object.values(unfinished).some((n) => n !== 0) || completed !== TOTAL) throw new Error(`BullMQ left work: ${JSON.stringify({ completed, unfinished })}`);
    const seconds = (last - start) / 1000;
    return { system: 'bullmq', round, jobsPerS: Math.round(TOTAL / seconds), seconds: Number(seconds.toFixed(2)), completed };
  } finally {
    await worker.close();
    await events.close();
    await queue.close();
    await flows.close();
  }
}

async function main(): Promise<void> {
  const redis = await RedisServer.start();
  const admin = new Redis(redis.port, '127.0.0.1');
  const runs: Run[] = [];
  const machine = await machineDescription(admin);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['claimq', 'bullmq'] as const) : (['bullmq', 'claimq'] as const);
      for (const name of order.filter((n) => SYSTEMS.includes(n))) {
        await admin.flushall();
        const before = await snapshot(admin);
        const run = name === 'claimq' ? await runClaimq(redis.url, round) : await runBullmq(redis.port, round);
        const used = diff(await snapshot(admin), before);
        run.commandsPerJob = Number((used.commands / TOTAL).toFixed(1));
        run.scriptCallsPerJob = Number((used.scriptCalls / TOTAL).toFixed(2));
        run.redisCpuShare = Number((used.cpuSeconds / run.seconds).toFixed(2));
        if (process.env.BENCH_COMMANDS === '1') {
          const calls = [...(await callsByCommand(admin))].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${(n / TOTAL).toFixed(2)}`);
          process.stderr.write(`${name} commands per job: ${calls.join(', ')}\n`);
        }
        process.stderr.write(`round ${round + 1} ${name}: ${run.jobsPerS} graph jobs/s (${run.seconds} s)\n`);
        runs.push(run);
      }
    }
  } finally {
    admin.disconnect();
    await redis.stop();
  }
  const claimq = median(runs.filter((r) => r.system === 'claimq').map((r) => r.jobsPerS));
  const bullmq = median(runs.filter((r) => r.system === 'bullmq').map((r) => r.jobsPerS));
  process.stdout.write(
    `${JSON.stringify({
      bench: 'workflows',
      machine,
      shape: { flat: FLAT, jobsPerGraph: JOBS_PER_GRAPH, layers: 4, edges: JOBS_PER_GRAPH - 1, graphs: EXECUTIONS, inFlight: IN_FLIGHT, concurrency: CONCURRENCY },
      medians: { claimqGraphJobsPerS: claimq, bullmqFlowJobsPerS: bullmq, ratio: Number((claimq / bullmq).toFixed(2)) },
      goals: { graphJobsPerS: GOAL_JOBS_PER_S, met: claimq >= GOAL_JOBS_PER_S, aheadOfBullmq: claimq > bullmq },
      runs,
    })}\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
