import { InvalidJobSpecError } from '../../src/domain/errors';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { createHistoryDatabase } from '../support/postgres-database';
import { EventScript, T0, fixtureId, labelOf } from './job-event.fixtures';

describe('HistoryQueryService', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let history: HistoryQueryService;

  beforeAll(async () => {
    db = await createHistoryDatabase();
    history = new HistoryQueryService(new HistoryDatabase(db.dataSource, { migrate: false }));
    const writer = new HistoryBatchWriter(async () => db.dataSource);
    // 12 jobs, one a minute: queues a/b, types x/y, every third failed.
    const events = [];
    for (let i = 0; i < 12; i++) {
      const t = T0 + i * 60_000;
      const queue = i % 2 ? 'b' : 'a';
      const s = new EventScript(queue, fixtureId(queue, `job-${String(i).padStart(2, '0')}`, t), t)
        .add({ k: 'enqueued', st: 'pending', att: 0, at: t, type: i % 4 < 2 ? 'x' : 'y', prio: 0, ctime: t, max: 1 });
      if (i % 3 === 0) s.add({ k: 'claimed', st: 'running', att: 1, at: t + 1, w: 'w' }).add({ k: 'failed', st: 'failed', att: 1, at: t + 2, w: 'w', err: 'no' });
      events.push(...s.events);
    }
    await writer.write(events);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const ids = (page: { items: Array<{ id: string }> }) => page.items.map((j) => labelOf(j.id));

  it('lists newest first and pages with the cursor to the end', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await history.listJobs({ limit: 5, cursor });
      seen.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `job-${String(11 - i).padStart(2, '0')}`));
  });

  it('filters by queue, status, type and a created_at range [from, to)', async () => {
    expect(ids(await history.listJobs({ queue: 'a', status: 'failed' }))).toEqual(['job-06', 'job-00']);
    expect(ids(await history.listJobs({ queue: 'b', type: 'y' }))).toEqual(['job-11', 'job-07', 'job-03']);
    expect(ids(await history.listJobs({ from: T0 + 2 * 60_000, to: T0 + 5 * 60_000 }))).toEqual(['job-04', 'job-03', 'job-02']);
  });

  it('refuses a cursor it did not make', async () => {
    await expect(history.listJobs({ cursor: 'garbage' })).rejects.toBeInstanceOf(InvalidJobSpecError);
  });
});
