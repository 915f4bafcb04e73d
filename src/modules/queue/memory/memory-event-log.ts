import { JobEvent } from '../../../domain/job-event';

export interface QueuedJobEvent {
  queue: string;
  event: JobEvent;
}

export const DEFAULT_EVENTS_MAX_LEN = 100_000;

/**
 * The memory store's outbox: a bounded FIFO of job events that the history writer drains.
 * When full, the oldest events are dropped (as Redis `XADD MAXLEN` trims a stream) and counted,
 * so a missing consumer costs history, never memory or job throughput. It holds only what it was
 * given: nothing is allocated up front, so a capacity of 100,000,000 (EVENTS_MAXLEN's maximum)
 * costs nothing until events come.
 */
export class MemoryEventLog {
  /** Events from `head` on are queued; the slots before it were taken and are reclaimed in bulk. */
  private items: Array<QueuedJobEvent | undefined> = [];
  private head = 0;
  private droppedCount = 0;

  constructor(readonly maxLen = DEFAULT_EVENTS_MAX_LEN) {
    if (!Number.isInteger(maxLen) || maxLen < 1) throw new RangeError(`eventsMaxLen must be a positive integer, got ${maxLen}`);
  }

  get size(): number {
    return this.items.length - this.head;
  }

  /** Events dropped because the log was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  append(queue: string, events: JobEvent[]): void {
    for (const event of events) this.items.push({ queue, event });
    const over = this.size - this.maxLen;
    if (over > 0) {
      this.advance(over);
      this.droppedCount += over;
    }
  }

  /** Removes and returns up to `max` events, oldest first. */
  take(max: number): QueuedJobEvent[] {
    const n = Math.max(0, Math.min(Math.floor(max), this.size));
    const out = this.items.slice(this.head, this.head + n) as QueuedJobEvent[];
    this.advance(n);
    return out;
  }

  /** Forgets the n oldest events; the array is compacted once most of it is behind the head. */
  private advance(n: number): void {
    for (let i = this.head; i < this.head + n; i++) this.items[i] = undefined;
    this.head += n;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
