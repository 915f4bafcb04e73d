import { Clock } from '../../../domain/clock';
import { JobEvent } from '../../../domain/job-event';
import { HistoryGap, JobEventBatch, JobEventSource } from './job-event-source';
/** What the memory store exposes as `events` (MemoryEventLog): a FIFO the writer takes from, and the gaps of what it dropped. */
export interface JobEventLog {
    take(max: number): Array<{
        queue: string;
        event: JobEvent;
    }>;
    takeGaps(): HistoryGap[];
    readonly size: number;
}
export interface MemoryJobEventSourceOptions {
    /** How long a read waits for events to arrive before returning an empty batch. */
    pollMs?: number;
    clock?: Clock;
}
/**
 * Reads the memory store's event log. `take` removes events from the log, so the writer keeps a
 * batch and retries it until stored; events still in flight when the process stops are lost with
 * the rest of the memory store. Positions mimic stream ids (time, then a counter), so they grow
 * across the process's life.
 */
export declare class MemoryJobEventSource extends JobEventSource {
    private readonly log;
    readonly name = "memory";
    private lastMs;
    private seq;
    private closed;
    private wake?;
    private readonly pollMs;
    private readonly clock;
    constructor(log: JobEventLog, options?: MemoryJobEventSourceOptions);
    read(max: number, waitMs?: number): Promise<JobEventBatch>;
    ack(): Promise<void>;
    close(): Promise<void>;
    private nextVersion;
    private pause;
}
