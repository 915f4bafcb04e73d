"use strict";
/**
 * A queue's recent activity for the dashboard (GET /queues/:name/stats): outcomes per 10 s step
 * and pickup and run times in log-scale histograms, kept per minute. Workers add to it in memory
 * and flush deltas every few seconds (QueueStatsObserver); the stores keep each minute for
 * STATS_RETENTION_MS; the reader merges the minutes of the window. Plain TypeScript, no I/O.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.HISTOGRAM_BUCKETS = exports.BUCKET_UPPER_MS = exports.STATS_RETENTION_MS = exports.STATS_WINDOW_STEPS = exports.STEPS_PER_MINUTE = exports.STATS_MINUTE_MS = exports.STATS_STEP_MS = void 0;
exports.bucketOf = bucketOf;
exports.percentile = percentile;
exports.minuteOf = minuteOf;
exports.stepOf = stepOf;
exports.emptyMinute = emptyMinute;
exports.addMinute = addMinute;
exports.windowMinutes = windowMinutes;
exports.windowStart = windowStart;
exports.summarizeWindow = summarizeWindow;
exports.olderOf = olderOf;
/** One throughput step. */
exports.STATS_STEP_MS = 10_000;
/** A minute: the unit the stores keep (one Redis hash per queue and minute). */
exports.STATS_MINUTE_MS = 60_000;
exports.STEPS_PER_MINUTE = exports.STATS_MINUTE_MS / exports.STATS_STEP_MS;
/** The window the route reports: 90 steps, 15 minutes. */
exports.STATS_WINDOW_STEPS = 90;
/** How long a stored minute lives: the window plus slack for late flushes and clock drift. */
exports.STATS_RETENTION_MS = 20 * exports.STATS_MINUTE_MS;
/** Bucket i (< LAST) holds values up to BUCKET_UPPER_MS[i], and above the bucket before. */
const GROWTH = 1.5;
const HOUR_MS = 3_600_000;
/**
 * Upper bounds: 1 ms, 1.5 ms, 2.25 ms ... (each 1.5x the one before) up to 1 h; 39 finite buckets
 * and one for everything above an hour. A value is known within its bucket's 1.5x range.
 */
exports.BUCKET_UPPER_MS = (() => {
    const bounds = [];
    for (let b = 1; b < HOUR_MS; b *= GROWTH)
        bounds.push(b);
    bounds.push(HOUR_MS);
    return bounds;
})();
/** Buckets per histogram: the finite ones and the overflow one (above 1 h). */
exports.HISTOGRAM_BUCKETS = exports.BUCKET_UPPER_MS.length + 1;
const LOG_GROWTH = Math.log(GROWTH);
/** The bucket of a duration in ms (negative or NaN, as a skewed clock may give: bucket 0). */
function bucketOf(ms) {
    if (!(ms > 1))
        return 0;
    if (ms > HOUR_MS)
        return exports.HISTOGRAM_BUCKETS - 1;
    // the logarithm gives the bucket up to float error at a bound: corrected by the bounds
    let i = Math.min(Math.ceil(Math.log(ms) / LOG_GROWTH), exports.BUCKET_UPPER_MS.length - 1);
    while (i > 0 && ms <= exports.BUCKET_UPPER_MS[i - 1])
        i--;
    while (ms > exports.BUCKET_UPPER_MS[i])
        i++;
    return i;
}
/**
 * The q-quantile (0 < q <= 1) of a histogram, or null when it is empty. The nearest-rank sample
 * (rank ceil(q * count)) is placed by linear interpolation inside its bucket, between the bucket's
 * lower and upper bound by its rank among the bucket's samples: the last sample of a bucket reads
 * as its upper bound. The error is at most the bucket's width (a 1.5x range). A sample above 1 h
 * reads as 1 h.
 */
function percentile(histogram, q) {
    let count = 0;
    for (const n of histogram)
        count += n;
    if (count === 0)
        return null;
    const rank = Math.max(1, Math.ceil(q * count));
    let before = 0;
    for (let i = 0; i < histogram.length; i++) {
        const n = histogram[i];
        if (n > 0 && before + n >= rank) {
            if (i >= exports.BUCKET_UPPER_MS.length)
                return HOUR_MS;
            const lower = i === 0 ? 0 : exports.BUCKET_UPPER_MS[i - 1];
            const upper = exports.BUCKET_UPPER_MS[i];
            return round3(lower + ((upper - lower) * (rank - before)) / n);
        }
        before += n;
    }
    return HOUR_MS;
}
function round3(ms) {
    return Math.round(ms * 1000) / 1000;
}
/** Epoch minute number of a time. */
function minuteOf(ms) {
    return Math.floor(ms / exports.STATS_MINUTE_MS);
}
/** Epoch step number of a time. */
function stepOf(ms) {
    return Math.floor(ms / exports.STATS_STEP_MS);
}
function emptyMinute() {
    return {
        succeeded: new Array(exports.STEPS_PER_MINUTE).fill(0),
        failed: new Array(exports.STEPS_PER_MINUTE).fill(0),
        pickup: new Array(exports.HISTOGRAM_BUCKETS).fill(0),
        run: new Array(exports.HISTOGRAM_BUCKETS).fill(0),
    };
}
/** Adds `from` into `into`, field by field. */
function addMinute(into, from) {
    addInto(into.succeeded, from.succeeded);
    addInto(into.failed, from.failed);
    addInto(into.pickup, from.pickup);
    addInto(into.run, from.run);
}
function addInto(into, from) {
    for (let i = 0; i < into.length && i < from.length; i++)
        into[i] += from[i];
}
/** The minutes a window ending at `nowMs` touches: the minute of its first step to the minute of now. */
function windowMinutes(nowMs) {
    const first = minuteOf(windowStart(nowMs));
    const last = minuteOf(nowMs);
    const minutes = [];
    for (let m = first; m <= last; m++)
        minutes.push(m);
    return minutes;
}
/** The start of the window's first step: STATS_WINDOW_STEPS steps ending with the step of now. */
function windowStart(nowMs) {
    return (stepOf(nowMs) - exports.STATS_WINDOW_STEPS + 1) * exports.STATS_STEP_MS;
}
/** The window ending at `nowMs` from the stored minutes (minutes outside it are ignored). */
function summarizeWindow(minutes, nowMs) {
    const from = windowStart(nowMs);
    const firstStep = stepOf(from);
    const succeeded = new Array(exports.STATS_WINDOW_STEPS).fill(0);
    const failed = new Array(exports.STATS_WINDOW_STEPS).fill(0);
    const pickup = new Array(exports.HISTOGRAM_BUCKETS).fill(0);
    const run = new Array(exports.HISTOGRAM_BUCKETS).fill(0);
    for (const minute of windowMinutes(nowMs)) {
        const stats = minutes.get(minute);
        if (!stats)
            continue;
        for (let s = 0; s < exports.STEPS_PER_MINUTE; s++) {
            const i = minute * exports.STEPS_PER_MINUTE + s - firstStep;
            if (i < 0 || i >= exports.STATS_WINDOW_STEPS)
                continue;
            succeeded[i] += stats.succeeded[s] ?? 0;
            failed[i] += stats.failed[s] ?? 0;
        }
        addInto(pickup, stats.pickup);
        addInto(run, stats.run);
    }
    return { stepMs: exports.STATS_STEP_MS, from, succeeded, failed, pickupMs: summarize(pickup), runMs: summarize(run) };
}
function summarize(histogram) {
    let count = 0;
    for (const n of histogram)
        count += n;
    return { p50: percentile(histogram, 0.5), p95: percentile(histogram, 0.95), count };
}
/** The earlier of two candidates (the first when equal); a null id is no candidate. */
function olderOf(a, b) {
    const out = a.jobId === null || (b.jobId !== null && b.since < a.since) ? { jobId: b.jobId, since: b.since } : { jobId: a.jobId, since: a.since };
    if (a.approximate || b.approximate)
        out.approximate = true;
    return out;
}
//# sourceMappingURL=queue-stats.js.map