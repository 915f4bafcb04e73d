/**
 * npm run bench:scripts — Redis time per job spent in claimq's scripts (microseconds of EVALSHA, as
 * INFO commandstats counts it, commands inside the scripts included), by step: create (POST
 * /executions after validation, or POST /jobs/bulk for BENCH_SHAPE=plain), claim, complete. One
 * client, one call at a time, on a redis-server of the bench's own: the figure is what the scripts
 * cost Redis, whatever the Node side or the network does.
 *
 * BENCH_BASE=/path/to/another/checkout puts that checkout's scripts beside this one's IN THE SAME
 * RUN, call by call (create on one, then on the other; claim and complete likewise), each on its
 * own key prefix. On a shared or throttled machine the speed of the CPU drifts by tens of percent
 * between runs; interleaving at each call puts both sides under the same drift, so `ratio` (this
 * checkout / base) is steady where two separate runs are not. The base needs its own
 * node_modules (a symlink to this one's will do).
 *
 * Shapes (BENCH_SHAPE): graph (default: the 20-job tree of bench:workflows, 19 edges), flat (the
 * same executions without dependsOn), plain (20 jobs per bulk enqueue, no execution).
 * BENCH_EXECUTIONS (1,000) graphs per round, BENCH_ROUNDS (3) rounds, claims of BENCH_BATCH (50).
 * Prints ONE JSON line.
 */
import 'reflect-metadata';
import { resolve } from 'node:path';
import Redis from 'ioredis';
import { RedisServer } from '../test/support/redis-server';
import { envInt } from './bench-settings';
import { machineDescription } from './machine';

const SHAPE = process.env.BENCH_SHAPE ?? 'graph';
const EXECUTIONS = envInt('BENCH_EXECUTIONS', 1_000);
const ROUNDS = envInt('BENCH_ROUNDS', 3);
const BATCH = envInt('BENCH_BATCH', 50);
const QUEUE = 'bench';
/** bench:workflows' tree: node i's children (the jobs that feed it). */
const CHILDREN: number[][] = [[1, 2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], [14, 15], [16, 17], [18], [19], [], [], [], [], [], [], [], [], [], []];
const STEPS = ['create', 'claim', 'complete'] as const;
type Step = (typeof STEPS)[number];

if (!['graph', 'flat', 'plain'].includes(SHAPE)) throw new Error(`BENCH_SHAPE must be graph, flat or plain, not ${SHAPE}`);

/** The parts of a checkout the bench drives, loaded from that checkout's own source. */
interface Checkout {
  root: string;
  claimqConfig: (options: { settings: Record<string, string> }) => unknown;
  systemClock: unknown;
  normalizeJobSpec: (spec: object, options: object) => { id: string };
  newExecutionId: (queue: string) => string;
  attachGraph: (nodes: object[], jobs: object[]) => void;
  createJobEngine: (config: unknown, clock: unknown) => Engine;
}

/** Two checkouts' engines: typed by neither. */
type Engine = any;

function load(root: string): Checkout {
  const from = (path: string): any => require(resolve(root, path));
  return {
    root,
    claimqConfig: from('src/claimq-options').claimqConfig,
    systemClock: from('src/domain/clock').systemClock,
    normalizeJobSpec: from('src/domain/job-spec').normalizeJobSpec,
    newExecutionId: from('src/domain/execution').newExecutionId,
    attachGraph: from('src/domain/job-graph').attachGraph,
    createJobEngine: from('src/modules/queue/job-engine.factory').createJobEngine,
  };
}

/** EVAL and EVALSHA microseconds so far. */
async function scriptMicros(admin: Redis): Promise<number> {
  const stats = await admin.info('commandstats');
  let total = 0;
  for (const m of stats.matchAll(/^cmdstat_(?:eval|evalsha):calls=\d+,usec=(\d+)/gm)) total += Number(m[1]);
  return total;
}

interface Side {
  checkout: Checkout;
  nodes: object[];
  engine: Engine;
  micros: Record<Step, number>;
  done: number;
}

async function main(): Promise<void> {
  const redis = await RedisServer.start();
  const admin = new Redis(redis.port, '127.0.0.1');
  const roots = [resolve(__dirname, '..'), ...(process.env.BENCH_BASE ? [resolve(process.env.BENCH_BASE)] : [])];
  const sides: Side[] = roots.map((root) => ({
    checkout: load(root),
    nodes: CHILDREN.map((kids, i) => (kids.length > 0 && SHAPE === 'graph' ? { key: `n${i}`, dependsOn: kids.map((k) => `n${k}`) } : { key: `n${i}` })),
    engine: undefined,
    micros: { create: 0, claim: 0, complete: 0 },
    done: 0,
  }));
  const perRound = EXECUTIONS * CHILDREN.length;
  const timed = async <T>(side: Side, step: Step, call: () => Promise<T>): Promise<T> => {
    const before = await scriptMicros(admin);
    const out = await call();
    side.micros[step] += (await scriptMicros(admin)) - before;
    return out;
  };
  try {
    const machine = await machineDescription(admin);
    for (let round = 0; round < ROUNDS; round++) {
      sides.forEach((side, k) => {
        const { checkout } = side;
        const config = checkout.claimqConfig({ settings: { JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: `s${k}r${round}`, QUEUES: QUEUE, LOG_LEVEL: 'warn' } });
        side.engine = checkout.createJobEngine(config, checkout.systemClock);
        side.done = 0;
      });
      for (let e = 0; e < EXECUTIONS; e++) {
        for (const side of sides) {
          const { checkout, engine } = side;
          const now = Date.now();
          const limits = { now, maxPayloadBytes: 1 << 20 };
          if (SHAPE === 'plain') {
            const jobs = side.nodes.map((_, i) => checkout.normalizeJobSpec({ type: 'noop', queue: QUEUE, payload: { e, i } }, limits));
            await timed(side, 'create', () => engine.jobs.enqueue(jobs));
          } else {
            const id = checkout.newExecutionId(QUEUE);
            const jobs = side.nodes.map((_, i) => checkout.normalizeJobSpec({ type: 'noop', queue: QUEUE, payload: { e, i }, executionId: id }, limits));
            checkout.attachGraph(side.nodes, jobs);
            await timed(side, 'create', () => engine.executions.create({ id, queue: QUEUE }, jobs));
          }
        }
      }
      while (sides.some((side) => side.done < perRound)) {
        for (const side of sides) {
          if (side.done >= perRound) continue;
          const { jobs } = (await timed(side, 'claim', () => side.engine.jobs.claim(QUEUE, 'bench-worker', BATCH, 60_000))) as { jobs: any[] };
          if (jobs.length === 0) throw new Error(`${side.checkout.root}: nothing to claim after ${side.done} of ${perRound} jobs`);
          const completions = jobs.map((c: any) => ({ id: c.job.id, token: c.token, resultJson: 'null' }));
          const outcomes = (await timed(side, 'complete', () => side.engine.jobs.complete(QUEUE, completions))) as string[];
          if (outcomes.some((o) => o !== 'succeeded')) throw new Error(`${side.checkout.root}: a completion was not applied: ${outcomes.join(',')}`);
          side.done += jobs.length;
        }
      }
      for (const side of sides) await side.engine.close();
    }
    const jobs = perRound * ROUNDS;
    const figures = sides.map((side) => {
      const out: Record<string, number | string> = { checkout: side.checkout.root };
      let total = 0;
      for (const step of STEPS) {
        out[`${step}MicrosPerJob`] = Number((side.micros[step] / jobs).toFixed(1));
        total += side.micros[step];
      }
      out.totalMicrosPerJob = Number((total / jobs).toFixed(1));
      return out;
    });
    const [self, base] = figures;
    process.stdout.write(
      `${JSON.stringify({
        bench: 'scripts',
        machine,
        shape: { shape: SHAPE, jobsPerExecution: CHILDREN.length, executions: EXECUTIONS, rounds: ROUNDS, claimBatch: BATCH },
        self,
        ...(base ? { base, ratio: Number(((self.totalMicrosPerJob as number) / (base.totalMicrosPerJob as number)).toFixed(3)) } : {}),
      })}\n`,
    );
  } finally {
    admin.disconnect();
    await redis.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
