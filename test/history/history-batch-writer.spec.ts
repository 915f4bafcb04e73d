import { DataSource } from 'typeorm';
import { HistoryBatchWriter } from '../../src/modules/history/writer/history-batch-writer';
import { SourcedJobEvent } from '../../src/modules/queue/events/job-event-source';
import { createHistoryDatabase } from '../support/postgres-database';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { EventScript, T0, everyKindScript, fixtureId, shuffled } from './job-event.fixtures';

/** A claimq-made id for a label (`mail-every-kind` in queue mail), at T0 unless told. */
const fid = (label: string, at = T0) => fixtureId(label.slice(0, label.indexOf('-')), label, at);

const statements: string[] = [];
const captureLogger = {
  logQuery: (query: string) => void statements.push(query),
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};

describe('HistoryBatchWriter (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let ds: DataSource;
  let writer: HistoryBatchWriter;
  let history: HistoryQueryService;

  beforeAll(async () => {
    db = await createHistoryDatabase(undefined, captureLogger);
    ds = db.dataSource;
    writer = new HistoryBatchWriter(async () => ds);
    history = new HistoryQueryService(new HistoryDatabase(ds, { migrate: false }));
  });
  afterAll(async () => {
    await db?.drop();
  });

  const record = async (id: string) => (await ds.query(`SELECT * FROM job_records WHERE id = $1`, [id]))[0];
  /** Attempts as history shows them (a successful attempt of one batch is held by the job's row). */
  const attempts = async (id: string) =>
    (await history.listAttempts(id)).map((a) => ({
      run: a.run, attempt: a.attempt, worker_id: a.workerId ?? null, outcome: a.outcome, error: a.error ?? null,
      started_at: a.startedAt === undefined ? null : new Date(a.startedAt), finished_at: a.finishedAt === undefined ? null : new Date(a.finishedAt),
    }));

  it('records the state after every kind of event, one event per batch', async () => {
    const script = everyKindScript('mail', fid('mail-every-kind'));
    for (const item of script.events) {
      await writer.write([item]);
      const row = await record(item.event.id);
      expect({ kind: item.event.k, status: row.status, attempts: row.attempts, updated: row.updated_at.getTime() }).toEqual({
        kind: item.event.k,
        status: item.event.st,
        attempts: item.event.att,
        updated: item.event.at,
      });
    }
    const row = await record(fid('mail-every-kind'));
    expect(row).toMatchObject({
      queue: 'mail', type: 'email', status: 'succeeded', attempts: 1, max_attempts: 3, priority: 5,
      worker_id: 'w5', result: { sent: true, n: 2 }, last_error: 'boom 3', execution_id: 'exec-1',
    });
    expect(row.created_at.getTime()).toBe(T0);
    expect(row.started_at.getTime()).toBe(script.events[13].event.at);
    expect(row.finished_at.getTime()).toBe(script.events[14].event.at);

    // Attempt 2 is used again after the release and attempt 1 after the API retry: every run keeps its row.
    const rows = await attempts(fid('mail-every-kind'));
    expect(rows.map((a: Record<string, unknown>) => [a.run, a.attempt, a.worker_id, a.outcome, a.error])).toEqual([
      [1, 1, 'w1', 'failed', 'boom 1'],
      [2, 2, 'w2', 'released', null],
      [3, 2, 'w3', 'expired', 'lease expired'],
      [4, 3, 'w4', 'failed', 'boom 3'],
      [5, 1, 'w5', 'succeeded', null],
    ]);
    for (const a of rows) expect(a.started_at!.getTime()).toBeLessThan(a.finished_at!.getTime());
  });

  it('keys events written before run numbers by attempt number, the newest claim of a number winning', async () => {
    await writer.write(everyKindScript('mail', fid('mail-legacy'), false).events);
    const rows = await attempts(fid('mail-legacy'));
    expect(rows.map((a: Record<string, unknown>) => [a.run, a.attempt, a.worker_id, a.outcome, a.error])).toEqual([
      [1, 1, 'w5', 'succeeded', null],
      [2, 2, 'w3', 'expired', 'lease expired'],
      [3, 3, 'w4', 'failed', 'boom 3'],
    ]);
  });

  it('records a failed-for-good attempt, a retry, a release and a cancel of a running job', async () => {
    const s = new EventScript('q', fid('q-running-cancel'))
      .add({ k: 'enqueued', st: 'pending', att: 0, at: T0, type: 't', prio: 0, ctime: T0, max: 5 })
      .add({ k: 'claimed', st: 'running', att: 1, at: T0 + 1, w: 'a' })
      .add({ k: 'retry_scheduled', st: 'pending', att: 1, at: T0 + 2, w: 'a', err: 'e1' })
      .add({ k: 'claimed', st: 'running', att: 2, at: T0 + 3, w: 'b' })
      .add({ k: 'released', st: 'pending', att: 1, at: T0 + 4, w: 'b' })
      .add({ k: 'claimed', st: 'running', att: 2, at: T0 + 5, w: 'c' })
      .add({ k: 'cancel_requested', st: 'running', att: 2, at: T0 + 6, w: 'c' })
      .add({ k: 'cancelled', st: 'cancelled', att: 2, at: T0 + 7, w: 'c', err: 'aborted' });
    const p = new EventScript('q', fid('q-pending-cancel'))
      .add({ k: 'enqueued', st: 'pending', att: 0, at: T0, type: 't', prio: 0, ctime: T0, max: 5 })
      .add({ k: 'cancelled', st: 'cancelled', att: 0, at: T0 + 9 });
    const m = new EventScript('q', fid('q-malformed')).add({ k: 'failed', st: 'failed', att: 0, at: T0 + 3, err: 'malformed job record: type' });
    await writer.write([...s.events, ...p.events, ...m.events]);

    expect(await record(fid('q-running-cancel'))).toMatchObject({ status: 'cancelled', attempts: 2, last_error: 'aborted', worker_id: 'c' });
    expect((await attempts(fid('q-running-cancel'))).map((a: Record<string, unknown>) => [a.attempt, a.worker_id, a.outcome, a.error])).toEqual([
      [1, 'a', 'failed', 'e1'],
      [2, 'c', 'cancelled', 'aborted'],
    ]);
    // The same job with run numbers: the released attempt keeps its row.
    const runs = new EventScript('q', fid('q-running-cancel-runs'))
      .add({ k: 'claimed', st: 'running', att: 1, at: T0 + 1, w: 'a', run: 1 })
      .add({ k: 'retry_scheduled', st: 'pending', att: 1, at: T0 + 2, w: 'a', run: 1, err: 'e1' })
      .add({ k: 'claimed', st: 'running', att: 2, at: T0 + 3, w: 'b', run: 2 })
      .add({ k: 'released', st: 'pending', att: 1, at: T0 + 4, w: 'b', run: 2 })
      .add({ k: 'claimed', st: 'running', att: 2, at: T0 + 5, w: 'c', run: 3 })
      .add({ k: 'cancelled', st: 'cancelled', att: 2, at: T0 + 7, w: 'c', run: 3, err: 'aborted' });
    await writer.write(runs.events);
    expect((await attempts(fid('q-running-cancel-runs'))).map((a: Record<string, unknown>) => [a.run, a.attempt, a.worker_id, a.outcome])).toEqual([
      [1, 1, 'a', 'failed'],
      [2, 2, 'b', 'released'],
      [3, 2, 'c', 'cancelled'],
    ]);
    const pending = await record(fid('q-pending-cancel'));
    expect(pending).toMatchObject({ status: 'cancelled', attempts: 0, worker_id: null, started_at: null });
    expect(pending.finished_at.getTime()).toBe(T0 + 9);
    expect(await attempts(fid('q-pending-cancel'))).toEqual([]);
    // Seen without its enqueue: type unknown; created_at is the time in its id all the same.
    const malformed = await record(fid('q-malformed'));
    expect(malformed).toMatchObject({ status: 'failed', type: null, last_error: 'malformed job record: type' });
    expect(malformed.created_at.getTime()).toBe(T0);
    expect(await attempts(fid('q-malformed'))).toEqual([]);
  });

  it('ends in the same rows whatever the delivery order, batching and duplicates', async () => {
    // what history shows, which is what must not depend on delivery (a successful attempt is a row
    // of its own or held by the job's row, depending on whether one batch saw its claim and end)
    const snapshot = async (id: string) => {
      const { id: _id, ...record } = (await history.findJob(id))!;
      return { record, attempts: (await history.listAttempts(id)).map(({ jobId: _jobId, ...rest }) => rest) };
    };
    await writer.write(everyKindScript('mail', fid('mail-in-order')).events);
    const expected = await snapshot(fid('mail-in-order'));

    for (let seed = 1; seed <= 25; seed++) {
      const id = fid(`mail-shuffled-${seed}`);
      const events = everyKindScript('mail', id).events;
      const delivered = shuffled([...events, ...shuffled(events, seed * 7).slice(0, seed % 6)], seed);
      let i = 0;
      while (i < delivered.length) {
        const size = 1 + ((seed * 31 + i) % 5);
        await writer.write(delivered.slice(i, i + size));
        i += size;
      }
      await expect(snapshot(id)).resolves.toEqual(expected);
    }
  });

  it('writes a batch of 500 events with one statement per table', async () => {
    const events: SourcedJobEvent[] = [];
    for (let j = 0; j < 34; j++) events.push(...everyKindScript('bulk', fid(`bulk-${j}`)).events);
    const batch = events.slice(0, 500);
    statements.length = 0;
    const report = await writer.write(batch);
    const inserts = statements.filter((q) => /^\s*INSERT/i.test(q));
    expect(inserts).toHaveLength(2);
    expect(inserts[0]).toMatch(/INSERT INTO job_records/);
    expect(inserts[1]).toMatch(/INSERT INTO job_attempts/);
    expect(report.records).toBe(34);
    expect((await ds.query(`SELECT count(*)::int AS n FROM job_records WHERE queue = 'bulk'`))[0].n).toBe(34);
  });

  it('stores a result without U+0000, in its keys too, and keeps the text "\\u0000" and backslashes', async () => {
    const result = { ['k\u0000']: 'a\\u0000b', v: 'x\u0000y', path: 'C:\\tmp\\\u0000' };
    const script = new EventScript('nul', fid('nul-result'))
      .add({ k: 'enqueued', st: 'pending', att: 0, at: T0, type: 't', prio: 0, ctime: T0, max: 3 })
      .add({ k: 'claimed', st: 'running', att: 1, at: T0 + 1, w: 'w', run: 1 })
      .add({ k: 'succeeded', st: 'succeeded', att: 1, at: T0 + 2, w: 'w', run: 1, res: JSON.stringify(result) });
    expect((await writer.write(script.events)).rejected).toEqual([]);
    expect((await record(fid('nul-result'))).result).toEqual({ k: 'a\\u0000b', v: 'xy', path: 'C:\\tmp\\' });
  });

  it('skips a job whose event Postgres refuses and stores the rest of the batch', async () => {
    const good = new EventScript('odd', fid('odd-good'))
      .add({ k: 'enqueued', st: 'pending', att: 0, at: T0, type: 't', prio: 0, ctime: T0, max: 3 })
      .add({ k: 'claimed', st: 'running', att: 1, at: T0 + 1, w: 'w' })
      .add({ k: 'failed', st: 'failed', att: 1, at: T0 + 2, w: 'w', err: 'nul \u0000 inside' });
    const bad = new EventScript('odd', fid('odd-bad')).add({ k: 'claimed', st: 'running', att: 2 ** 40, at: T0, w: 'w' });
    const report = await writer.write([...good.events, ...bad.events]);
    expect(report.rejected.map((r) => r.jobId)).toEqual([fid('odd-bad')]);
    expect(await record(fid('odd-good'))).toMatchObject({ status: 'failed', last_error: 'nul  inside' });
    expect(await record(fid('odd-bad'))).toBeUndefined();
  });

  describe('progress and log lines', () => {
    const KEEP = 3;
    const logged = async (id: string) =>
      ((await ds.query(`SELECT seq, run, line FROM job_logs WHERE job_id = $1 ORDER BY seq`, [id])) as Array<{ seq: number; run: number; line: string }>).map(
        (r) => `${r.run}:${r.seq} ${r.line}`,
      );
    /** A job that reports in two attempts: progress and 2 + 1 lines in run 1, then 3 lines and progress in run 2. */
    function reportingJob(label: string): EventScript {
      const log = (first: number, ...lines: string[]) => JSON.stringify([first, ...lines]);
      return new EventScript('rep', fid(label))
        .add({ k: 'enqueued', st: 'pending', att: 0, at: T0, type: 't', prio: 0, ctime: T0, max: 3 })
        .add({ k: 'claimed', st: 'running', att: 1, at: T0 + 1, w: 'w1', run: 1 })
        .add({ k: 'progress', st: 'running', att: 1, at: T0 + 2, w: 'w1', run: 1, data: '{"pct":50}' })
        .add({ k: 'log', st: 'running', att: 1, at: T0 + 3, w: 'w1', run: 1, data: log(1, 'a', 'b') })
        .add({ k: 'log', st: 'running', att: 1, at: T0 + 4, w: 'w1', run: 1, data: log(3, 'c') })
        .add({ k: 'retry_scheduled', st: 'scheduled', att: 1, at: T0 + 5, w: 'w1', run: 1, err: 'boom' })
        .add({ k: 'claimed', st: 'running', att: 2, at: T0 + 6, w: 'w2', run: 2 })
        .add({ k: 'log', st: 'running', att: 2, at: T0 + 7, w: 'w2', run: 2, data: log(4, 'd', 'e', 'f') })
        .add({ k: 'progress', st: 'running', att: 2, at: T0 + 8, w: 'w2', run: 2, data: '7' })
        .add({ k: 'succeeded', st: 'succeeded', att: 2, at: T0 + 9, w: 'w2', run: 2, res: '"ok"' });
    }

    it("keeps each attempt's latest progress and the job's newest lines, across batches, once however often delivered", async () => {
      const keeping = new HistoryBatchWriter(async () => ds, { logLines: KEEP });
      const script = reportingJob('rep-batches');
      // one event per batch, then all of them again (a redelivery)
      for (const item of script.events) await keeping.write([item]);
      await keeping.write(script.events);
      const id = script.id;
      expect(await logged(id)).toEqual(['2:4 d', '2:5 e', '2:6 f']);
      expect(await record(id)).toMatchObject({ status: 'succeeded', progress: 7, log_lines: 6, result: 'ok' });
      expect((await history.listAttempts(id)).map((a) => [a.run, a.outcome, a.progress, a.progressAt])).toEqual([
        [1, 'failed', { pct: 50 }, T0 + 2],
        [2, 'succeeded', 7, T0 + 8],
      ]);
      await expect(history.logs(id, 1, 2)).resolves.toEqual({
        total: 6,
        firstKept: 4,
        lines: [{ seq: 4, at: T0 + 7, line: 'd' }, { seq: 5, at: T0 + 7, line: 'e' }],
      });
      await expect(history.findJob(id)).resolves.toMatchObject({ progress: 7, progressAt: T0 + 8, logLines: 6 });
    });

    it('ends in the same rows in one batch, shuffled, with a report that changes no state', async () => {
      const keeping = new HistoryBatchWriter(async () => ds, { logLines: KEEP });
      const script = reportingJob('rep-one');
      await keeping.write(shuffled(script.events, 7));
      expect(await logged(script.id)).toEqual(['2:4 d', '2:5 e', '2:6 f']);
      // the successful attempt, claimed and ended in this batch, is held by the job's row, its progress too
      expect((await history.listAttempts(script.id)).map((a) => [a.run, a.outcome, a.progress])).toEqual([
        [1, 'failed', { pct: 50 }],
        [2, 'succeeded', 7],
      ]);
      // a report delivered late (after the success) takes no state and no newer progress
      const row = await record(script.id);
      await keeping.write([script.events[2]]);
      expect(await record(script.id)).toEqual(row);
    });

    it('counts lines without keeping any with JOB_LOG_LINES=0, and makes a row of a job whose reports alone it saw', async () => {
      const counting = new HistoryBatchWriter(async () => ds, { logLines: 0 });
      const script = reportingJob('rep-none');
      const reports = script.events.filter((e) => e.event.k === 'log' || e.event.k === 'progress');
      await counting.write(reports);
      expect(await logged(script.id)).toEqual([]);
      expect(await record(script.id)).toMatchObject({ status: 'running', attempts: 1, log_lines: 6, progress: 7 });
      await counting.write(script.events);
      expect(await record(script.id)).toMatchObject({ status: 'succeeded', log_lines: 6, progress: 7, type: 't' });
      await expect(history.logs(script.id, 1, 10)).resolves.toEqual({ total: 6, firstKept: 7, lines: [] });
      await expect(history.logs(fid('rep-unknown'), 1, 10)).resolves.toBeNull();
    });
  });
});
