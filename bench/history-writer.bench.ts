/**
 * npm run bench:history-writer: the history writer alone (HistoryBatchWriter.write), on an empty
 * history in a database of its own (claimq_bench_writer_<pid>, dropped at the end, on failure and on
 * Ctrl-C). The events are made before the clock starts, so the figures are the writer's: its fold,
 * JSON and driver (node CPU per job) and PostgreSQL's statements.
 *
 * Cases, each BENCH_WRITER_JOBS jobs (noop; enqueued, claimed, succeeded with run 1), alternated
 * over BENCH_WRITER_ROUNDS rounds (medians reported):
 * - fold1 / fold4: batches of BENCH_WRITER_BATCH events holding all three events of a third as many
 *   jobs (one row per job), by 1 writer and by 4 concurrent writers (one per queue partition);
 * - split1: BENCH_WRITER_BATCH enqueued events in one batch, their claims and successes in later
 *   batches (an insert, then an update per job), 1 writer.
 *
 * Then the service case: a whole claimq instance on a redis-server of the bench's own (ClaimqModule
 * booted without history, C = BENCH_C slots, noop handler; as bench:compare) with the history writer
 * draining the queue's stream into PostgreSQL as the service does (HistoryDrain: HISTORY_BATCH,
 * HISTORY_COALESCE_MS 1 s), all on this machine. BENCH_WRITER_SERVICE_JOBS jobs are enqueued in
 * bulk calls of 1,000 while the worker runs; measured: jobs/s from the first enqueue to the last
 * completion, and how long after the last completion history held every job as succeeded. The same
 * run without the history writer, alternated over BENCH_WRITER_ROUNDS rounds, shows what history
 * costs the processing rate.
 *
 * Progress on stderr, ONE JSON line on stdout. Knobs: BENCH_WRITER_JOBS (200,000), BENCH_WRITER_BATCH
 * (2,000, as HISTORY_BATCH), BENCH_WRITER_ROUNDS (3), BENCH_WRITER_CASES (fold1,fold4,split1; empty: the service case only),
 * BENCH_WRITER_SERVICE_JOBS (200,000; 0 skips the service case), BENCH_C (50),
 * BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import 'reflect-metadata';
import os from 'node:os';
import { DataSource, DataSourceOptions } from 'typeorm';
import { historyDataSourceOptions } from '../src/modules/history/history-data-source-options';
import { runMigrationsLocked } from '../src/modules/history/history-database';
import { HistoryPartitions } from '../src/modules/history/partitions/history-partitions';
import { HistoryBatchWriter } from '../src/modules/history/writer/history-batch-writer';
import { SourcedJobEvent } from '../src/modules/queue/events/job-event-source';
import { percentile, sleep } from './latency';
import { RedisServer } from '../test/support/redis-server';
import { ClaimqSystem } from './claimq-system';
import { BENCH_QUEUE } from './bench-system';
import { RedisEngine } from '../src/modules/queue/redis/redis-engine';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { HistoryDrain } from '../src/modules/history/writer/history-drain';
import { envInt } from './bench-settings';
import { Lane, lanes } from './history-lanes';

const JOBS = envInt('BENCH_WRITER_JOBS', 200_000);
const BATCH = envInt('BENCH_WRITER_BATCH', 2000);
const ROUNDS = envInt('BENCH_WRITER_ROUNDS', 3);
const SERVICE_JOBS = envInt('BENCH_WRITER_SERVICE_JOBS', 200_000, 0);
const CONCURRENCY = envInt('BENCH_C', 50);
const COALESCE_MS = 1_000;
const CASES = (process.env.BENCH_WRITER_CASES ?? 'fold1,fold4,split1').split(',').map((c) => c.trim()).filter(Boolean) as CaseName[];
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type CaseName = 'fold1' | 'fold4' | 'split1';
const KNOWN: CaseName[] = ['fold1', 'fold4', 'split1'];
for (const c of CASES) if (!KNOWN.includes(c)) throw new Error(`BENCH_WRITER_CASES: unknown case "${c}" (known: ${KNOWN.join(', ')})`);

const started = performance.now();
const log = (message: string) => process.stderr.write(`[writer ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const median = (xs: number[]) => round(percentile(xs, 50), 1);

/** The batches of one lane for `jobs` jobs, made up front. */
function batchesOf(lane: Lane, mode: 'fold' | 'split', jobs: number): SourcedJobEvent[][] {
  const out: SourcedJobEvent[][] = [];
  const per = mode === 'fold' ? Math.max(1, Math.floor(BATCH / 3)) : BATCH;
  for (let made = 0; made < jobs; made += per) {
    const at = Date.now();
    const ids = lane.ids(Math.min(per, jobs - made), at);
    if (mode === 'fold') {
      out.push(lane.whole(ids, at, 'noop'));
    } else {
      out.push(lane.enqueued(ids, at, 'noop'));
      const half = Math.max(1, Math.floor(BATCH / 2));
      for (let i = 0; i < ids.length; i += half) {
        const part = ids.slice(i, i + half);
        out.push([...lane.claimed(part, at + 2), ...lane.succeeded(part, at + 5, 'noop')]);
      }
    }
  }
  return out;
}

interface CaseFigures {
  jobsPerS: number;
  nodeCpuUsPerJob: number;
  batchP50Ms: number;
  batchP99Ms: number;
}

async function runCase(writer: HistoryBatchWriter, name: CaseName, round_: number): Promise<CaseFigures> {
  const n = name === 'fold4' ? 4 : 1;
  const mode = name === 'split1' ? 'split' : 'fold';
  const work = lanes(n, `w${round_}${name}`).map((lane) => batchesOf(lane, mode, Math.ceil(JOBS / n)));
  const jobs = Math.ceil(JOBS / n) * n;
  const batchMs: number[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    work.map(async (batches) => {
      for (const batch of batches) {
        const b0 = performance.now();
        const report = await writer.write(batch);
        batchMs.push(performance.now() - b0);
        if (report.rejected.length > 0) throw new Error(`writer rejected ${report.rejected.length} jobs: ${report.rejected[0].reason}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const figures = {
    jobsPerS: Math.round(jobs / seconds),
    nodeCpuUsPerJob: round((cpu.user + cpu.system) / jobs, 1),
    batchP50Ms: round(percentile(batchMs, 50)),
    batchP99Ms: round(percentile(batchMs, 99)),
  };
  log(`round ${round_} ${name}: ${figures.jobsPerS.toLocaleString('en')} jobs/s, node CPU ${figures.nodeCpuUsPerJob} us/job, batch p50 ${figures.batchP50Ms} ms, p99 ${figures.batchP99Ms} ms`);
  return figures;
}

interface ServiceFigures {
  /** jobs / (last completion - first enqueue) */
  jobsPerS: number;
  /** from the last completion until history held every job as succeeded (history on) */
  historyLagS?: number;
}

/**
 * One service run on a flushed private Redis: the worker runs while BENCH_WRITER_SERVICE_JOBS jobs
 * are enqueued in bulk; with `history`, a HistoryDrain writes the queue's stream as the service's
 * HistoryWriterService does.
 */
async function runService(server: RedisServer, ds: DataSource, history: boolean, round_: number): Promise<ServiceFigures> {
  const admin = createRedisClient(server.url);
  await admin.flushall();
  const system = new ClaimqSystem(server.url, { name: 'claimq', deleteSucceeded: false });
  let drain: HistoryDrain | undefined;
  let sourceStore: RedisEngine | undefined;
  try {
    const before = await succeededInHistory(ds);
    if (history) {
      sourceStore = new RedisEngine({ redis: createRedisClient(server.url), prefix: 'claimq', deleteSucceeded: false });
      const writer = new HistoryBatchWriter(() => Promise.resolve(ds));
      const sources = sourceStore.outbox.sources({ consumer: 'bench-writer' });
      drain = new HistoryDrain(sources.open(BENCH_QUEUE), (events, gaps) => writer.write(events, gaps), {
        batchSize: BATCH,
        coalesceMs: COALESCE_MS,
        log: { warn: log, error: log },
      });
      drain.start();
    }
    let completed = 0;
    let lastCompletion = 0;
    let allDone!: () => void;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    await system.prepareWorker(CONCURRENCY, {
      completed: (n) => {
        completed += n;
        if (completed >= SERVICE_JOBS) {
          lastCompletion = performance.now();
          allDone();
        }
      },
      started: () => undefined,
    });
    await system.runWorker();
    const t0 = performance.now();
    await system.enqueueBulk(SERVICE_JOBS, 1000);
    await done;
    const figures: ServiceFigures = { jobsPerS: Math.round(SERVICE_JOBS / ((lastCompletion - t0) / 1000)) };
    if (history) {
      while ((await succeededInHistory(ds)) - before < SERVICE_JOBS) await sleep(100);
      figures.historyLagS = round((performance.now() - lastCompletion) / 1000, 1);
    }
    log(`round ${round_} service, history ${history ? 'on' : 'off'}: ${figures.jobsPerS.toLocaleString('en')} jobs/s` +
      (history ? `, history complete ${figures.historyLagS} s after the last job` : ''));
    return figures;
  } finally {
    await drain?.stop();
    await sourceStore?.close();
    await system.close();
    admin.disconnect();
  }
}

const succeededInHistory = async (ds: DataSource) =>
  Number(((await ds.query(`SELECT count(*) AS n FROM job_records WHERE queue = $1 AND status = 'succeeded'`, [BENCH_QUEUE])) as Array<{ n: string }>)[0].n);

let cleanup: (() => Promise<void>) | undefined;
let stopRedis: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const dbName = `claimq_bench_writer_${process.pid}`;
  const admin = new DataSource({ type: 'postgres', url: ADMIN_URL, poolSize: 1, applicationName: 'claimq-bench-admin' });
  await admin.initialize();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const ds = new DataSource({ ...historyDataSourceOptions(dbUrl.toString()), applicationName: 'claimq-bench-writer' } as DataSourceOptions);
  let done: Promise<void> | undefined;
  cleanup = () =>
    (done ??= (async () => {
      await stopRedis?.().catch(() => undefined);
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
        log(`dropped database ${dbName}`);
      } catch (err) {
        log(`could not drop database ${dbName}: ${(err as Error).message}`);
      }
      if (ds.isInitialized) await ds.destroy().catch(() => undefined);
      await admin.destroy().catch(() => undefined);
    })());
  await admin.query(`CREATE DATABASE "${dbName}"`);
  try {
    const [{ server_version: pgVersion }] = (await admin.query('SHOW server_version')) as Array<{ server_version: string }>;
    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, postgres ${pgVersion}`;
    log(`${JOBS.toLocaleString('en')} jobs per case, batches of ${BATCH} events, ${ROUNDS} rounds of ${CASES.join(', ')}, on ${machine}`);
    await ds.initialize();
    await runMigrationsLocked(ds);
    await new HistoryPartitions(() => Promise.resolve(ds), { period: 'day', retentionDays: 0 }).maintain();
    const writer = new HistoryBatchWriter(() => Promise.resolve(ds));
    const load0 = os.loadavg()[0];
    const results = new Map<CaseName, CaseFigures[]>(CASES.map((c) => [c, []]));
    for (let r = 1; r <= ROUNDS; r++) {
      for (const c of CASES) results.get(c)!.push(await runCase(writer, c, r));
    }
    const service = { on: [] as ServiceFigures[], off: [] as ServiceFigures[] };
    if (SERVICE_JOBS > 0) {
      const server = await RedisServer.start();
      stopRedis = () => server.stop();
      try {
        for (let r = 1; r <= ROUNDS; r++) {
          service.on.push(await runService(server, ds, true, r));
          service.off.push(await runService(server, ds, false, r));
        }
      } finally {
        await server.stop();
        stopRedis = undefined;
      }
    }
    const summary: Record<string, unknown> = {};
    for (const [c, figures] of results) {
      summary[c] = {
        jobsPerS: median(figures.map((f) => f.jobsPerS)),
        nodeCpuUsPerJob: median(figures.map((f) => f.nodeCpuUsPerJob)),
        batchP50Ms: median(figures.map((f) => f.batchP50Ms)),
        batchP99Ms: median(figures.map((f) => f.batchP99Ms)),
        rounds: figures.map((f) => f.jobsPerS),
      };
    }
    if (SERVICE_JOBS > 0) {
      summary.service = {
        jobs: SERVICE_JOBS,
        concurrency: CONCURRENCY,
        historyOn: { jobsPerS: median(service.on.map((f) => f.jobsPerS)), historyLagS: median(service.on.map((f) => f.historyLagS ?? 0)), rounds: service.on },
        historyOff: { jobsPerS: median(service.off.map((f) => f.jobsPerS)), rounds: service.off.map((f) => f.jobsPerS) },
      };
    }
    process.stdout.write(
      `${JSON.stringify({ bench: 'history-writer', machine, jobsPerCase: JOBS, batch: BATCH, rounds: ROUNDS, load: [round(load0), round(os.loadavg()[0])], ...summary })}\n`,
    );
  } finally {
    await cleanup();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main().catch(async (err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  await cleanup?.();
  process.exit(1);
});
