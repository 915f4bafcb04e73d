import { randomBytes } from 'node:crypto';
import { JobEvent } from '../../../domain/job-event';
import { HistoryGap } from '../events/job-event-source';
import { DroppedEvents } from '../upkeep-store';

export interface QueuedJobEvent {
  queue: string;
  event: JobEvent;
}

/** HISTORY_BACKLOG_MAX_MB's default, in bytes. */
export const DEFAULT_EVENT_LOG_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * What an event costs the heap, about: 200 bytes for the event, its wrapper, its slot and its
 * numbers (V8 keeps the times as heap numbers), plus 24 + length per string. Measured with
 * `node --expose-gc` on Node 26: 146 bytes (a `claimed` event whose id shares the job's string) to
 * 298 (an `enqueued` event with strings of its own) and 410 (a `succeeded` with a 200-character
 * result). The estimate counts every string as the event's own, so it errs high while the job
 * lives (its id and type are shared with the record), and is within 10% when the event is the
 * last holder.
 */
export function estimatedEventBytes(event: JobEvent): number {
  let bytes = 200 + 24 + event.id.length;
  for (const text of [event.w, event.type, event.exec, event.sn, event.err, event.res]) if (text !== undefined) bytes += 24 + text.length;
  return bytes;
}

/**
 * The memory store's outbox: a FIFO of job events that the history writer drains. It holds every
 * event the writer has not taken, up to `maxBytes` (estimatedEventBytes); past it the oldest are
 * dropped, and each queue's drops are recorded as a gap (its time range and exact count) that the
 * writer takes with the next batch (takeGaps) and stores, and that upkeep reports (takeDropped).
 * Drops of a queue whose gap the writer has not taken yet widen that gap, so each dropped event
 * is counted in exactly one gap. It holds only what it was given: nothing is allocated up front.
 */
export class MemoryEventLog {
  /** Events from `head` on are queued; the slots before it were taken and are reclaimed in bulk. */
  private items: Array<QueuedJobEvent | undefined> = [];
  private head = 0;
  private heldBytes = 0;
  private droppedCount = 0;
  /** Per queue: the events held. */
  private readonly heldByQueue = new Map<string, number>();
  /** Per queue: the gap the writer has not taken yet. */
  private readonly openGaps = new Map<string, HistoryGap>();
  /** Per queue: events dropped since upkeep last asked, and the gap they are in. */
  private readonly unreported = new Map<string, DroppedEvents>();
  /** Gap ids must differ across processes writing to one database (a restart starts a new log). */
  private readonly gapPrefix = `memory-${randomBytes(6).toString('hex')}`;
  private gapSeq = 0;

  constructor(readonly maxBytes = DEFAULT_EVENT_LOG_MAX_BYTES) {
    if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new RangeError(`the event log's byte budget must be a positive integer, got ${maxBytes}`);
  }

  get size(): number {
    return this.items.length - this.head;
  }

  /** The events held, in estimatedEventBytes. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** Events dropped because the log outgrew its budget, since start. */
  get dropped(): number {
    return this.droppedCount;
  }

  /**
   * What the writer has not taken of `queue`: its events held, and the time of the outbox's oldest
   * event (one FIFO for every queue, drained in order: the queue's own oldest is no older).
   */
  backlogOf(queue: string): { entries: number; oldestAt: number | null } {
    const entries = this.heldByQueue.get(queue) ?? 0;
    return { entries, oldestAt: entries > 0 ? this.items[this.head]!.event.at : null };
  }

  append(queue: string, events: JobEvent[]): void {
    if (events.length > 0) this.heldByQueue.set(queue, (this.heldByQueue.get(queue) ?? 0) + events.length);
    for (const event of events) {
      this.items.push({ queue, event });
      this.heldBytes += estimatedEventBytes(event);
    }
    while (this.heldBytes > this.maxBytes && this.size > 0) this.dropOldest();
  }

  /** Removes and returns up to `max` events, oldest first. */
  take(max: number): QueuedJobEvent[] {
    const n = Math.max(0, Math.min(Math.floor(max), this.size));
    const out = this.items.slice(this.head, this.head + n) as QueuedJobEvent[];
    for (const { queue, event } of out) {
      this.heldBytes -= estimatedEventBytes(event);
      this.released(queue);
    }
    this.advance(n);
    return out;
  }

  /** The gaps recorded since the last call, for the writer to store (it keeps them until stored). */
  takeGaps(): HistoryGap[] {
    const gaps = [...this.openGaps.values()];
    this.openGaps.clear();
    return gaps;
  }

  /** Events of `queue` dropped since the last call, with the gap they are in (for upkeep's report). */
  takeDropped(queue: string): DroppedEvents[] {
    const dropped = this.unreported.get(queue);
    if (!dropped) return [];
    this.unreported.delete(queue);
    return [dropped];
  }

  private dropOldest(): void {
    const { queue, event } = this.items[this.head]!;
    this.heldBytes -= estimatedEventBytes(event);
    this.released(queue);
    this.advance(1);
    this.droppedCount++;
    let gap = this.openGaps.get(queue);
    if (!gap) {
      gap = { id: `${this.gapPrefix}:${++this.gapSeq}`, queue, fromMs: event.at, toMs: event.at, events: 0 };
      this.openGaps.set(queue, gap);
    }
    gap.fromMs = Math.min(gap.fromMs, event.at);
    gap.toMs = Math.max(gap.toMs, event.at);
    gap.events++;
    const report = this.unreported.get(queue) ?? { queue, events: 0, gap: { fromMs: gap.fromMs, toMs: gap.toMs, events: 0 } };
    report.events++;
    report.gap = { fromMs: gap.fromMs, toMs: gap.toMs, events: gap.events };
    this.unreported.set(queue, report);
  }

  private released(queue: string): void {
    const held = (this.heldByQueue.get(queue) ?? 1) - 1;
    if (held > 0) this.heldByQueue.set(queue, held);
    else this.heldByQueue.delete(queue);
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
