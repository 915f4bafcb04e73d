import { JobEvent } from '../../../domain/job-event';
import { HistoryGap } from '../events/job-event-source';
import { DroppedEvents } from '../job-store';
export interface QueuedJobEvent {
    queue: string;
    event: JobEvent;
}
/** HISTORY_BACKLOG_MAX_MB's default, in bytes. */
export declare const DEFAULT_EVENT_LOG_MAX_BYTES: number;
/**
 * What an event costs the heap, about: 200 bytes for the event, its wrapper, its slot and its
 * numbers (V8 keeps the times as heap numbers), plus 24 + length per string. Measured with
 * `node --expose-gc` on Node 26: 146 bytes (a `claimed` event whose id shares the job's string) to
 * 298 (an `enqueued` event with strings of its own) and 410 (a `succeeded` with a 200-character
 * result). The estimate counts every string as the event's own, so it errs high while the job
 * lives (its id and type are shared with the record), and is within 10% when the event is the
 * last holder.
 */
export declare function estimatedEventBytes(event: JobEvent): number;
/**
 * The memory store's outbox: a FIFO of job events that the history writer drains. It holds every
 * event the writer has not taken, up to `maxBytes` (estimatedEventBytes); past it the oldest are
 * dropped, and each queue's drops are recorded as a gap (its time range and exact count) that the
 * writer takes with the next batch (takeGaps) and stores, and that upkeep reports (takeDropped).
 * Drops of a queue whose gap the writer has not taken yet widen that gap, so each dropped event
 * is counted in exactly one gap. It holds only what it was given: nothing is allocated up front.
 */
export declare class MemoryEventLog {
    readonly maxBytes: number;
    /** Events from `head` on are queued; the slots before it were taken and are reclaimed in bulk. */
    private items;
    private head;
    private heldBytes;
    private droppedCount;
    /** Per queue: the events held. */
    private readonly heldByQueue;
    /** Per queue: the gap the writer has not taken yet. */
    private readonly openGaps;
    /** Per queue: events dropped since upkeep last asked, and the gap they are in. */
    private readonly unreported;
    /** Gap ids must differ across processes writing to one database (a restart starts a new log). */
    private readonly gapPrefix;
    private gapSeq;
    constructor(maxBytes?: number);
    get size(): number;
    /** The events held, in estimatedEventBytes. */
    get bytes(): number;
    /** Events dropped because the log outgrew its budget, since start. */
    get dropped(): number;
    /**
     * What the writer has not taken of `queue`: its events held, and the time of the outbox's oldest
     * event (one FIFO for every queue, drained in order: the queue's own oldest is no older).
     */
    backlogOf(queue: string): {
        entries: number;
        oldestAt: number | null;
    };
    append(queue: string, events: JobEvent[]): void;
    /** Removes and returns up to `max` events, oldest first. */
    take(max: number): QueuedJobEvent[];
    /** The gaps recorded since the last call, for the writer to store (it keeps them until stored). */
    takeGaps(): HistoryGap[];
    /** Events of `queue` dropped since the last call, with the gap they are in (for upkeep's report). */
    takeDropped(queue: string): DroppedEvents[];
    private dropOldest;
    private released;
    /** Forgets the n oldest events; the array is compacted once most of it is behind the head. */
    private advance;
}
