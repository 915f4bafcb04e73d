/**
 * npm run bench:history: PostgreSQL history at scale. In a database of its own on the local server
 * (claimq_bench_history_<pid>, dropped at the end, on failure and on Ctrl-C):
 *
 * 1. migrations, then day partitions for the fill: HistoryPartitions.maintain() with a ManualClock
 *    stepped one day at a time from the first day of the fill to today (retention 0), so every day
 *    has its partition and the 7 days ahead of today too;
 * 2. fills BENCH_HISTORY_JOBS jobs over the BENCH_HISTORY_DAYS whole days before today (UTC), in
 *    bulk on the server (history-fill.sql.ts: INSERT ... SELECT FROM generate_series straight into
 *    each day's partitions, the same number of jobs each day), with their attempts and one
 *    execution per 1,000 jobs; then VACUUM (ANALYZE). Ids are claimq ids whose time is created_at;
 * 3. the history API's latency, p50/p99 over BENCH_HISTORY_SAMPLES calls each on random targets of
 *    the fill (HistoryQueryService, one call at a time, no HTTP): findJob, listJobs of a queue's
 *    failed jobs, of a queue's succeeded jobs in a random hour, pages 1..1000 through the cursor for
 *    4 filters (page 1,000's latency, and p50/p99 over every page), listAttempts of failed jobs,
 *    findExecution;
 * 4. EXPLAIN (ANALYZE, BUFFERS) of every query those API calls run, on stderr (and into the file
 *    BENCH_HISTORY_PLANS names, if set);
 * 5. the history writer's throughput: HistoryBatchWriter.write of fresh events (enqueued, claimed,
 *    succeeded; noop, run 1) in batches of BENCH_HISTORY_BATCH (HISTORY_BATCH, 2,000) events holding
 *    all three events of 666 jobs (one fold: one job_records row per job, no job_attempts row), for
 *    BENCH_HISTORY_WRITER_S seconds by 1 writer, then by 4 concurrent writers (4 lanes, one per
 *    queue partition); and the split case (500 enqueued in one batch, their claims and successes
 *    in two later ones), 1 writer. Into today's partition; rows/s = jobs/s;
 * 6. bytes per job: a future day's partitions filled by the real writer (fold path) with
 *    BENCH_HISTORY_BYTES_JOBS noop jobs, then again after VACUUM and after compaction (the upkeep's
 *    REINDEX of a closed day); the same with http jobs holding a
 *    ~1 KB result; and the fill's three tables / jobs;
 * 7. DROP TABLE of one filled day's job_records partition, then of its job_attempts partition,
 *    while a writer keeps writing today's partition (its slowest batch during the drops).
 *
 * Progress on stderr, ONE JSON line on stdout. Knobs: BENCH_HISTORY_JOBS (10,000,000, a multiple of
 * 1,000 per day), BENCH_HISTORY_DAYS (10), BENCH_HISTORY_BATCH (2,000), BENCH_HISTORY_WRITER_S (10),
 * BENCH_HISTORY_SAMPLES (2000), BENCH_HISTORY_DEEP_PAGES (1000), BENCH_HISTORY_BYTES_JOBS (200,000),
 * BENCH_HISTORY_FILL_CONNECTIONS (CPUs, at most 4), BENCH_HISTORY_FILL_CHUNK (1,000,000),
 * BENCH_HISTORY_PROCESSING_JOBS_S (claimq's processing rate on this machine, from bench:compare:
 * if set, the JSON line says whether 4 writers reach 3x it), BENCH_POSTGRES_URL (the admin URL,
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { DataSource, DataSourceOptions, Logger as TypeOrmLogger, QueryRunner } from 'typeorm';
import { ManualClock } from '../src/domain/clock';
import { newJobId, timeOfJobId } from '../src/domain/job-id';
import { historyDataSourceOptions } from '../src/modules/history/history-data-source-options';
import { HistoryDatabase, runMigrationsLocked } from '../src/modules/history/history-database';
import { HistoryPartitions, compactPartition } from '../src/modules/history/partitions/history-partitions';
import { partitionName } from '../src/modules/history/partitions/partition-period';
import { HistoryQueryService } from '../src/modules/history/query/history-query.service';
import { JobHistoryQuery } from '../src/modules/history/query/job-history.types';
import { HistoryBatchWriter } from '../src/modules/history/writer/history-batch-writer';
import { SourcedJobEvent } from '../src/modules/queue/events/job-event-source';
import { FILL_FUNCTIONS, FILL_QUEUES, FILL_TYPES, FillDay, executionsFill, jobAttemptsFill, jobRecordsFill } from './history-fill.sql';
import { percentile, sleep } from './latency';
import { envInt } from './bench-settings';
import { Kind, lanes } from './history-lanes';

const DAY_MS = 86_400_000;

const JOBS = envInt('BENCH_HISTORY_JOBS', 10_000_000);
const DAYS = envInt('BENCH_HISTORY_DAYS', 10);
const BATCH = envInt('BENCH_HISTORY_BATCH', 2000);
const WRITER_S = envInt('BENCH_HISTORY_WRITER_S', 10);
const SAMPLES = envInt('BENCH_HISTORY_SAMPLES', 2000);
const DEEP_PAGES = envInt('BENCH_HISTORY_DEEP_PAGES', 1000);
const BYTES_JOBS = envInt('BENCH_HISTORY_BYTES_JOBS', 200_000);
const FILL_CONNECTIONS = envInt('BENCH_HISTORY_FILL_CONNECTIONS', Math.min(4, os.cpus().length));
const FILL_CHUNK = envInt('BENCH_HISTORY_FILL_CHUNK', 1_000_000);
const PROCESSING_JOBS_S = process.env.BENCH_HISTORY_PROCESSING_JOBS_S ? envInt('BENCH_HISTORY_PROCESSING_JOBS_S', 1) : undefined;
const PLANS_FILE = process.env.BENCH_HISTORY_PLANS;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAGE = 100;
const WARMUP = 100;

const started = performance.now();
const log = (message: string) => process.stderr.write(`[history ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const stats = (samples: number[]) => ({ p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)), n: samples.length });

/** Cleans up once, whoever asks first: main's finally, a signal, or a failure. */
let cleanup: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const perDay = Math.floor(JOBS / DAYS / 1000) * 1000;
  if (perDay === 0) throw new Error(`BENCH_HISTORY_JOBS must be at least 1,000 per day (${DAYS} days)`);
  // one job per millisecond at most, so that fill ids are unique (history-fill.sql.ts)
  if (perDay > DAY_MS) throw new Error(`BENCH_HISTORY_JOBS: at most ${DAY_MS} jobs per day`);
  const loadStart = os.loadavg()[0];
  const jobs = perDay * DAYS;
  const dbName = `claimq_bench_history_${process.pid}`;
  const admin = new DataSource({ type: 'postgres', url: ADMIN_URL, poolSize: 1, applicationName: 'claimq-bench-admin' });
  await admin.initialize();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const ds = new DataSource({ ...historyDataSourceOptions(dbUrl.toString()), applicationName: 'claimq-bench-history' } as DataSourceOptions);
  const capture = new CaptureLogger();
  const explainDs = new DataSource({
    ...historyDataSourceOptions(dbUrl.toString()),
    applicationName: 'claimq-bench-plans',
    poolSize: 3,
    logger: capture,
    logging: true,
  } as DataSourceOptions);
  const stopping = new AbortController();
  let done: Promise<void> | undefined;
  cleanup = () =>
    (done ??= (async () => {
      stopping.abort();
      // FORCE ends this bench's sessions (a fill statement still running), then the pools close
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
        log(`dropped database ${dbName}`);
      } catch (err) {
        log(`could not drop database ${dbName}: ${(err as Error).message}`);
      }
      for (const d of [explainDs, ds]) if (d.isInitialized) await withTimeout(d.destroy(), 5_000).catch(() => undefined);
      await admin.destroy().catch(() => undefined);
    })());

  await admin.query(`CREATE DATABASE "${dbName}"`);
  try {
    const [{ server_version: pgVersion }] = (await admin.query('SHOW server_version')) as Array<{ server_version: string }>;
    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, postgres ${pgVersion}`;
    log(`${jobs.toLocaleString('en')} jobs over ${DAYS} days into ${dbName} on ${machine}`);
    await ds.initialize();
    await runMigrationsLocked(ds);
    await explainDs.initialize();
    for (const sql of FILL_FUNCTIONS) await ds.query(sql);

    // 1. partitions, the fill's days up to 7 days ahead of today
    const todayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const fillStart = todayStart - DAYS * DAY_MS;
    const clock = new ManualClock(fillStart);
    const partitions = new HistoryPartitions(() => Promise.resolve(ds), { period: 'day', retentionDays: 0, clock, log: { log, warn: log } });
    for (let t = fillStart; t <= todayStart; t += DAY_MS) {
      clock.set(t + DAY_MS / 2);
      const report = await partitions.maintain();
      if (!report.ran || report.errors.length > 0) throw new Error(`partition upkeep failed: ${JSON.stringify(report)}`);
    }
    clock.set(Date.now());
    await partitions.maintain();
    const recordPartitions = (await partitions.partitions('job_records')).map((p) => p.name);
    log(`${recordPartitions.length} day partitions per table, ${recordPartitions[1]} .. ${recordPartitions[recordPartitions.length - 1]}`);

    // 2. the fill
    const days: FillDay[] = Array.from({ length: DAYS }, (_, d) => {
      const dayStart = fillStart + d * DAY_MS;
      return {
        records: partitionName('job_records', dayStart),
        attempts: partitionName('job_attempts', dayStart),
        executions: partitionName('executions', dayStart),
        dayStart,
        first: d * perDay,
        count: perDay,
      };
    });
    for (const day of days) if (!recordPartitions.includes(day.records)) throw new Error(`no partition ${day.records}`);
    const fillT0 = performance.now();
    let filledJobs = 0;
    await inParallel(ds, days, FILL_CONNECTIONS, async (runner, day) => {
      for (let from = day.first; from < day.first + day.count; from += FILL_CHUNK) {
        const { sql, params } = jobRecordsFill(day, from, Math.min(day.first + day.count, from + FILL_CHUNK));
        await runner.query(sql, params);
      }
      await runner.query(jobAttemptsFill(day));
      const exec = executionsFill(day);
      await runner.query(exec.sql, exec.params);
      filledJobs += day.count;
      log(`filled ${day.records} (${filledJobs.toLocaleString('en')} / ${jobs.toLocaleString('en')} jobs)`);
    });
    const fillSeconds = (performance.now() - fillT0) / 1000;
    const rowCounts = await countRows(ds);
    const fillRows = rowCounts.job_records + rowCounts.job_attempts + rowCounts.executions;
    log(`fill: ${fillSeconds.toFixed(1)} s, ${Math.round(jobs / fillSeconds).toLocaleString('en')} jobs/s, rows ${JSON.stringify(rowCounts)}`);
    if (rowCounts.job_records !== jobs) throw new Error(`filled ${rowCounts.job_records} job_records, expected ${jobs}`);
    const vacuumT0 = performance.now();
    await inParallel(ds, days.flatMap((d) => [d.records, d.attempts, d.executions]), FILL_CONNECTIONS, (runner, table) => runner.query(`VACUUM (ANALYZE) "${table}"`));
    await ds.query('ANALYZE job_records, job_attempts, executions');
    const vacuumSeconds = (performance.now() - vacuumT0) / 1000;
    log(`VACUUM (ANALYZE): ${vacuumSeconds.toFixed(1)} s`);
    await checkIds(ds, jobs);
    const filledBytes = await tableBytes(ds, ['job_records', 'job_attempts', 'executions']);
    log(`filled sizes: ${Object.entries(filledBytes).map(([t, b]) => `${t} ${mib(b.total)} (heap ${mib(b.heap)}, indexes ${mib(b.indexes)})`).join(', ')}`);

    // 3. latency
    const query = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
    const targets = await sampleTargets(ds, jobs);
    const randomQueue = () => FILL_QUEUES[Math.floor(Math.random() * FILL_QUEUES.length)];
    const randomHour = () => {
      const from = fillStart + Math.floor(Math.random() * (DAYS * DAY_MS - 3_600_000));
      return { from, to: from + 3_600_000 };
    };
    const latency = {
      findJob: await measure('findJob', (i) => query.findJob(pick(targets.jobs, i)).then(expectFound)),
      listFailed: await measure('listJobs queue+failed', () => query.listJobs({ queue: randomQueue(), status: 'failed', limit: PAGE })),
      listTimeRange: await measure('listJobs queue+succeeded+hour', () => query.listJobs({ queue: randomQueue(), status: 'succeeded', ...randomHour(), limit: PAGE })),
      deepPage: undefined as unknown,
      attempts: await measure('listAttempts (failed jobs)', (i) =>
        query.listAttempts(pick(targets.failed, i)).then((a) => {
          if (a.length === 0) throw new Error('a failed job without attempts');
        }),
      ),
      execution: await measure('findExecution', (i) => query.findExecution(pick(targets.executions, i)).then(expectFound)),
    };
    const deepFilters: Array<[string, JobHistoryQuery]> = [
      ['queue', { queue: FILL_QUEUES[0] }],
      ['queueSucceeded', { queue: FILL_QUEUES[1], status: 'succeeded' }],
      ['queueType', { queue: FILL_QUEUES[2], type: FILL_TYPES[1] }],
      ['failed', { status: 'failed' }],
    ];
    const pageMs: number[] = [];
    const page1000ByFilter: Record<string, number | null> = {};
    const pagesByFilter: Record<string, number> = {};
    let deepCursor: { filter: JobHistoryQuery; cursor: string } | undefined;
    for (const [name, filter] of deepFilters) {
      let cursor: string | undefined;
      let pages = 0;
      page1000ByFilter[name] = null;
      while (pages < DEEP_PAGES) {
        const t0 = performance.now();
        const page = await query.listJobs({ ...filter, limit: PAGE, cursor });
        const ms = performance.now() - t0;
        pageMs.push(ms);
        pages++;
        if (pages === DEEP_PAGES) {
          page1000ByFilter[name] = round(ms);
          deepCursor ??= cursor === undefined ? undefined : { filter, cursor };
        }
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      pagesByFilter[name] = pages;
      log(`deep walk ${name}: ${pages} pages, page ${pages}: ${pageMs[pageMs.length - 1].toFixed(2)} ms`);
    }
    const deepValues = Object.values(page1000ByFilter).filter((v): v is number => v !== null);
    latency.deepPage = {
      page1000: deepValues.length > 0 ? Math.max(...deepValues) : null,
      page1000ByFilter,
      pages: pagesByFilter,
      ...stats(pageMs),
    };

    // 4. plans of the API's queries
    const explained = new HistoryQueryService(new HistoryDatabase(explainDs, { migrate: false }));
    const hour = randomHour();
    const unknownId = newJobId(FILL_QUEUES[0], fillStart + 5 * DAY_MS / 2);
    const deep = deepCursor;
    type Call = [string, () => Promise<unknown>];
    const calls: Call[] = [
      [`findJob(${targets.jobs[0]})`, () => explained.findJob(targets.jobs[0])],
      [`findJob(${unknownId}) (not in history: key partition, then the default partition)`, () => explained.findJob(unknownId)],
      [`listJobs({queue:'${FILL_QUEUES[0]}', status:'failed', limit:100})`, () => explained.listJobs({ queue: FILL_QUEUES[0], status: 'failed', limit: PAGE })],
      [`listJobs({queue:'${FILL_QUEUES[0]}', status:'succeeded', from:${new Date(hour.from).toISOString()}, to:+1h, limit:100})`,
        () => explained.listJobs({ queue: FILL_QUEUES[0], status: 'succeeded', ...hour, limit: PAGE })],
      [`listJobs({queue:'${FILL_QUEUES[0]}', limit:100})`, () => explained.listJobs({ queue: FILL_QUEUES[0], limit: PAGE })],
      [`listJobs({queue:'${FILL_QUEUES[2]}', type:'${FILL_TYPES[1]}', limit:100})`, () => explained.listJobs({ queue: FILL_QUEUES[2], type: FILL_TYPES[1], limit: PAGE })],
      [`listJobs({status:'failed', limit:100})`, () => explained.listJobs({ status: 'failed', limit: PAGE })],
      ...(deep
        ? [[`listJobs(${JSON.stringify(deep.filter)} + cursor of page ${DEEP_PAGES})`, () => explained.listJobs({ ...deep.filter, limit: PAGE, cursor: deep.cursor })] as Call]
        : []),
      [`listAttempts(${targets.failed[0]}) (a failed job)`, () => explained.listAttempts(targets.failed[0])],
      [`findExecution(${targets.executions[0]})`, () => explained.findExecution(targets.executions[0])],
    ];
    const plans: string[] = [];
    for (const [label, call] of calls) {
      capture.start();
      await call();
      const queries = capture.stop();
      for (const [i, q] of queries.entries()) {
        await explainDs.query(`EXPLAIN ${q.sql}`, q.params); // plan and cache once
        const rows = (await explainDs.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params)) as Array<{ 'QUERY PLAN': string }>;
        plans.push(
          `-- ${label}${queries.length > 1 ? `, query ${i + 1} of ${queries.length}` : ''}\n` +
            `-- params: ${JSON.stringify(q.params)}\n${q.sql.trim()}\n\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
    const plansText = `EXPLAIN (ANALYZE, BUFFERS) of the history API's queries, ${jobs.toLocaleString('en')} jobs over ${DAYS} days, ${machine}\n\n${plans.join('\n')}`;
    process.stderr.write(`\n${plansText}\n`);
    if (PLANS_FILE) writeFileSync(PLANS_FILE, plansText);

    // 5. writer throughput, into today's partition
    const writer = new HistoryBatchWriter(() => Promise.resolve(ds));
    const oneLane = await writeFor(writer, 1, 'fold', stopping.signal);
    const fourLanes = await writeFor(writer, 4, 'fold', stopping.signal);
    const split = await writeFor(writer, 1, 'split', stopping.signal);

    // 6. bytes per job on days of their own ahead of today
    const noopDay = todayStart + 2 * DAY_MS;
    const httpDay = todayStart + 3 * DAY_MS;
    const noop = await bytesOfWrites(ds, writer, noopDay, 'noop');
    const http = await bytesOfWrites(ds, writer, httpDay, 'http');

    // 7. dropping a filled day while a writer writes today's partition
    const drop = await dropDay(ds, writer, days[0]);

    const result = {
      bench: 'history',
      machine,
      loadAvg1m: { start: round(loadStart), end: round(os.loadavg()[0]) },
      jobs,
      days: DAYS,
      fillSeconds: round(fillSeconds, 1),
      fillJobsPerS: Math.round(jobs / fillSeconds),
      fillRowsPerS: Math.round(fillRows / fillSeconds),
      fillRows: rowCounts,
      vacuumAnalyzeSeconds: round(vacuumSeconds, 1),
      writer: {
        batchEvents: BATCH,
        oneLane,
        fourLanes,
        split,
        ...(PROCESSING_JOBS_S !== undefined
          ? { processingJobsPerS: PROCESSING_JOBS_S, goalRowsPerS: 3 * PROCESSING_JOBS_S, goalMet: fourLanes.rowsPerS >= 3 * PROCESSING_JOBS_S }
          : {}),
      },
      latencyMs: latency,
      bytesPerJob: {
        noop: noop.perJob,
        noopAfterVacuum: noop.perJobAfterVacuum,
        http: http.perJob,
        httpAfterVacuum: http.perJobAfterVacuum,
        noopCompacted: noop.perJobCompacted,
        httpCompacted: http.perJobCompacted,
        httpResultBytes: http.resultBytes,
        noopSplit: { heap: noop.heapPerJob, indexes: noop.indexesPerJob, indexesCompacted: noop.indexesPerJobCompacted },
        httpSplit: { heap: http.heapPerJob, indexes: http.indexesPerJob, indexesCompacted: http.indexesPerJobCompacted },
        filled: Math.round((filledBytes.job_records.total + filledBytes.job_attempts.total + filledBytes.executions.total) / jobs),
        filledByTable: Object.fromEntries(
          Object.entries(filledBytes).map(([t, b]) => [t, { total: Math.round(b.total / jobs), heap: Math.round(b.heap / jobs), indexes: Math.round(b.indexes / jobs) }]),
        ),
      },
      dropDayMs: drop,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// fill helpers

/** Runs `work` over `items` on `connections` query runners of their own. */
async function inParallel<T>(ds: DataSource, items: readonly T[], connections: number, work: (runner: QueryRunner, item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(connections, items.length) }, async () => {
      const runner = ds.createQueryRunner();
      await runner.connect();
      try {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(runner, item);
      } finally {
        await runner.release();
      }
    }),
  );
}

async function countRows(ds: DataSource): Promise<Record<'job_records' | 'job_attempts' | 'executions', number>> {
  const [row] = (await ds.query(
    `SELECT (SELECT count(*) FROM job_records) AS job_records, (SELECT count(*) FROM job_attempts) AS job_attempts,
       (SELECT count(*) FROM executions) AS executions`,
  )) as Array<Record<string, string>>;
  return { job_records: Number(row.job_records), job_attempts: Number(row.job_attempts), executions: Number(row.executions) };
}

/** claimq_id_time(id) = created_at, and timeOfJobId agrees, on a sample of every table. */
async function checkIds(ds: DataSource, jobs: number): Promise<void> {
  const pct = Math.min(100, (100 * 20_000) / jobs);
  for (const [table, column] of [['job_records', 'id'], ['job_attempts', 'job_id'], ['executions', 'id']]) {
    const [{ sampled, wrong }] = (await ds.query(
      `SELECT count(*)::int AS sampled, count(*) FILTER (WHERE claimq_id_time(${column}) <> created_at)::int AS wrong
       FROM ${table} TABLESAMPLE SYSTEM (${table === 'job_records' ? pct : 100})`,
    )) as Array<{ sampled: number; wrong: number }>;
    if (sampled === 0 || wrong > 0) throw new Error(`${table}: ${wrong} of ${sampled} sampled rows have created_at <> claimq_id_time(${column})`);
  }
  const rows = (await ds.query(`SELECT id, created_at FROM job_records TABLESAMPLE SYSTEM (${pct}) LIMIT 1000`)) as Array<{ id: string; created_at: Date }>;
  for (const r of rows) {
    if (timeOfJobId(r.id) !== r.created_at.getTime()) throw new Error(`timeOfJobId(${r.id}) = ${timeOfJobId(r.id)}, created_at ${r.created_at.toISOString()}`);
  }
  log(`ids: claimq_id_time(id) = created_at on samples of every table; timeOfJobId agrees on ${rows.length} ids, e.g. ${rows[0]?.id}`);
}

interface TableBytes {
  /** heap, indexes, TOAST, free space and visibility maps */
  total: number;
  heap: number;
  indexes: number;
}

/** Bytes of every partition of each table. */
async function tableBytes(ds: DataSource, tables: string[]): Promise<Record<string, TableBytes>> {
  const out: Record<string, TableBytes> = {};
  for (const t of tables) {
    const [row] = (await ds.query(
      `SELECT coalesce(sum(pg_total_relation_size(relid)), 0)::bigint AS total, coalesce(sum(pg_relation_size(relid)), 0)::bigint AS heap,
         coalesce(sum(pg_indexes_size(relid)), 0)::bigint AS indexes
       FROM pg_partition_tree($1) WHERE isleaf`,
      [t],
    )) as Array<Record<keyof TableBytes, string>>;
    out[t] = { total: Number(row.total), heap: Number(row.heap), indexes: Number(row.indexes) };
  }
  return out;
}

async function relationBytes(ds: DataSource, names: string[]): Promise<number> {
  let total = 0;
  for (const n of names) {
    const [{ bytes }] = (await ds.query(`SELECT pg_total_relation_size($1::regclass)::bigint AS bytes`, [n])) as Array<{ bytes: string }>;
    total += Number(bytes);
  }
  return total;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

// ---------------------------------------------------------------------------------------------
// latency helpers

interface Targets {
  jobs: string[];
  failed: string[];
  executions: string[];
}

/** Random ids of the fill: jobs, failed jobs, executions (shuffled; at least one of each). */
async function sampleTargets(ds: DataSource, jobs: number): Promise<Targets> {
  const ids = async (sql: string) => shuffle(((await ds.query(sql)) as Array<{ id: string }>).map((r) => r.id));
  const targets = {
    jobs: (await ids(`SELECT id FROM job_records TABLESAMPLE SYSTEM (${Math.min(100, (100 * SAMPLES * 10) / jobs)})`)).slice(0, 10 * SAMPLES),
    failed: await ids(`SELECT id FROM job_records TABLESAMPLE SYSTEM (${Math.min(100, (100 * SAMPLES * 100) / jobs)}) WHERE status = 'failed'`),
    executions: await ids(`SELECT id FROM executions ORDER BY random() LIMIT ${10 * SAMPLES}`),
  };
  for (const [k, v] of Object.entries(targets)) if (v.length === 0) throw new Error(`no ${k} to sample`);
  log(`targets: ${targets.jobs.length} jobs, ${targets.failed.length} failed jobs, ${targets.executions.length} executions`);
  return targets;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length];

function expectFound<T>(value: T | null): void {
  if (value === null) throw new Error('a sampled id was not found');
}

/** p50/p99 of SAMPLES sequential calls, after WARMUP calls not counted. */
async function measure(name: string, call: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number; n: number }> {
  for (let i = 0; i < WARMUP; i++) await call(SAMPLES + i);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await call(i);
    samples.push(performance.now() - t0);
  }
  const s = stats(samples);
  log(`${name}: p50 ${s.p50} ms, p99 ${s.p99} ms (${s.n})`);
  return s;
}

/** Records the queries TypeORM runs while capturing (the API's own SQL, for EXPLAIN). */
class CaptureLogger implements TypeOrmLogger {
  private captured?: Array<{ sql: string; params: unknown[] }>;
  start(): void {
    this.captured = [];
  }
  stop(): Array<{ sql: string; params: unknown[] }> {
    const out = this.captured ?? [];
    this.captured = undefined;
    return out;
  }
  logQuery(query: string, parameters?: unknown[]): void {
    if (this.captured && !/^(START TRANSACTION|COMMIT|ROLLBACK)/i.test(query)) this.captured.push({ sql: query, params: parameters ?? [] });
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

// ---------------------------------------------------------------------------------------------
// writer helpers

const JOBS_PER_BATCH = Math.max(1, Math.floor(BATCH / 3));

interface WriterFigures {
  lanes: number;
  rowsPerS: number;
  eventsPerS: number;
  /** this process's CPU (fold, JSON, driver) per job written */
  nodeCpuUsPerJob: number;
  jobs: number;
  seconds: number;
  batchP50Ms: number;
  batchP99Ms: number;
}

/**
 * Writes for WRITER_S seconds on `n` lanes at once. fold: batches of JOBS_PER_BATCH jobs' three
 * events; split: BATCH enqueued events, then their claims and successes in batches of BATCH.
 */
async function writeFor(writer: HistoryBatchWriter, n: number, mode: 'fold' | 'split', signal: AbortSignal): Promise<WriterFigures> {
  const batchMs: number[] = [];
  let jobs = 0;
  const timed = async (batch: SourcedJobEvent[]) => {
    events += batch.length;
    const t0 = performance.now();
    const report = await writer.write(batch);
    batchMs.push(performance.now() - t0);
    if (report.rejected.length > 0) throw new Error(`writer rejected ${report.rejected.length} jobs: ${report.rejected[0].reason}`);
  };
  let events = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = t0 + WRITER_S * 1000;
  await Promise.all(
    lanes(n).map(async (lane) => {
      while (performance.now() < deadline && !signal.aborted) {
        if (mode === 'fold') {
          const at = Date.now();
          await timed(lane.whole(lane.ids(JOBS_PER_BATCH, at), at, 'noop'));
          jobs += JOBS_PER_BATCH;
        } else {
          const at = Date.now();
          const ids = lane.ids(BATCH, at);
          await timed(lane.enqueued(ids, at, 'noop'));
          const half = Math.floor(BATCH / 2);
          for (let i = 0; i < ids.length; i += half) {
            const part = ids.slice(i, i + half);
            await timed([...lane.claimed(part, at + 2), ...lane.succeeded(part, at + 5, 'noop')]);
          }
          jobs += ids.length;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const figures = {
    lanes: n,
    rowsPerS: Math.round(jobs / seconds),
    eventsPerS: Math.round(events / seconds),
    nodeCpuUsPerJob: round((cpu.user + cpu.system) / jobs, 1),
    jobs,
    seconds: round(seconds, 1),
    batchP50Ms: round(percentile(batchMs, 50)),
    batchP99Ms: round(percentile(batchMs, 99)),
  };
  log(
    `writer ${mode}, ${n} lane(s): ${figures.rowsPerS.toLocaleString('en')} jobs/s (${jobs} jobs, batch p50 ${figures.batchP50Ms} ms, ` +
      `p99 ${figures.batchP99Ms} ms, node CPU ${figures.nodeCpuUsPerJob} us/job)`,
  );
  return figures;
}

/**
 * BENCH_HISTORY_BYTES_JOBS jobs of `kind` written by the real writer (fold: each job's three
 * events in one batch) into the (empty) partitions of the day starting at `dayStart`, 4 lanes.
 */
async function bytesOfWrites(ds: DataSource, writer: HistoryBatchWriter, dayStart: number, kind: Kind) {
  const parts = [partitionName('job_records', dayStart), partitionName('job_attempts', dayStart)];
  const before = await relationBytes(ds, parts);
  const ls = lanes(4, `bytes-${kind}`);
  let written = 0;
  let sample = '';
  await Promise.all(
    ls.map(async (lane, k) => {
      for (let i = k * JOBS_PER_BATCH; i < BYTES_JOBS; i += ls.length * JOBS_PER_BATCH) {
        const n = Math.min(JOBS_PER_BATCH, BYTES_JOBS - i);
        const at = dayStart + Math.floor((i / BYTES_JOBS) * (DAY_MS - 60_000));
        const events = lane.whole(lane.ids(n, at), at, kind);
        sample ||= events[events.length - 1].event.res ?? '';
        await writer.write(events);
        written += n;
      }
    }),
  );
  const [{ records, attempts }] = (await ds.query(
    `SELECT (SELECT count(*) FROM "${parts[0]}")::int AS records, (SELECT count(*) FROM "${parts[1]}")::int AS attempts`,
  )) as Array<{ records: number; attempts: number }>;
  if (records !== BYTES_JOBS) throw new Error(`${parts[0]} holds ${records} rows, expected ${BYTES_JOBS}`);
  const after = await relationBytes(ds, parts);
  const [split] = (await ds.query(
    `SELECT sum(pg_relation_size(c))::bigint AS heap, sum(pg_indexes_size(c))::bigint AS indexes,
       sum(pg_total_relation_size(c) - pg_relation_size(c) - pg_indexes_size(c))::bigint AS other
     FROM unnest($1::regclass[]) AS c`,
    [parts],
  )) as Array<{ heap: string; indexes: string; other: string }>;
  for (const p of parts) await ds.query(`VACUUM "${p}"`);
  const vacuumed = await relationBytes(ds, parts);
  // what the upkeep does to a closed day (HistoryPartitions: compactPartition)
  for (const p of parts) await compactPartition(ds, p);
  const compacted = await relationBytes(ds, parts);
  const [compactedIndexes] = (await ds.query(`SELECT sum(pg_indexes_size(c))::bigint AS n FROM unnest($1::regclass[]) AS c`, [parts])) as Array<{ n: string }>;
  const out = {
    perJob: Math.round(after / written),
    perJobAfterVacuum: Math.round(vacuumed / written),
    perJobCompacted: Math.round(compacted / written),
    indexesPerJobCompacted: Math.round(Number(compactedIndexes.n) / written),
    heapPerJob: Math.round(Number(split.heap) / written),
    indexesPerJob: Math.round(Number(split.indexes) / written),
    resultBytes: Buffer.byteLength(sample),
    attemptRows: attempts,
    emptyBytes: before,
  };
  log(
    `bytes per ${kind} job (${written} jobs, ${attempts} job_attempts rows, result ${out.resultBytes} B): ${out.perJob} ` +
      `(heap ${out.heapPerJob}, indexes ${out.indexesPerJob}), after VACUUM ${out.perJobAfterVacuum}, compacted ${out.perJobCompacted} ` +
      `(indexes ${out.indexesPerJobCompacted})`,
  );
  return out;
}

/**
 * DROP TABLE of the day's job_records partition, then of its job_attempts partition (each in a
 * transaction with lock_timeout, as HistoryPartitions drops), while one lane writes fold batches
 * to today's partition; the writer's slowest batch overlapping the drops.
 */
async function dropDay(ds: DataSource, writer: HistoryBatchWriter, day: FillDay) {
  const [{ rows }] = (await ds.query(`SELECT count(*)::int AS rows FROM "${day.records}"`)) as Array<{ rows: number }>;
  const [{ attemptRows }] = (await ds.query(`SELECT count(*)::int AS "attemptRows" FROM "${day.attempts}"`)) as Array<{ attemptRows: number }>;
  const bytes = await relationBytes(ds, [day.records, day.attempts]);
  const batches: Array<{ start: number; end: number }> = [];
  let stop = false;
  const [lane] = lanes(1, 'drop');
  const writing = (async () => {
    while (!stop) {
      const at = Date.now();
      const start = performance.now();
      await writer.write(lane.whole(lane.ids(JOBS_PER_BATCH, at), at, 'noop'));
      batches.push({ start, end: performance.now() });
    }
  })();
  // a failed write is thrown where it is awaited (below), not as an unhandled rejection that would
  // end the process before the cleanup drops the bench's database
  writing.catch(() => undefined);
  const timedDrop = async (table: string) => {
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      const t0 = performance.now();
      await runner.startTransaction();
      await runner.query(`SET LOCAL lock_timeout = 10000`);
      await runner.query(`DROP TABLE "${table}"`);
      const tDrop = performance.now();
      await runner.commitTransaction();
      return { t0, t1: performance.now(), statement: tDrop - t0 };
    } finally {
      await runner.release();
    }
  };
  let records: { t0: number; t1: number; statement: number };
  let attempts: { t0: number; t1: number; statement: number };
  try {
    await sleep(2_000);
    records = await timedDrop(day.records);
    attempts = await timedDrop(day.attempts);
    await sleep(2_000);
  } finally {
    stop = true;
    await writing;
  }
  const during = batches.filter((b) => b.end >= records.t0 && b.start <= attempts.t1).map((b) => b.end - b.start);
  const outside = batches.filter((b) => b.end < records.t0 || b.start > attempts.t1).map((b) => b.end - b.start);
  const out = {
    jobRecords: round(records.t1 - records.t0),
    jobAttempts: round(attempts.t1 - attempts.t0),
    /** of which the DROP statement (the rest: its COMMIT) */
    jobRecordsStatement: round(records.statement),
    jobAttemptsStatement: round(attempts.statement),
    rows,
    attemptRows,
    bytes,
    writerSlowestMs: round(Math.max(0, ...during)),
    writerBatchesDuring: during.length,
    writerP50Ms: round(percentile(outside, 50)),
  };
  log(
    `drop ${day.records} (${rows} rows, ${mib(bytes)} with ${day.attempts}) ${out.jobRecords} ms (statement ${out.jobRecordsStatement}), ` +
      `${day.attempts} (${attemptRows} rows) ${out.jobAttempts} ms (statement ${out.jobAttemptsStatement}); writer slowest batch during: ` +
      `${out.writerSlowestMs} ms (p50 otherwise ${out.writerP50Ms} ms); batches during (start after the first drop began, ms: duration): ` +
      batches
        .filter((b) => b.end >= records.t0 && b.start <= attempts.t1)
        .map((b) => `${(b.start - records.t0).toFixed(0)}: ${(b.end - b.start).toFixed(0)}`)
        .join(', '),
  );
  return out;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    await cleanup?.().catch(() => undefined);
    process.exit(1);
  },
);
