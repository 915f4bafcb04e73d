/**
 * A queue's recent activity for the dashboard (GET /queues/:name/stats): outcomes per 10 s step
 * and pickup and run times in log-scale histograms, kept per minute. Workers add to it in memory
 * and flush deltas every few seconds (QueueStatsObserver); the stores keep each minute for
 * STATS_RETENTION_MS; the reader merges the minutes of the window. Plain TypeScript, no I/O.
 */
/** One throughput step. */
export declare const STATS_STEP_MS = 10000;
/** A minute: the unit the stores keep (one Redis hash per queue and minute). */
export declare const STATS_MINUTE_MS = 60000;
export declare const STEPS_PER_MINUTE: number;
/** The window the route reports: 90 steps, 15 minutes. */
export declare const STATS_WINDOW_STEPS = 90;
/** How long a stored minute lives: the window plus slack for late flushes and clock drift. */
export declare const STATS_RETENTION_MS: number;
/**
 * Upper bounds: 1 ms, 1.5 ms, 2.25 ms ... (each 1.5x the one before) up to 1 h; 39 finite buckets
 * and one for everything above an hour. A value is known within its bucket's 1.5x range.
 */
export declare const BUCKET_UPPER_MS: readonly number[];
/** Buckets per histogram: the finite ones and the overflow one (above 1 h). */
export declare const HISTOGRAM_BUCKETS: number;
/** The bucket of a duration in ms (negative or NaN, as a skewed clock may give: bucket 0). */
export declare function bucketOf(ms: number): number;
/**
 * The q-quantile (0 < q <= 1) of a histogram, or null when it is empty. The nearest-rank sample
 * (rank ceil(q * count)) is placed by linear interpolation inside its bucket, between the bucket's
 * lower and upper bound by its rank among the bucket's samples: the last sample of a bucket reads
 * as its upper bound. The error is at most the bucket's width (a 1.5x range). A sample above 1 h
 * reads as 1 h.
 */
export declare function percentile(histogram: readonly number[], q: number): number | null;
/** Epoch minute number of a time. */
export declare function minuteOf(ms: number): number;
/** Epoch step number of a time. */
export declare function stepOf(ms: number): number;
/**
 * What happened in one queue in one minute: outcomes per step of the minute (STEPS_PER_MINUTE
 * each) and the pickup and run histograms (HISTOGRAM_BUCKETS each). A delta (what a worker adds)
 * and a stored minute have this one shape.
 */
export interface MinuteStats {
    succeeded: number[];
    failed: number[];
    pickup: number[];
    run: number[];
}
/** Minutes by epoch minute number (minuteOf). */
export type QueueStatsDelta = Map<number, MinuteStats>;
export declare function emptyMinute(): MinuteStats;
/** Adds `from` into `into`, field by field. */
export declare function addMinute(into: MinuteStats, from: MinuteStats): void;
/** The minutes a window ending at `nowMs` touches: the minute of its first step to the minute of now. */
export declare function windowMinutes(nowMs: number): number[];
/** The start of the window's first step: STATS_WINDOW_STEPS steps ending with the step of now. */
export declare function windowStart(nowMs: number): number;
export interface LatencySummary {
    p50: number | null;
    p95: number | null;
    count: number;
}
export interface QueueStatsWindow {
    stepMs: number;
    /** Epoch ms of the first step's start. */
    from: number;
    /** Per step, oldest first (STATS_WINDOW_STEPS). */
    succeeded: number[];
    failed: number[];
    /** Over the minutes the window touches (15 to 16 minutes: histograms are kept per minute). */
    pickupMs: LatencySummary;
    runMs: LatencySummary;
}
/** The window ending at `nowMs` from the stored minutes (minutes outside it are ignored). */
export declare function summarizeWindow(minutes: ReadonlyMap<number, MinuteStats>, nowMs: number): QueueStatsWindow;
/** The job that has waited longest among a queue's pending jobs. */
export interface OldestPending {
    jobId: string | null;
    /** Epoch ms since when it is runnable: max(runAt, createdAt) (a retry or a delay sets runAt). */
    since: number | null;
    /** The store looked at a bounded number of its indexes' heads and more were left: the answer may not be the oldest. */
    approximate?: boolean;
}
/** The earlier of two candidates (the first when equal); a null id is no candidate. */
export declare function olderOf(a: OldestPending, b: OldestPending): OldestPending;
