import { JobEvent } from '../../../domain/job-event';
import { decodeGapEntry, decodeStreamEntry, encodeStreamEntry, EVENT_SEP } from './stream-entry-codec';

describe('stream entry codec', () => {
  const at = 1_900_000_000_123;
  const events: JobEvent[] = [
    { k: 'enqueued', id: 'q-1', st: 'scheduled', att: 0, at, type: 'mail.send', prio: -2, ctime: at, max: 7, exec: 'q-E' },
    { k: 'claimed', id: 'q-1', st: 'running', att: 1, at, w: 'host-1-ab', run: 1 },
    { k: 'retry_scheduled', id: 'q-1', st: 'scheduled', att: 1, at, w: 'host-1-ab', run: 1, err: `a${EVENT_SEP}b\nc|d` },
    { k: 'succeeded', id: 'q-2', st: 'succeeded', att: 2, at, w: 'w', run: 12, res: '{"a":"x\u001fy"}' },
    { k: 'succeeded', id: 'q-3', st: 'succeeded', att: 1, at, w: 'w', run: 3 },
    { k: 'released', id: 'q-3', st: 'pending', att: 0, at, w: 'w', run: 4 },
    { k: 'cancelled', id: 'q-4', st: 'cancelled', att: 0, at },
    { k: 'retried', id: 'q-5', st: 'pending', att: 0, at },
    { k: 'enqueued', id: 'q-6', st: 'pending', att: 0, at, type: 'report', prio: 0, ctime: at, max: 3, sn: 'nightly', sf: 1_899_999_000_000 },
    { k: 'enqueued', id: 'q-7', st: 'pending', att: 0, at, type: 'report', prio: 0, ctime: at, max: 3, exec: 'q-E', sn: 'hourly', sf: 0 },
  ];

  it('round-trips every field, error and result text included', () => {
    expect(decodeStreamEntry(encodeStreamEntry(events))).toEqual(events);
  });

  it('reads entries written before run numbers, whatever their text looks like', () => {
    const old = (...p: string[]) => p.join(EVENT_SEP);
    expect(decodeStreamEntry(['at', String(at), 'claimed', old('q-1', 'running', '1', 'w'), 'failed', old('q-1', 'failed', '1', 'w', '7'), 'succeeded', old('q-2', 'succeeded', '1', 'w', `3${EVENT_SEP}{}`)])).toEqual([
      { k: 'claimed', id: 'q-1', st: 'running', att: 1, at, w: 'w' },
      { k: 'failed', id: 'q-1', st: 'failed', att: 1, at, w: 'w', err: '7' },
      { k: 'succeeded', id: 'q-2', st: 'succeeded', att: 1, at, w: 'w', res: `3${EVENT_SEP}{}` },
    ]);
  });

  it("writes a schedule after the type, and nothing more for a job without one (as before schedules)", () => {
    const [enqueued, , , , , , , , scheduled] = events;
    expect(encodeStreamEntry([enqueued])[3].split(EVENT_SEP)).toEqual(['q-1', 'scheduled', '0', '', '-2', '7', 'q-E', 'mail.send']);
    expect(encodeStreamEntry([scheduled])[3].split(EVENT_SEP)).toEqual(['q-6', 'pending', '0', '', '0', '3', '', 'report', 'nightly', '1899999000000']);
  });

  it('leaves out a schedule whose fire time does not read, keeping the enqueue', () => {
    const value = ['q-1', 'pending', '0', '', '0', '3', '', 'report', 'nightly', 'soon'].join(EVENT_SEP);
    expect(decodeStreamEntry(['t', String(at), 'enqueued', value])).toEqual([
      { k: 'enqueued', id: 'q-1', st: 'pending', att: 0, at, type: 'report', prio: 0, ctime: at, max: 3 },
    ]);
  });

  it('still reads the older JSON form', () => {
    expect(decodeStreamEntry(['e', JSON.stringify(events)])).toEqual(events);
  });

  it('marks what does not decode', () => {
    expect(decodeStreamEntry(['x', '1'])).toBeUndefined();
    expect(decodeStreamEntry(['e', 'not json'])).toBeUndefined();
    // a schedule is both fields or neither
    expect(decodeStreamEntry(['e', JSON.stringify([{ ...events[0], sn: 'nightly' }])])).toEqual([undefined]);
    expect(decodeStreamEntry(['at', String(at), 'claimed', 'q-1'])).toEqual([undefined]);
    expect(decodeStreamEntry(['at', String(at), 'bogus', `q-1${EVENT_SEP}pending${EVENT_SEP}0${EVENT_SEP}`])).toEqual([undefined]);
    expect(decodeStreamEntry(['at', String(at), 'enqueued', `q-1${EVENT_SEP}pending${EVENT_SEP}0`])).toEqual([undefined]);
    expect(decodeStreamEntry(['t', String(at), 'claimed', `q-1${EVENT_SEP}running${EVENT_SEP}1`])).toEqual([undefined]);
    expect(decodeStreamEntry(['t', String(at), 'claimed', `q-1${EVENT_SEP}running${EVENT_SEP}1${EVENT_SEP}w${EVENT_SEP}x`])).toEqual([undefined]);
  });

  it('reads a gap entry (events-trim.lua) and nothing else as one', () => {
    expect(decodeGapEntry(['gap', '1893456000000,1893456060000,2700'])).toEqual({ fromMs: 1_893_456_000_000, toMs: 1_893_456_060_000, events: 2700 });
    expect(decodeGapEntry(encodeStreamEntry(events))).toBeUndefined();
    expect(decodeGapEntry(['gap', '1,2'])).toBeUndefined();
    expect(decodeGapEntry(['gap', '1,2,-3'])).toBeUndefined();
    // a gap entry is no events entry: the writer does not drop it as undecodable
    expect(decodeStreamEntry(['gap', '1,2,3'])).toBeUndefined();
  });
});
