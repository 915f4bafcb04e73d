import { JobEvent } from '../../../domain/job-event';
import { MemoryEventLog } from './memory-event-log';

const event = (id: string): JobEvent => ({ k: 'enqueued', id, st: 'pending', att: 0, at: 1 });

describe('MemoryEventLog', () => {
  it('hands events out oldest first, each once', () => {
    const log = new MemoryEventLog(10);
    log.append('q', [event('a'), event('b')]);
    log.append('r', [event('c')]);
    expect(log.take(2)).toEqual([
      { queue: 'q', event: event('a') },
      { queue: 'q', event: event('b') },
    ]);
    expect(log.take(10)).toEqual([{ queue: 'r', event: event('c') }]);
    expect(log.take(10)).toEqual([]);
  });

  it('drops the oldest events when full and counts them', () => {
    const log = new MemoryEventLog(3);
    log.append('q', ['a', 'b', 'c', 'd', 'e'].map(event));
    expect(log.size).toBe(3);
    expect(log.dropped).toBe(2);
    expect(log.take(10).map((e) => e.event.id)).toEqual(['c', 'd', 'e']);
  });

  it('wraps around its ring many times', () => {
    const log = new MemoryEventLog(4);
    const seen: string[] = [];
    for (let i = 0; i < 50; i++) {
      log.append('q', [event(`e${i}`)]);
      if (i % 3 === 2) seen.push(...log.take(2).map((e) => e.event.id));
    }
    seen.push(...log.take(100).map((e) => e.event.id));
    const order = seen.map((id) => Number(id.slice(1)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
    expect(order[order.length - 1]).toBe(49);
    expect(seen.length + log.dropped).toBe(50);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new MemoryEventLog(0)).toThrow(RangeError);
  });

  it('takes EVENTS_MAXLEN at its maximum, holding only what it was given', () => {
    const log = new MemoryEventLog(100_000_000);
    for (let i = 0; i < 3000; i++) log.append('q', [event(`e${i}`)]);
    expect(log.take(2000).map((e) => e.event.id)).toEqual(Array.from({ length: 2000 }, (_, i) => `e${i}`));
    log.append('q', [event('last')]);
    expect(log.size).toBe(1001);
    expect(log.take(5000).map((e) => e.event.id).slice(-2)).toEqual(['e2999', 'last']);
    expect(log.dropped).toBe(0);
  });
});
