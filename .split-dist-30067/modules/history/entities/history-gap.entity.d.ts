/**
 * Events dropped before the history writer read them (HISTORY_BACKLOG_MAX_MB exceeded): history
 * lacks exactly `events` events of `queue` that happened between fromAt and toAt.
 */
export declare class HistoryGapEntity {
    /** The gap record's name in its source (Redis: `<stream key> <entry id>`; memory: `memory-<process>:<n>`). */
    id: string;
    queue: string;
    /** Time of the first event dropped. */
    fromAt: Date;
    /** Time of the last event dropped. */
    toAt: Date;
    /** How many events were dropped (pg returns bigint as text). */
    events: string;
    /** When the writer stored the gap. */
    recordedAt: Date;
}
