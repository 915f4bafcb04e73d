import { DataSource } from 'typeorm';
import { ManualClock } from '../../src/domain/clock';
import { JobSchedule } from '../../src/domain/job';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { createHistoryDatabase } from '../support/postgres-database';
import { EventScript, fixtureId } from './job-event.fixtures';

const DAY = 86_400_000;
const JAN_10 = Date.UTC(2026, 0, 10, 12, 0, 0);
const NIGHTLY: JobSchedule = { name: 'nightly.report', fireAt: Date.UTC(2026, 0, 10, 2, 0, 0) };

/** A job enqueued at `at` (by `schedule` when given), then run once to success. */
function ranJob(label: string, at: number, schedule?: JobSchedule) {
  const s = new EventScript('sched', fixtureId('sched', label, at), at);
  s.add({ k: 'enqueued', st: 'pending', att: 0, at, type: 'report', prio: 0, ctime: at, max: 3, ...(schedule && { sn: schedule.name, sf: schedule.fireAt }) });
  s.add({ k: 'claimed', st: 'running', att: 1, at: at + 1, w: 'w', run: 1 });
  s.add({ k: 'succeeded', st: 'succeeded', att: 1, at: at + 2, w: 'w', run: 1, res: '1' });
  return s;
}

/** The schedule a job was fired by, from its enqueued event to job_records and back through the history read. */
describe('job schedule in history (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  let writer: HistoryBatchWriter;
  let history: HistoryQueryService;
  const clock = new ManualClock(JAN_10);
  const partitions = () => new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 30, clock });

  beforeAll(async () => {
    db = await createHistoryDatabase();
    ds = db.dataSource;
    writer = new HistoryBatchWriter(async () => ds);
    history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
    await partitions().maintain();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const stored = async (id: string) =>
    ((await ds.query(`SELECT schedule_name, schedule_fire_at, tableoid::regclass::text AS home FROM job_records WHERE id = $1`, [id])) as Array<Record<string, unknown>>);

  it('stores the schedule of the enqueued event, and the history read returns it by id and in listings', async () => {
    const fired = ranJob('fired', JAN_10 + 1000, NIGHTLY);
    const plain = ranJob('plain', JAN_10 + 2000);
    await writer.write([...fired.events, ...plain.events]);
    expect(await stored(fired.id)).toEqual([{ schedule_name: NIGHTLY.name, schedule_fire_at: new Date(NIGHTLY.fireAt), home: 'job_records_p20260110' }]);
    expect(await stored(plain.id)).toEqual([{ schedule_name: null, schedule_fire_at: null, home: 'job_records_p20260110' }]);

    await expect(history.findJob(fired.id)).resolves.toMatchObject({ status: 'succeeded', schedule: NIGHTLY });
    expect((await history.findJob(plain.id))?.schedule).toBeUndefined();
    const { items } = await history.listJobs({ queue: 'sched' });
    expect(items.find((r) => r.id === fired.id)?.schedule).toEqual(NIGHTLY);
    expect(items.find((r) => r.id === plain.id)?.schedule).toBeUndefined();
  });

  it('takes the schedule from an enqueued event that comes late or twice, each in a batch of its own', async () => {
    const job = ranJob('late', JAN_10 + 3000, NIGHTLY);
    const [enqueued, ...rest] = job.events;
    await writer.write(rest);
    expect(await stored(job.id)).toMatchObject([{ schedule_name: null, schedule_fire_at: null }]);
    await writer.write([enqueued]);
    await writer.write([enqueued]);
    await expect(history.findJob(job.id)).resolves.toMatchObject({ status: 'succeeded', type: 'report', schedule: NIGHTLY });
  });

  it("keeps the schedule when the upkeep moves rows out of the default partition, an upgrade's row merged with the writer's", async () => {
    const at = JAN_10 - 3 * DAY;
    const tick = { name: 'hourly', fireAt: at - 5 };
    // the writer's rows of a day no partition covers yet: into the default partition
    const moved = ranJob('moved', at, NIGHTLY);
    await writer.write(moved.events);
    // a job in flight at an upgrade: its row from before, keyed by its enqueue time, holds the
    // schedule; the writer's row (keyed by the time in its id) has only the later events
    const merged = ranJob('merged', at + 10, tick);
    await ds.query(
      `INSERT INTO job_records (id, queue, type, status, attempts, max_attempts, priority, created_at, updated_at, version, schedule_name, schedule_fire_at)
       VALUES ($1, 'sched', 'report', 'pending', 0, 3, 0, $2, $2, 1, $3, $4)`,
      [merged.id, new Date(at + 10 + 500), tick.name, new Date(tick.fireAt)],
    );
    await writer.write(merged.events.slice(1));
    expect((await stored(moved.id)).map((r) => r.home)).toEqual(['job_records_default']);
    const before = (await stored(merged.id)).map((r) => [r.home, r.schedule_name]);
    expect(before).toHaveLength(2);
    expect(before).toEqual(expect.arrayContaining([['job_records_default', 'hourly'], ['job_records_default', null]]));

    const report = await partitions().maintain();
    expect(report.errors).toEqual([]);
    expect(report.moved).toEqual(expect.arrayContaining([{ partition: 'job_records_p20260107', rows: 3 }]));
    expect(await stored(moved.id)).toEqual([{ schedule_name: NIGHTLY.name, schedule_fire_at: new Date(NIGHTLY.fireAt), home: 'job_records_p20260107' }]);
    expect(await stored(merged.id)).toEqual([{ schedule_name: 'hourly', schedule_fire_at: new Date(tick.fireAt), home: 'job_records_p20260107' }]);
    await expect(history.findJob(merged.id)).resolves.toMatchObject({ status: 'succeeded', attempts: 1, schedule: tick });
    await expect(history.findJob(moved.id)).resolves.toMatchObject({ status: 'succeeded', schedule: NIGHTLY });
  });
});
