import { DataSource } from 'typeorm';
import { ManualClock } from '../../src/domain/clock';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { createHistoryDatabase } from '../support/postgres-database';
import { EventScript, fixtureId } from './job-event.fixtures';

describe('history migrations (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createHistoryDatabase();
    ds = db.dataSource;
  });
  afterAll(async () => {
    await db?.drop();
  });

  const insert = (sql: string) => ds.query(`INSERT INTO job_attempts ${sql}`);
  /** Undoes the migrations that came after `name` (TypeORM undoes the last one only), then `name`. */
  const undoThrough = async (name: string) => {
    for (;;) {
      const [last] = (await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`)) as Array<{ name: string }>;
      await ds.undoLastMigration({ transaction: 'each' });
      if (last.name === name) return;
    }
  };
  const rows = async () =>
    (await ds.query(`SELECT job_id, run, attempt, outcome FROM job_attempts ORDER BY job_id, run`)) as Array<Record<string, unknown>>;

  it('keys job_attempts by run, giving rows written before it run = attempt, and undoes that', async () => {
    await undoThrough('KeyAttemptsByRun1767398400000');
    await insert(`(job_id, attempt, outcome) VALUES ('j-1', 1, 'failed'), ('j-1', 2, 'succeeded'), ('j-2', 1, 'running')`);
    await ds.runMigrations({ transaction: 'each' });
    expect(await rows()).toEqual([
      { job_id: 'j-1', run: 1, attempt: 1, outcome: 'failed' },
      { job_id: 'j-1', run: 2, attempt: 2, outcome: 'succeeded' },
      { job_id: 'j-2', run: 1, attempt: 1, outcome: 'running' },
    ]);
    // an attempt number used again by a later run is a row of its own
    // (ids claimq did not make have the epoch as their history key)
    await insert(`(job_id, attempt, outcome, run, created_at) VALUES ('j-1', 1, 'succeeded', 3, 'epoch')`);
    await expect(insert(`(job_id, attempt, outcome, run, created_at) VALUES ('j-1', 5, 'failed', 3, 'epoch')`)).rejects.toThrow(/job_attempts_pkey/);

    // down keeps the newest run of each attempt number, under the old key
    await undoThrough('KeyAttemptsByRun1767398400000');
    expect(await ds.query(`SELECT job_id, attempt, outcome FROM job_attempts ORDER BY job_id, attempt`)).toEqual([
      { job_id: 'j-1', attempt: 1, outcome: 'succeeded' },
      { job_id: 'j-1', attempt: 2, outcome: 'succeeded' },
      { job_id: 'j-2', attempt: 1, outcome: 'running' },
    ]);
    await ds.runMigrations({ transaction: 'each' });
    expect((await rows()).map((r) => r.run)).toEqual([1, 2, 1]);
  });

  it('adds the schedule columns to job_records and every partition of it, keeping the rows, and undoes that', async () => {
    const JAN_10 = Date.UTC(2026, 0, 10, 12, 0, 0);
    await new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 0, clock: new ManualClock(JAN_10) }).maintain();
    /** Per table of job_records' tree (parent, range partitions, default): its schedule columns and their types. */
    const scheduleColumns = async () =>
      (await ds.query(
        `SELECT c.relname AS "table", string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum) AS columns
         FROM pg_partition_tree('job_records') t JOIN pg_class c ON c.oid = t.relid
         LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname LIKE 'schedule%' AND NOT a.attisdropped
         GROUP BY c.relname ORDER BY c.relname`,
      )) as Array<{ table: string; columns: string | null }>;
    const records = async () =>
      (await ds.query(`SELECT id, status, tableoid::regclass::text AS home FROM job_records ORDER BY id`)) as Array<Record<string, unknown>>;

    await undoThrough('AddJobSchedule1767657600000');
    const tables = await scheduleColumns();
    expect(tables.length).toBeGreaterThanOrEqual(9); // the parent, 7 days ahead and more, the default partition
    expect(tables.filter((t) => t.columns !== null)).toEqual([]);
    // rows written before: one in a range partition, one in the default partition
    const inRange = fixtureId('mig', 'in-range', JAN_10 + 1000);
    await ds.query(
      `INSERT INTO job_records (id, queue, type, status, attempts, created_at, updated_at, version)
       VALUES ($1, 'mig', 't', 'succeeded', 1, $2, $2, 1), ('mig-foreign', 'mig', 't', 'pending', 0, 'epoch', 'epoch', 2)`,
      [inRange, new Date(JAN_10 + 1000)],
    );
    const before = await records();
    expect(before.map((r) => r.home)).toEqual(expect.arrayContaining(['job_records_p20260110', 'job_records_default']));

    await ds.runMigrations({ transaction: 'each' });
    expect(await scheduleColumns()).toEqual(tables.map((t) => ({ table: t.table, columns: 'schedule_name text, schedule_fire_at timestamp with time zone' })));
    expect(await records()).toEqual(before);
    expect(await ds.query(`SELECT count(*)::int AS n FROM job_records WHERE schedule_name IS NOT NULL OR schedule_fire_at IS NOT NULL`)).toEqual([{ n: 0 }]);
    // the writer stores a schedule into a partition made before the columns, and history reads it back
    const fired = new EventScript('mig', fixtureId('mig', 'fired', JAN_10 + 2000), JAN_10 + 2000).add({
      k: 'enqueued', st: 'pending', att: 0, at: JAN_10 + 2000, type: 't', prio: 0, ctime: JAN_10 + 2000, max: 3, sn: 'nightly', sf: JAN_10 - 1,
    });
    await new HistoryBatchWriter(async () => ds).write(fired.events);
    const history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
    await expect(history.findJob(fired.id)).resolves.toMatchObject({ status: 'pending', schedule: { name: 'nightly', fireAt: JAN_10 - 1 } });
    await expect(history.findJob(inRange)).resolves.toMatchObject({ status: 'succeeded', schedule: undefined });

    // down drops the columns from every partition and keeps every row
    await undoThrough('AddJobSchedule1767657600000');
    expect((await scheduleColumns()).filter((t) => t.columns !== null)).toEqual([]);
    expect((await records()).map((r) => r.id).sort()).toEqual([...before.map((r) => r.id), fired.id].sort());
    await ds.runMigrations({ transaction: 'each' });
    expect((await scheduleColumns()).every((t) => t.columns === 'schedule_name text, schedule_fire_at timestamp with time zone')).toBe(true);
  });
  it('creates audit_log as its entity describes it, pages it by id, and undoes that', async () => {
    const pending = (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query).filter((q) => q.includes('audit_log'));
    expect(pending).toEqual([]);
    await ds.query(`INSERT INTO audit_log (at, key_id, action, target, details) VALUES (now(), 'k_0123456789ab', 'queue.pause', 'queue:q', NULL), (now(), NULL, 'group.put', 'queue:q/group:g', '{"concurrency":2}')`);
    const rows = (await ds.query(`SELECT id::text AS id, key_id, action, details FROM audit_log ORDER BY id DESC`)) as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.key_id, r.action, r.details])).toEqual([
      [null, 'group.put', { concurrency: 2 }],
      ['k_0123456789ab', 'queue.pause', null],
    ]);
    // a page newest first reads the primary key's index backwards (no sort), whatever the table's size
    const plan = (await ds.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query(`EXPLAIN SELECT id FROM audit_log WHERE id < 10 ORDER BY id DESC LIMIT 51`);
    })) as Array<{ 'QUERY PLAN': string }>;
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/Index (Only )?Scan Backward using "PK_audit_log"/);
    await undoThrough('CreateAuditLog1767744000000');
    await expect(ds.query(`SELECT 1 FROM audit_log`)).rejects.toThrow(/audit_log/);
    await ds.runMigrations({ transaction: 'each' });
    await expect(ds.query(`SELECT count(*)::int AS n FROM audit_log`)).resolves.toEqual([{ n: 0 }]);
  });
});
