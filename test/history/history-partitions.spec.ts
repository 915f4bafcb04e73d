import { DataSource } from 'typeorm';
import { ManualClock } from '../../src/domain/clock';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { UPSERT_EXECUTIONS } from '../../src/modules/executions/execution-status.statements';
import { createHistoryDatabase } from '../support/postgres-database';
import { eventually } from '../support/eventually';
import { EventScript, fixtureId } from './job-event.fixtures';

const DAY = 86_400_000;
const JAN_10 = Date.UTC(2026, 0, 10, 12, 0, 0); // a Saturday

/** A job that ran once and succeeded (claimed and ended in one batch: one row). */
function doneJob(label: string, at: number) {
  const id = fixtureId('part', label, at);
  return new EventScript('part', id, at)
    .add({ k: 'enqueued', st: 'pending', att: 0, at, type: 't', prio: 0, ctime: at, max: 3 })
    .add({ k: 'claimed', st: 'running', att: 1, at: at + 1, w: 'w', run: 1 })
    .add({ k: 'log', st: 'running', att: 1, at: at + 1, w: 'w', run: 1, data: '[1,"working"]' })
    .add({ k: 'failed', st: 'failed', att: 1, at: at + 2, w: 'w', run: 1, err: 'first' })
    .add({ k: 'retried', st: 'pending', att: 0, at: at + 3 })
    .add({ k: 'claimed', st: 'running', att: 1, at: at + 4, w: 'w', run: 2 })
    .add({ k: 'succeeded', st: 'succeeded', att: 1, at: at + 5, w: 'w', run: 2, res: '"ok"' });
}

describe('history partitions (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  let writer: HistoryBatchWriter;
  let history: HistoryQueryService;
  const clock = new ManualClock(JAN_10);
  const partitions = (retentionDays = 30, period: 'day' | 'week' = 'day') =>
    new HistoryPartitions(async () => ds, { period, retentionDays, clock });

  beforeAll(async () => {
    db = await createHistoryDatabase();
    ds = db.dataSource;
    writer = new HistoryBatchWriter(async () => ds);
    history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** The partition a job's rows are in. */
  const homeOf = async (table: string, column: string, id: string) =>
    ((await ds.query(`SELECT tableoid::regclass::text AS t FROM ${table} WHERE ${column} = $1`, [id])) as Array<{ t: string }>).map((r) => r.t);
  const rangeNames = async (table: string) => (await partitions().partitions(table)).filter((p) => p.range).map((p) => p.name);

  it('creates a week of day partitions ahead, for every history table, and routes rows to them', async () => {
    const report = await partitions().maintain();
    expect(report.ran).toBe(true);
    const days = Array.from({ length: 8 }, (_, i) => new Date(Date.UTC(2026, 0, 10 + i)).toISOString().slice(0, 10).replace(/-/g, ''));
    for (const table of ['job_records', 'job_attempts', 'job_logs', 'executions']) {
      expect(await rangeNames(table)).toEqual(days.map((d) => `${table}_p${d}`));
    }
    // a second pass has nothing to do
    expect(await partitions().maintain()).toMatchObject({ ran: true, created: [], moved: [], dropped: [], deleted: 0, errors: [] });

    const job = doneJob('today', JAN_10 + 1000);
    await writer.write(job.events);
    expect(await homeOf('job_records', 'id', job.id)).toEqual(['job_records_p20260110']);
    expect(await homeOf('job_attempts', 'job_id', job.id)).toEqual(['job_attempts_p20260110']);
    expect(await homeOf('job_logs', 'job_id', job.id)).toEqual(['job_logs_p20260110']);
    await expect(history.findJob(job.id)).resolves.toMatchObject({ status: 'succeeded', createdAt: JAN_10 + 1000, result: 'ok' });
    expect((await history.listAttempts(job.id)).map((a) => [a.run, a.outcome, a.error])).toEqual([
      [1, 'failed', 'first'],
      [2, 'succeeded', undefined],
    ]);
  });

  it('moves rows that landed in the default partition into a partition of their own day', async () => {
    // created three days before the oldest partition: written to the default partition
    const old = doneJob('three-days-ago', JAN_10 - 3 * DAY);
    await writer.write(old.events);
    expect(await homeOf('job_records', 'id', old.id)).toEqual(['job_records_default']);
    await expect(history.findJob(old.id)).resolves.toMatchObject({ status: 'succeeded' });

    const report = await partitions().maintain();
    expect(report.moved).toEqual(
      expect.arrayContaining([
        { partition: 'job_records_p20260107', rows: 1 },
        { partition: 'job_attempts_p20260107', rows: 1 },
        { partition: 'job_logs_p20260107', rows: 1 },
      ]),
    );
    expect(await homeOf('job_logs', 'job_id', old.id)).toEqual(['job_logs_p20260107']);
    await expect(history.logs(old.id, 1, 10)).resolves.toMatchObject({ total: 1, firstKept: 1, lines: [{ seq: 1, line: 'working' }] });
    expect(await homeOf('job_records', 'id', old.id)).toEqual(['job_records_p20260107']);
    expect(await homeOf('job_attempts', 'job_id', old.id)).toEqual(['job_attempts_p20260107']);
    await expect(history.findJob(old.id)).resolves.toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await history.listAttempts(old.id)).toHaveLength(2);
  });

  it('drops whole partitions past retention, deletes default rows past it, and keeps ids claimq did not make', async () => {
    const kept = doneJob('kept', JAN_10 + 6 * DAY);
    await writer.write(kept.events);
    await writer.write(new EventScript('part', 'part-foreign').add({ k: 'enqueued', st: 'pending', att: 0, at: JAN_10, type: 't', prio: 0, ctime: JAN_10, max: 1 }).events);
    await ds.query(UPSERT_EXECUTIONS, [JSON.stringify([execution(fixtureId('part', 'exec-old', JAN_10), JAN_10), execution(fixtureId('part', 'exec-new', JAN_10 + 6 * DAY), JAN_10 + 6 * DAY)])]);
    // a row of a day without partition, too old to move: deleted from the default partition
    const ancient = doneJob('ancient', JAN_10 - 60 * DAY);
    await writer.write(ancient.events);

    clock.advance(40 * DAY); // Feb 19: retention 30 days keeps partitions ending after Jan 20, 12:00
    const report = await partitions(30).maintain();
    expect(report.errors).toEqual([]);
    const dayTables = (day: string) => ['job_records', 'job_attempts', 'job_logs', 'executions'].map((t) => `${t}_p${day}`);
    expect(report.dropped.sort()).toEqual(
      ['20260110', '20260111', '20260112', '20260113', '20260114', '20260115', '20260116', '20260117']
        .flatMap(dayTables)
        .concat('job_records_p20260107', 'job_attempts_p20260107', 'job_logs_p20260107') // made when the default rows of Jan 7 moved
        .sort(),
    );
    expect(report.deleted).toBe(3); // the ancient job's record, its failed attempt's row and its log line
    expect((await rangeNames('job_records'))[0]).toBe('job_records_p20260219');

    await expect(history.findJob(kept.id)).resolves.toBeNull(); // Jan 16: dropped with its partition
    await expect(history.findJob(ancient.id)).resolves.toBeNull();
    await expect(history.findJob('part-foreign')).resolves.toMatchObject({ queue: 'part' });
    await expect(history.findExecution(fixtureId('part', 'exec-old', JAN_10))).resolves.toBeNull();
    // partitions reach a week past the new now
    expect((await rangeNames('job_records')).at(-1)).toBe('job_records_p20260226');
  });

  it('keeps everything with retention 0, and lets one instance at a time do the upkeep', async () => {
    const before = await rangeNames('job_records');
    clock.advance(400 * DAY);
    const [a, b] = await Promise.all([partitions(0).maintain(), partitions(0).maintain()]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    const after = await rangeNames('job_records');
    expect(after.slice(0, before.length)).toEqual(before);
    expect([...a.dropped, ...b.dropped]).toEqual([]);
  });

  it('continues with week partitions, Monday to Monday, after day partitions end', async () => {
    const days = await rangeNames('job_records');
    const lastDay = (await partitions().partitions('job_records')).filter((p) => p.range).at(-1)!.range!;
    await partitions(0, 'week').maintain();
    const now = (await partitions().partitions('job_records')).filter((p) => p.range);
    const added = now.slice(days.length);
    expect(added[0].range!.from).toBe(lastDay.to);
    for (const p of added.slice(1)) {
      expect(new Date(p.range!.from).getUTCDay()).toBe(1);
      expect(p.range!.to - p.range!.from).toBe(7 * DAY);
    }
    expect(added.at(-1)!.range!.to).toBeGreaterThanOrEqual(clock.now() + 28 * DAY);
  });
  it('keeps a partition until the whole of it is HISTORY_RETENTION_DAYS old, at the maximum of 3650 days', async () => {
    const ranges = (await partitions().partitions('job_records')).filter((p) => p.range);
    const newest = ranges.at(-1)!;
    // one millisecond before the newest partition's end is 3650 days old: all but it go
    clock.advance(newest.range!.to + 3650 * DAY - 1 - clock.now());
    const first = await partitions(3650).maintain();
    expect(first.errors).toEqual([]);
    expect(first.dropped.filter((n) => n.startsWith('job_records_'))).toEqual(ranges.slice(0, -1).map((p) => p.name));
    clock.advance(1);
    const second = await partitions(3650).maintain();
    expect(second.dropped.filter((n) => n.startsWith('job_records_'))).toEqual([newest.name]);
  });
});

describe('history reads while the partition upkeep moves rows (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createHistoryDatabase();
    ds = db.dataSource;
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** Backends of this database waiting on a lock. */
  const lockWaiters = async () =>
    Number(
      ((await ds.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as [{ n: string }])[0].n,
    );

  it('moves rows an upgrade brought, written just after the midnight after their id, into the day of their id, every day in one pass', async () => {
    const clock = new ManualClock(JAN_10);
    const history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
    // ten days before today's partitions, each a row keyed 1 ms before its midnight and written
    // (created_at) 3 ms after it: in the default partition, its created_at in the next day
    const ids: string[] = [];
    for (let day = 20; day < 30; day++) {
      const midnight = Date.UTC(2025, 11, day);
      const id = fixtureId('upgrade', `day-${day}`, midnight - 1);
      ids.push(id);
      await ds.query(
        `INSERT INTO job_records (id, queue, status, attempts, created_at, updated_at, version) VALUES ($1, 'upgrade', 'succeeded', 1, $2, $2, 1)`,
        [id, new Date(midnight + 3).toISOString()],
      );
    }
    const report = await new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 60, clock }).maintain();
    expect(report.errors).toEqual([]);
    for (const [i, id] of ids.entries()) {
      const day = String(19 + i).padStart(2, '0');
      const [{ t }] = (await ds.query(`SELECT tableoid::regclass::text AS t FROM job_records WHERE id = $1`, [id])) as Array<{ t: string }>;
      expect(t).toBe(`job_records_p202512${day}`);
      await expect(history.findJob(id)).resolves.toMatchObject({ status: 'succeeded' });
    }
  });

  it('finds a job, its attempts and its log lines when a read waited on the move out of the default partition', async () => {
    const clock = new ManualClock(JAN_10);
    const history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
    await new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 30, clock }).maintain();
    // two days before the oldest partition: written to the default partitions
    const job = doneJob('moving', JAN_10 - 2 * DAY);
    await new HistoryBatchWriter(async () => ds).write(job.events);
    expect(await history.listAttempts(job.id)).toHaveLength(2);

    // every transaction of the upkeep, held before its commit while the reads start and wait on it
    const reads: Array<Promise<[unknown, unknown[], unknown]>> = [];
    const holding = Object.create(ds) as DataSource;
    holding.createQueryRunner = () => {
      const runner = ds.createQueryRunner();
      const commit = runner.commitTransaction.bind(runner);
      runner.commitTransaction = async () => {
        const read = Promise.all([history.findJob(job.id), history.listAttempts(job.id), history.logs(job.id, 1, 10)]);
        reads.push(read);
        const settled = read.then(
          () => true,
          () => true,
        );
        // until a read waits on this transaction's locks (or none had to)
        await eventually(async () => {
          if (!(await Promise.race([settled, new Promise<false>((resolve) => setImmediate(() => resolve(false)))])) && (await lockWaiters()) === 0) {
            throw new Error('no read waits yet');
          }
        });
        await commit();
      };
      return runner;
    };
    const report = await new HistoryPartitions(async () => holding, { period: 'day', retentionDays: 30, clock }).maintain();
    expect(report.errors).toEqual([]);
    expect(report.moved.map((m) => m.partition).sort()).toEqual(['job_attempts_p20260108', 'job_logs_p20260108', 'job_records_p20260108']);
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const [found, attempts, logs] of await Promise.all(reads)) {
      expect(found).toMatchObject({ id: job.id, status: 'succeeded' });
      expect(attempts).toHaveLength(2);
      expect(logs).toMatchObject({ total: 1, lines: [{ seq: 1, line: 'working' }] });
    }
  });
});

function execution(id: string, createdAt: number) {
  const iso = new Date(createdAt).toISOString();
  return {
    id, queue: 'part', status: 'succeeded', total: 1, pending: 0, scheduled: 0, running: 0, succeeded: 1, failed: 0, cancelled: 0,
    callback_url: null, created_at: iso, updated_at: iso, finished_at: iso, version: 1,
  };
}
