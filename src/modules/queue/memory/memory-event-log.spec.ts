import { JobEvent } from '../../../domain/job-event';
import { estimatedEventBytes, MemoryEventLog } from './memory-event-log';

const event = (id: string, at = 1): JobEvent => ({ k: 'enqueued', id, st: 'pending', att: 0, at });
/** Every event of these tests has an id of 3 characters, so each costs the same. */
const EVENT_BYTES = estimatedEventBytes(event('e00'));

describe('MemoryEventLog', () => {
  it('hands events out oldest first, each once', () => {
    const log = new MemoryEventLog();
    log.append('q', [event('a'), event('b')]);
    log.append('r', [event('c')]);
    expect(log.take(2)).toEqual([
      { queue: 'q', event: event('a') },
      { queue: 'q', event: event('b') },
    ]);
    expect(log.take(10)).toEqual([{ queue: 'r', event: event('c') }]);
    expect(log.take(10)).toEqual([]);
    expect(log.bytes).toBe(0);
  });

  it('estimates an event from its strings: a long error costs its length', () => {
    const plain: JobEvent = { k: 'failed', id: 'q-1', st: 'failed', att: 1, at: 1, w: 'w1', run: 1 };
    expect(estimatedEventBytes({ ...plain, err: 'x'.repeat(10_000) }) - estimatedEventBytes(plain)).toBe(24 + 10_000);
  });

  it('holds every event not taken, up to its byte budget, and drops the oldest past it as one gap per queue', () => {
    const log = new MemoryEventLog(4 * EVENT_BYTES);
    log.append('q', [event('e01', 10), event('e02', 11)]);
    log.append('r', [event('e03', 12)]);
    log.append('q', [event('e04', 13), event('e05', 14), event('e06', 15)]);
    expect(log.size).toBe(4);
    expect(log.bytes).toBe(4 * EVENT_BYTES);
    expect(log.dropped).toBe(2);
    expect(log.take(10).map((e) => e.event.id)).toEqual(['e03', 'e04', 'e05', 'e06']);
    expect(log.takeGaps()).toEqual([{ id: expect.stringMatching(/^memory-[0-9a-f]{12}:1$/), queue: 'q', fromMs: 10, toMs: 11, events: 2 }]);
    expect(log.takeGaps()).toEqual([]);
  });

  it('widens a gap the writer has not taken, and opens a new one after it was taken', () => {
    const log = new MemoryEventLog(EVENT_BYTES);
    log.append('q', [event('e01', 10), event('e02', 11), event('e03', 12)]);
    log.append('r', [event('e04', 13)]);
    const first = log.takeGaps();
    expect(first).toEqual([
      { id: expect.any(String), queue: 'q', fromMs: 10, toMs: 12, events: 3 },
    ]);
    log.append('r', [event('e05', 14)]);
    log.append('q', [event('e06', 15)]);
    const second = log.takeGaps();
    expect(second).toEqual([
      { id: expect.any(String), queue: 'r', fromMs: 13, toMs: 14, events: 2 },
    ]);
    expect(second[0].id).not.toBe(first[0].id);
    expect(log.take(10).map((e) => e.event.id)).toEqual(['e06']);
    // what upkeep reports: per queue, since it last asked, and the gap those events are in now
    expect(log.takeDropped('q')).toEqual([{ queue: 'q', events: 3, gap: { fromMs: 10, toMs: 12, events: 3 } }]);
    expect(log.takeDropped('r')).toEqual([{ queue: 'r', events: 2, gap: { fromMs: 13, toMs: 14, events: 2 } }]);
    expect(log.takeDropped('q')).toEqual([]);
  });

  it('counts every event once: taken, or in exactly one gap', () => {
    const log = new MemoryEventLog(5 * EVENT_BYTES);
    const taken: string[] = [];
    let gapped = 0;
    for (let i = 0; i < 500; i++) {
      log.append(i % 2 ? 'q' : 'r', [event(`e${String(i % 100).padStart(2, '0')}`, i)]);
      if (i % 7 === 6) {
        taken.push(...log.take(2).map((e) => e.event.id));
        gapped += log.takeGaps().reduce((n, gap) => n + gap.events, 0);
      }
    }
    taken.push(...log.take(1000).map((e) => e.event.id));
    gapped += log.takeGaps().reduce((n, gap) => n + gap.events, 0);
    expect(taken.length + gapped).toBe(500);
    expect(gapped).toBe(log.dropped);
  });

  it('refuses a budget that is not a positive whole number of bytes', () => {
    expect(() => new MemoryEventLog(0)).toThrow(RangeError);
    expect(() => new MemoryEventLog(1.5)).toThrow(RangeError);
  });

  it('takes HISTORY_BACKLOG_MAX_MB at its maximum, holding only what it was given', () => {
    const log = new MemoryEventLog(65_536 * 1024 * 1024);
    for (let i = 0; i < 3000; i++) log.append('q', [event(`e${i}`)]);
    expect(log.take(2000).map((e) => e.event.id)).toEqual(Array.from({ length: 2000 }, (_, i) => `e${i}`));
    log.append('q', [event('last')]);
    expect(log.size).toBe(1001);
    expect(log.take(5000).map((e) => e.event.id).slice(-2)).toEqual(['e2999', 'last']);
    expect(log.dropped).toBe(0);
  });
});
