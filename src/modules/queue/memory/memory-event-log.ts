import { JobEvent } from '../../../domain/job-event';

export interface QueuedJobEvent {
  queue: string;
  event: JobEvent;
}

export const DEFAULT_EVENTS_MAX_LEN = 100_000;

/**
 * The memory store's outbox: a bounded FIFO of job events that the history writer drains.
 * When full, the oldest events are dropped (as Redis `XADD MAXLEN` trims a stream) and counted,
 * so a missing consumer costs history, never memory or job throughput.
 */
export class MemoryEventLog {
  private readonly ring: Array<QueuedJobEvent | undefined>;
  private head = 0;
  private length = 0;
  private droppedCount = 0;

  constructor(readonly maxLen = DEFAULT_EVENTS_MAX_LEN) {
    if (!Number.isInteger(maxLen) || maxLen < 1) throw new RangeError(`eventsMaxLen must be a positive integer, got ${maxLen}`);
    this.ring = new Array<QueuedJobEvent | undefined>(maxLen);
  }

  get size(): number {
    return this.length;
  }

  /** Events dropped because the log was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  append(queue: string, events: JobEvent[]): void {
    for (const event of events) {
      if (this.length === this.maxLen) {
        this.head = (this.head + 1) % this.maxLen;
        this.length--;
        this.droppedCount++;
      }
      this.ring[(this.head + this.length) % this.maxLen] = { queue, event };
      this.length++;
    }
  }

  /** Removes and returns up to `max` events, oldest first. */
  take(max: number): QueuedJobEvent[] {
    const n = Math.max(0, Math.min(Math.floor(max), this.length));
    const out: QueuedJobEvent[] = new Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = this.ring[this.head] as QueuedJobEvent;
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.maxLen;
    }
    this.length -= n;
    return out;
  }
}
