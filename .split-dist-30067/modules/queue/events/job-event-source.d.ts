import { JobEvent } from '../../../domain/job-event';
/** A job event as the writer receives it: its queue and its position in its source. */
export interface SourcedJobEvent {
    queue: string;
    event: JobEvent;
    /**
     * Position in the source, as a decimal integer: higher means later. Events of one job always
     * come from one source (its queue's stream, or the memory log), where this order is the order
     * in which the store applied them.
     */
    version: bigint;
}
/**
 * Events the store dropped before the history writer read them (its backlog outgrew
 * HISTORY_BACKLOG_MAX_MB): stored as a row of history_gaps, so history says what it lacks.
 */
export interface HistoryGap {
    /** Stable in its source (Redis: stream key and entry id), so a gap delivered twice is stored once. */
    id: string;
    queue: string;
    /** Times of the first and last event dropped (epoch ms). */
    fromMs: number;
    toMs: number;
    /** How many events were dropped: exact. */
    events: number;
}
/** What one read delivered. `receipt` is the source's own handle for acknowledging it. */
export interface JobEventBatch {
    events: SourcedJobEvent[];
    /** Gap records read with the events; stored in the same transaction as the batch's first rows. */
    gaps: HistoryGap[];
    /** Number of source entries read (an entry may hold many events, one gap, or nothing that parses). */
    entries: number;
    receipt: unknown;
}
/**
 * Where the history writer reads job events from. A batch stays unacknowledged until the writer
 * has stored it; a source that can redeliver (Redis) gives unacknowledged entries to a consumer
 * again later, so nothing is lost when a writer dies between read and ack.
 */
export declare abstract class JobEventSource {
    /** A short name for logs (the stream key, `memory`). */
    abstract readonly name: string;
    /**
     * About `max` events: a source whose entries hold many events each (Redis) sizes its read from
     * the entries it saw last, so a batch may hold more; the writer stores it in statements of at
     * most `max` events. May wait a short while for events to arrive (bounded, a few seconds, or
     * `waitMs` when given); returns an empty batch when none came. Throws when the source is unreachable.
     */
    abstract read(max: number, waitMs?: number): Promise<JobEventBatch>;
    /** Marks a stored batch as done. */
    abstract ack(batch: JobEventBatch): Promise<void>;
    /** Releases the source's connection; a read in progress ends (rejects or returns empty). */
    abstract close(): Promise<void>;
}
