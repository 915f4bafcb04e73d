import { DataSource } from 'typeorm';
import { createHistoryDatabase } from '../support/postgres-database';

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
});
