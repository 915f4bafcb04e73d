import { DataSource } from 'typeorm';
import { newJobId } from '../../src/domain/job-id';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { HistoryDatabase, runMigrationsLocked } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter, isDataError } from '../../src/modules/history/writer/history-batch-writer';
import { eventVersion } from '../../src/modules/queue/events/event-version';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';

const LEGACY_ROWS = 1_000_000;
const DAYS = 10;
const DAY = 86_400_000;

/** Makes claimq ids in SQL, as job-id.ts does: `<queue>-<10 chars of time><10 chars of n>`. */
const MAKE_ID = `
CREATE FUNCTION test_make_id(q text, ms bigint, n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE a text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; t text := ''; r text := '';
BEGIN
  FOR i IN 1..10 LOOP t := substr(a, (ms % 32)::int + 1, 1) || t; ms := ms / 32; END LOOP;
  FOR i IN 1..10 LOOP r := substr(a, (n % 32)::int + 1, 1) || r; n := n / 32; END LOOP;
  RETURN q || '-' || t || r;
END $$`;

/**
 * The upgrade from unpartitioned history: 1,000,000 rows written before partitioning (keyed by id,
 * created_at the enqueue time, a few ms after the time in the id), while a writer keeps writing.
 */
describe('partitioning an existing history (PostgreSQL, 1,000,000 rows)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const now = Date.now();
  const firstDay = now - (DAYS - 1) * DAY;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = new DataSource(historyDataSourceOptions(db.url));
    await ds.initialize();
    await runMigrationsLocked(ds);
    // back to the schema before partitioning (and the migrations after it)
    for (;;) {
      const [last] = (await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`)) as Array<{ name: string }>;
      await ds.undoLastMigration({ transaction: 'each' });
      if (last.name === 'PartitionHistory1767484800000') break;
    }
    expect((await ds.query(`SELECT relkind FROM pg_class WHERE relname = 'job_records'`))[0].relkind).toBe('r');
    await ds.query(MAKE_ID);
    await ds.query(
      `INSERT INTO job_records (id, queue, type, status, attempts, max_attempts, priority, created_at, updated_at, started_at, finished_at,
         worker_id, result, last_error, execution_id, version, claim_version, error_version)
       SELECT test_make_id('legacy', ms, i), 'legacy', 'noop', CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'succeeded' END, 1, 3, 0,
         to_timestamp((ms + i % 7) / 1000.0), to_timestamp((ms + 20) / 1000.0), to_timestamp((ms + 10) / 1000.0), to_timestamp((ms + 20) / 1000.0),
         'w', NULL, CASE WHEN i % 10 = 0 THEN 'boom' END, NULL, i, i, CASE WHEN i % 10 = 0 THEN i END
       FROM (SELECT i, $1::bigint + (i * $2::bigint / $3::bigint) AS ms FROM generate_series(1, $3::bigint) AS i) s`,
      [firstDay, (DAYS - 1) * DAY, LEGACY_ROWS],
    );
    await ds.query(
      `INSERT INTO job_attempts (job_id, run, attempt, worker_id, started_at, finished_at, outcome, error, claim_version, end_version)
       SELECT id, 1, 1, 'w', started_at, finished_at, status, last_error, claim_version, version FROM job_records WHERE status = 'failed'`,
    );
    await ds.query('ANALYZE');
  }, 300_000);

  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await db?.drop();
  });

  it('keeps every row, lets writers go on, and moves the history into day partitions', async () => {
    const legacyFailed = LEGACY_ROWS / 10;
    // a job in flight at the upgrade: its row was written running, its end comes after
    const [inFlight] = (await ds.query(`SELECT id FROM job_records WHERE status = 'succeeded' ORDER BY id DESC LIMIT 1`)) as Array<{ id: string }>;
    await ds.query(`UPDATE job_records SET status = 'running', finished_at = NULL WHERE id = $1`, [inFlight.id]);

    const writer = new HistoryBatchWriter(async () => ds);
    // Writers go on through the upgrade: plain inserts of new jobs' rows, a statement both schemas
    // take (instances of the version before write with their own upsert, this one's after it).
    let stop = false;
    let written = 0;
    let slowestMs = 0;
    let retries = 0;
    const writing = (async () => {
      while (!stop) {
        const rows = Array.from({ length: 50 }, () => {
          const at = Date.now();
          return { id: newJobId('live', at), at: new Date(at).toISOString() };
        });
        const started = Date.now();
        for (;;) {
          try {
            await ds.query(
              `INSERT INTO job_records (id, queue, status, attempts, created_at, updated_at, version)
               SELECT r.id, 'live', 'succeeded', 1, r.at, r.at, 1 FROM jsonb_to_recordset($1::jsonb) AS r(id text, at timestamptz)`,
              [JSON.stringify(rows)],
            );
            break;
          } catch (err) {
            // routed to the default partition while the upkeep attached today's: the writer's
            // rule (isDataError) is to try again, and then it goes to today's partition
            if (isDataError(err)) throw err;
            retries++;
          }
        }
        slowestMs = Math.max(slowestMs, Date.now() - started);
        written += rows.length;
        await new Promise((r) => setTimeout(r, 10)); // a busy writer, not a flood
      }
    })();

    try {
      const migrationStarted = Date.now();
      await runMigrationsLocked(ds);
      const migrationMs = Date.now() - migrationStarted;
      expect((await ds.query(`SELECT relkind FROM pg_class WHERE relname = 'job_records'`))[0].relkind).toBe('p');
      // the end of the in-flight job, written after the upgrade: keyed by the time in its id
      const t = Date.now();
      await writer.write([
        { queue: 'legacy', version: eventVersion(t, 0, 0), event: { k: 'succeeded', id: inFlight.id, st: 'succeeded', att: 1, at: t, w: 'w', run: 1, res: '1' } },
      ]);

      const history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
      // every legacy row answers from the default partition until moved
      await expect(history.findJob(inFlight.id)).resolves.toMatchObject({ status: 'succeeded' });

      const upkeepStarted = Date.now();
      const report = await new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 30 }).maintain();
      const upkeepMs = Date.now() - upkeepStarted;
      expect(report.errors).toEqual([]);
      stop = true;
      await writing;
      console.log(JSON.stringify({ legacyRows: LEGACY_ROWS, migrationMs, upkeepMs, slowestWriteMs: slowestMs, liveJobsWritten: written, liveRetries: retries }));

      const count = async (sql: string) => Number((await ds.query(sql))[0].n);
      // nothing lost, nothing twice (the in-flight job's two rows merged into one)
      expect(await count(`SELECT count(*) AS n FROM job_records WHERE queue = 'legacy'`)).toBe(LEGACY_ROWS);
      expect(await count(`SELECT count(DISTINCT id) AS n FROM job_records WHERE queue = 'legacy'`)).toBe(LEGACY_ROWS);
      expect(await count(`SELECT count(*) AS n FROM job_records WHERE queue = 'live'`)).toBe(written);
      // the failed jobs' attempts, and the in-flight job's end, written after the upgrade
      expect(await count(`SELECT count(*) AS n FROM job_attempts WHERE job_id LIKE 'legacy-%'`)).toBe(legacyFailed + 1);
      // all moved out of the default partitions, each row keyed by the time in its id
      expect(await count(`SELECT count(*) AS n FROM job_records_default`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM job_attempts_default`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM job_records WHERE created_at <> claimq_id_time(id)`)).toBe(0);
      expect(await count(`SELECT count(DISTINCT tableoid) AS n FROM job_records WHERE queue = 'legacy'`)).toBe(DAYS);

      await expect(history.findJob(inFlight.id)).resolves.toMatchObject({ status: 'succeeded', type: 'noop', result: 1 });
      const [sample] = (await ds.query(`SELECT id FROM job_records WHERE queue = 'legacy' AND status = 'failed' LIMIT 1`)) as Array<{ id: string }>;
      expect(await history.listAttempts(sample.id)).toEqual([expect.objectContaining({ run: 1, outcome: 'failed', error: 'boom' })]);
      const page = await history.listJobs({ queue: 'legacy', status: 'failed', limit: 10 });
      expect(page.items).toHaveLength(10);
    } finally {
      stop = true;
      await writing;
    }
  }, 600_000);
});
