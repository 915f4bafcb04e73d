import { DroppedEvents } from '../queue';
/** The last drop this instance made, as readiness shows it. */
export interface LastHistoryGap {
    queue: string;
    /** Events that drop removed. */
    events: number;
    /** The gap record that holds them (its range and count, with any gap it merged). */
    gap: DroppedEvents['gap'];
    /** When the reaper saw the drop (epoch ms). */
    at: number;
}
/**
 * Events this instance's reaper dropped from a history backlog past HISTORY_BACKLOG_MAX_MB (each
 * also in a gap record the history writer stores), per queue since start, and the last drop: what
 * the metrics and readiness read. Plain counters, so reading them costs nothing.
 */
export declare class HistoryGapStats {
    private readonly byQueue;
    private lastDrop;
    record(dropped: DroppedEvents, at: number): void;
    /** Events dropped per queue since start. */
    get droppedByQueue(): ReadonlyMap<string, number>;
    get totalDropped(): number;
    get last(): LastHistoryGap | undefined;
}
