import { JobEvent } from '../../../domain/job-event';
import { eventVersion } from '../../queue';
import { attemptOf, foldJobEvents } from './job-history-fold';

const ev = (e: Partial<JobEvent> & Pick<JobEvent, 'k' | 'st' | 'att'>): JobEvent => ({ id: 'q-1', at: 1_000, ...e });

describe('foldJobEvents', () => {
  it('names the attempt each event starts or ends', () => {
    expect(attemptOf(ev({ k: 'claimed', st: 'running', att: 2, w: 'w' }))).toBe(2);
    expect(attemptOf(ev({ k: 'released', st: 'pending', att: 1, w: 'w' }))).toBe(2);
    expect(attemptOf(ev({ k: 'expired', st: 'pending', att: 2, w: 'w', err: 'lease expired' }))).toBe(2);
    expect(attemptOf(ev({ k: 'cancelled', st: 'cancelled', att: 0 }))).toBeUndefined();
    expect(attemptOf(ev({ k: 'failed', st: 'failed', att: 0, err: 'malformed job record' }))).toBeUndefined();
    expect(attemptOf(ev({ k: 'promoted', st: 'pending', att: 1 }))).toBeUndefined();
  });

  it('folds a batch into one row per job and per attempt, in position order whatever the input order', () => {
    const items = [
      { queue: 'q', version: eventVersion(5, 0, 1), event: ev({ k: 'succeeded', st: 'succeeded', att: 1, at: 3_000, w: 'w', res: '[1]' }) },
      { queue: 'q', version: eventVersion(5, 0, 0), event: ev({ k: 'claimed', st: 'running', att: 1, at: 2_000, w: 'w' }) },
      { queue: 'q', version: eventVersion(4, 0, 0), event: ev({ k: 'enqueued', st: 'pending', att: 0, type: 't', prio: 1, ctime: 1_000, max: 3 }) },
    ];
    const rows = foldJobEvents(items);
    expect(rows.records).toHaveLength(1);
    expect(rows.records[0]).toMatchObject({ status: 'succeeded', type: 't', result: [1], worker_id: 'w', version: eventVersion(5, 0, 1).toString() });
    expect(rows.attempts).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'succeeded', claim_version: eventVersion(5, 0, 0).toString() }),
    ]);
  });

  it("takes a job's schedule from its enqueued event, and leaves it out of the row of a job without one", () => {
    const enqueued = { k: 'enqueued', st: 'pending', att: 0, type: 't', prio: 0, ctime: 1_000, max: 3 } as const;
    const rows = foldJobEvents([
      { queue: 'q', version: 1n, event: ev({ ...enqueued, sn: 'nightly', sf: 900 }) },
      { queue: 'q', version: 2n, event: ev({ k: 'claimed', st: 'running', att: 1, w: 'w', run: 1 }) },
      { queue: 'q', version: 3n, event: ev({ ...enqueued, id: 'q-2' }) },
    ]);
    expect(rows.records[0]).toMatchObject({ id: 'q-1', status: 'running', schedule_name: 'nightly', schedule_fire_at: 900 });
    expect(rows.records[1]).not.toHaveProperty('schedule_name');
    expect(rows.records[1]).not.toHaveProperty('schedule_fire_at');
  });

  it('shows an attempt as running when its only end predates its latest claim', () => {
    const rows = foldJobEvents([
      { queue: 'q', version: 1n, event: ev({ k: 'released', st: 'pending', att: 0, w: 'a' }) },
      { queue: 'q', version: 2n, event: ev({ k: 'claimed', st: 'running', att: 1, w: 'b' }) },
    ]);
    expect(rows.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'running', worker_id: 'b', finished_at: null })]);
  });

  it('keeps a released-then-reclaimed attempt and an API-retried job\'s attempts as rows of their own, by run', () => {
    const seq = [
      ev({ k: 'claimed', st: 'running', att: 1, w: 'a', run: 1 }),
      ev({ k: 'released', st: 'pending', att: 0, w: 'a', run: 1 }),
      ev({ k: 'claimed', st: 'running', att: 1, w: 'b', run: 2 }),
      ev({ k: 'failed', st: 'failed', att: 1, w: 'b', run: 2, err: 'boom' }),
      ev({ k: 'retried', st: 'pending', att: 0 }),
      ev({ k: 'claimed', st: 'running', att: 1, w: 'c', run: 3 }),
      ev({ k: 'succeeded', st: 'succeeded', att: 1, w: 'c', run: 3, res: '1' }),
    ];
    const rows = foldJobEvents(seq.map((event, i) => ({ queue: 'q', version: BigInt(i + 1), event })));
    // run 3 succeeded, claimed and ended in this batch: the job's row holds it (no row of its own)
    expect(rows.attempts.map((a) => [a.run, a.attempt, a.worker_id, a.outcome, a.error])).toEqual([
      [1, 1, 'a', 'released', null],
      [2, 1, 'b', 'failed', 'boom'],
    ]);
    expect(rows.records[0]).toMatchObject({ status: 'succeeded', attempts: 1, worker_id: 'c' });
  });

  it('writes a successful attempt of its own when its claim came in an earlier batch, or it carries no run', () => {
    const claim = ev({ k: 'claimed', st: 'running', att: 1, w: 'a', run: 1 });
    const done = ev({ k: 'succeeded', st: 'succeeded', att: 1, w: 'a', run: 1, res: '1' });
    expect(foldJobEvents([{ queue: 'q', version: 2n, event: done }]).attempts).toEqual([expect.objectContaining({ run: 1, outcome: 'succeeded' })]);
    const { run: _a, ...oldClaim } = claim;
    const { run: _b, ...oldDone } = done;
    expect(foldJobEvents([{ queue: 'q', version: 1n, event: oldClaim }, { queue: 'q', version: 2n, event: oldDone }]).attempts)
      .toEqual([expect.objectContaining({ run: 1, outcome: 'succeeded' })]);
    expect(foldJobEvents([{ queue: 'q', version: 1n, event: claim }, { queue: 'q', version: 2n, event: done }]).attempts).toEqual([]);
  });

  it('keys an end carrying a run number by it, worker or not, and older events by their attempt number', () => {
    expect(foldJobEvents([{ queue: 'q', version: 1n, event: ev({ k: 'expired', st: 'pending', att: 2, run: 5, err: 'lease expired' }) }]).attempts)
      .toEqual([expect.objectContaining({ run: 5, attempt: 2, outcome: 'expired' })]);
    expect(foldJobEvents([{ queue: 'q', version: 1n, event: ev({ k: 'released', st: 'pending', att: 1, w: 'a' }) }]).attempts)
      .toEqual([expect.objectContaining({ run: 2, attempt: 2, outcome: 'released' })]);
  });
});
