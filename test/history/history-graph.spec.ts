import { DataSource } from 'typeorm';
import { ManualClock } from '../../src/domain/clock';
import { decodeStreamEntry, encodeStreamEntry } from '../../src/modules/queue/events/stream-entry-codec';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryPartitions } from '../../src/modules/history/partitions/history-partitions';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { createHistoryDatabase } from '../support/postgres-database';
import { EventScript, fixtureId } from './job-event.fixtures';

const JAN_10 = Date.UTC(2026, 0, 10, 12, 0, 0);
const EXECUTION = 'graph-0000000000000000EXEC';

/** A graph job enqueued at `at` with its key and parents' keys, then run once to success. */
function graphJob(key: string, at: number, dep?: string[]) {
  const s = new EventScript('graph', fixtureId('graph', key, at), at);
  s.add({ k: 'enqueued', st: dep ? 'blocked' : 'pending', att: 0, at, type: 't', prio: 0, ctime: at, max: 3, exec: EXECUTION, key, ...(dep && { dep }) });
  if (dep) s.add({ k: 'unblocked', st: 'pending', att: 0, at: at + 1 });
  s.add({ k: 'claimed', st: 'running', att: 1, at: at + 2, w: 'w', run: 1 });
  s.add({ k: 'succeeded', st: 'succeeded', att: 1, at: at + 3, w: 'w', run: 1, res: '1' });
  return s;
}

/** An execution's graph in job history: each job's key and parents' keys, from its enqueued event to job_records, queryable by execution. */
describe('job graphs in history (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  let writer: HistoryBatchWriter;
  let history: HistoryQueryService;
  const clock = new ManualClock(JAN_10);

  beforeAll(async () => {
    db = await createHistoryDatabase();
    ds = db.dataSource;
    writer = new HistoryBatchWriter(async () => ds);
    history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
    await new HistoryPartitions(async () => ds, { period: 'day', retentionDays: 30, clock }).maintain();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('carries key and parents through the event stream encoding, and a plain or scheduled job as before', () => {
    const [{ event }] = graphJob('d', JAN_10, ['b', 'c']).events;
    expect(decodeStreamEntry(encodeStreamEntry([event]))).toEqual([event]);
    const scheduled = { ...event, sn: 'nightly', sf: JAN_10 - 5 };
    expect(decodeStreamEntry(encodeStreamEntry([scheduled]))).toEqual([scheduled]);
    const { key: _key, dep: _dep, ...plain } = event;
    expect(decodeStreamEntry(encodeStreamEntry([plain]))).toEqual([plain]);
  });

  it("stores the edges with the jobs: an execution's graph is one query by execution_id, and the history read returns them", async () => {
    const jobs = [graphJob('a', JAN_10 + 10), graphJob('b', JAN_10 + 20, ['a']), graphJob('c', JAN_10 + 30, ['a']), graphJob('d', JAN_10 + 40, ['b', 'c'])];
    await writer.write(jobs.flatMap((j) => j.events));
    const rows = (await ds.query(`SELECT graph_key, depends_on, status FROM job_records WHERE execution_id = $1 ORDER BY graph_key`, [EXECUTION])) as unknown[];
    expect(rows).toEqual([
      { graph_key: 'a', depends_on: null, status: 'succeeded' },
      { graph_key: 'b', depends_on: ['a'], status: 'succeeded' },
      { graph_key: 'c', depends_on: ['a'], status: 'succeeded' },
      { graph_key: 'd', depends_on: ['b', 'c'], status: 'succeeded' },
    ]);
    await expect(history.findJob(jobs[3].id)).resolves.toMatchObject({ key: 'd', dependsOn: ['b', 'c'] });
  });

  it('takes the edges from an enqueued event that comes late, after the job ended', async () => {
    const job = graphJob('late', JAN_10 + 50, ['a']);
    const [enqueued, ...rest] = job.events;
    await writer.write(rest);
    await writer.write([enqueued]);
    await expect(history.findJob(job.id)).resolves.toMatchObject({ status: 'succeeded', key: 'late', dependsOn: ['a'] });
  });
});
