import { DataSource } from 'typeorm';
import { ManualClock } from '../../src/domain/clock';
import { JobEvent } from '../../src/domain/job-event';
import { newJobId } from '../../src/domain/job-id';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { eventVersion } from '../../src/modules/queue/events/event-version';
import { SourcedJobEvent } from '../../src/modules/queue/events/job-event-source';
import { createHistoryDatabase } from '../support/postgres-database';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const JAN_10 = Date.UTC(2026, 0, 10);

/**
 * `jobs` noop jobs created over the day from `dayStart`, each enqueued, claimed and succeeded in one
 * batch (one row each), in 4 queues and 5 types written interleaved, as busy queues write them.
 */
async function fillDay(writer: HistoryBatchWriter, dayStart: number, jobs: number): Promise<string[]> {
  const ids: string[] = [];
  let seq = 0;
  for (let i = 0; i < jobs; i += 500) {
    const events: SourcedJobEvent[] = [];
    const push = (queue: string, event: JobEvent) => events.push({ queue, version: eventVersion(dayStart, seq++, 0), event });
    for (let k = i; k < Math.min(jobs, i + 500); k++) {
      const queue = `q${k % 4}`;
      const at = dayStart + Math.floor((k / jobs) * (DAY - HOUR));
      const id = newJobId(queue, at);
      ids.push(id);
      push(queue, { k: 'enqueued', id, st: 'pending', att: 0, at, type: `t${k % 5}`, prio: 0, ctime: at, max: 3 });
      push(queue, { k: 'claimed', id, st: 'running', att: 1, at: at + 1, w: 'w', run: 1 });
      push(queue, { k: 'succeeded', id, st: 'succeeded', att: 1, at: at + 2, w: 'w', run: 1, res: 'null' });
    }
    await writer.write(events);
  }
  return ids;
}

describe('history partition compaction (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  let writer: HistoryBatchWriter;
  let history: HistoryQueryService;
  const clock = new ManualClock(JAN_10 + 12 * HOUR);
  const partitions = () => new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 30, clock });

  beforeAll(async () => {
    db = await createHistoryDatabase();
    ds = db.dataSource;
    writer = new HistoryBatchWriter(async () => ds);
    history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
  });
  afterAll(async () => {
    await db?.drop();
  });

  const indexBytes = async (table: string) => Number(((await ds.query(`SELECT pg_indexes_size($1::regclass) AS n`, [table])) as Array<{ n: string }>)[0].n);
  const mark = async (table: string) =>
    ((await ds.query(`SELECT obj_description($1::regclass, 'pg_class') AS c`, [table])) as Array<{ c: string | null }>)[0].c;
  const invalidIndexes = async (table: string) =>
    ((await ds.query(`SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1::regclass AND NOT x.indisvalid`, [
      table,
    ])) as Array<{ name: string }>).map((r) => r.name);

  it("rebuilds a day's indexes once, an hour after the day ends, smaller and still answering", async () => {
    expect((await partitions().maintain()).errors).toEqual([]);
    const ids = await fillDay(writer, JAN_10, 20_000);
    const before = await indexBytes('job_records_p20260110');

    clock.set(JAN_10 + DAY + HOUR - 1); // the day ended 59:59.999 ago: not yet
    expect(await partitions().maintain()).toMatchObject({ errors: [], compacted: [] });

    clock.set(JAN_10 + DAY + HOUR);
    const report = await partitions().maintain();
    expect(report.errors).toEqual([]);
    expect(report.compacted.sort()).toEqual(['executions_p20260110', 'job_attempts_p20260110', 'job_logs_p20260110', 'job_records_p20260110']);
    const after = await indexBytes('job_records_p20260110');
    expect(after).toBeLessThan(before);
    expect(await mark('job_records_p20260110')).toMatch(/^claimq: indexes compacted/);
    expect(await invalidIndexes('job_records_p20260110')).toEqual([]);
    // every row is still there and found through the rebuilt indexes
    expect(Number((await ds.query(`SELECT count(*) AS n FROM job_records_p20260110`))[0].n)).toBe(ids.length);
    await expect(history.findJob(ids[12_345])).resolves.toMatchObject({ id: ids[12_345], status: 'succeeded', type: 't0' });
    const page = await history.listJobs({ queue: 'q2', type: 't3', limit: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.items.every((j) => j.queue === 'q2' && j.type === 't3')).toBe(true);

    // once only
    expect((await partitions().maintain()).compacted).toEqual([]);
  });

  it('drops what a cut-short rebuild left (an invalid index) before compacting the next day', async () => {
    await fillDay(writer, JAN_10 + DAY, 2_000);
    // a CREATE INDEX CONCURRENTLY that fails leaves its index behind, invalid, as a cut-short
    // REINDEX CONCURRENTLY leaves its _ccnew copy
    await expect(ds.query(`CREATE UNIQUE INDEX CONCURRENTLY job_records_p20260111_queue_ccnew ON job_records_p20260111 (queue)`)).rejects.toThrow();
    expect(await invalidIndexes('job_records_p20260111')).toEqual(['job_records_p20260111_queue_ccnew']);

    clock.set(JAN_10 + 2 * DAY + HOUR);
    const report = await partitions().maintain();
    expect(report.errors).toEqual([]);
    expect(report.compacted).toContain('job_records_p20260111');
    expect(await invalidIndexes('job_records_p20260111')).toEqual([]);
    expect(await mark('job_records_p20260111')).toMatch(/^claimq: indexes compacted/);
  });
});
