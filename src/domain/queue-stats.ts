/**
 * A queue's recent activity for the dashboard (GET /queues/:name/stats): outcomes per 10 s step
 * and pickup and run times in log-scale histograms, kept per minute. Workers add to it in memory
 * and flush deltas every few seconds (QueueStatsObserver); the stores keep each minute for
 * STATS_RETENTION_MS; the reader merges the minutes of the window. Plain TypeScript, no I/O.
 */

/** One throughput step. */
export const STATS_STEP_MS = 10_000;
/** A minute: the unit the stores keep (one Redis hash per queue and minute). */
export const STATS_MINUTE_MS = 60_000;
export const STEPS_PER_MINUTE = STATS_MINUTE_MS / STATS_STEP_MS;
/** The window the route reports: 90 steps, 15 minutes. */
export const STATS_WINDOW_STEPS = 90;
/** How long a stored minute lives: the window plus slack for late flushes and clock drift. */
export const STATS_RETENTION_MS = 20 * STATS_MINUTE_MS;

/** Bucket i (< LAST) holds values up to BUCKET_UPPER_MS[i], and above the bucket before. */
const GROWTH = 1.5;
const HOUR_MS = 3_600_000;
/**
 * Upper bounds: 1 ms, 1.5 ms, 2.25 ms ... (each 1.5x the one before) up to 1 h; 39 finite buckets
 * and one for everything above an hour. A value is known within its bucket's 1.5x range.
 */
export const BUCKET_UPPER_MS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let b = 1; b < HOUR_MS; b *= GROWTH) bounds.push(b);
  bounds.push(HOUR_MS);
  return bounds;
})();
/** Buckets per histogram: the finite ones and the overflow one (above 1 h). */
export const HISTOGRAM_BUCKETS = BUCKET_UPPER_MS.length + 1;
const LOG_GROWTH = Math.log(GROWTH);

/** The bucket of a duration in ms (negative or NaN, as a skewed clock may give: bucket 0). */
export function bucketOf(ms: number): number {
  if (!(ms > 1)) return 0;
  if (ms > HOUR_MS) return HISTOGRAM_BUCKETS - 1;
  // the logarithm gives the bucket up to float error at a bound: corrected by the bounds
  let i = Math.min(Math.ceil(Math.log(ms) / LOG_GROWTH), BUCKET_UPPER_MS.length - 1);
  while (i > 0 && ms <= BUCKET_UPPER_MS[i - 1]) i--;
  while (ms > BUCKET_UPPER_MS[i]) i++;
  return i;
}

/**
 * The q-quantile (0 < q <= 1) of a histogram, or null when it is empty. The nearest-rank sample
 * (rank ceil(q * count)) is placed by linear interpolation inside its bucket, between the bucket's
 * lower and upper bound by its rank among the bucket's samples: the last sample of a bucket reads
 * as its upper bound. The error is at most the bucket's width (a 1.5x range). A sample above 1 h
 * reads as 1 h.
 */
export function percentile(histogram: readonly number[], q: number): number | null {
  let count = 0;
  for (const n of histogram) count += n;
  if (count === 0) return null;
  const rank = Math.max(1, Math.ceil(q * count));
  let before = 0;
  for (let i = 0; i < histogram.length; i++) {
    const n = histogram[i];
    if (n > 0 && before + n >= rank) {
      if (i >= BUCKET_UPPER_MS.length) return HOUR_MS;
      const lower = i === 0 ? 0 : BUCKET_UPPER_MS[i - 1];
      const upper = BUCKET_UPPER_MS[i];
      return round3(lower + ((upper - lower) * (rank - before)) / n);
    }
    before += n;
  }
  return HOUR_MS;
}

function round3(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Epoch minute number of a time. */
export function minuteOf(ms: number): number {
  return Math.floor(ms / STATS_MINUTE_MS);
}

/** Epoch step number of a time. */
export function stepOf(ms: number): number {
  return Math.floor(ms / STATS_STEP_MS);
}

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

export function emptyMinute(): MinuteStats {
  return {
    succeeded: new Array<number>(STEPS_PER_MINUTE).fill(0),
    failed: new Array<number>(STEPS_PER_MINUTE).fill(0),
    pickup: new Array<number>(HISTOGRAM_BUCKETS).fill(0),
    run: new Array<number>(HISTOGRAM_BUCKETS).fill(0),
  };
}

/** Adds `from` into `into`, field by field. */
export function addMinute(into: MinuteStats, from: MinuteStats): void {
  addInto(into.succeeded, from.succeeded);
  addInto(into.failed, from.failed);
  addInto(into.pickup, from.pickup);
  addInto(into.run, from.run);
}

function addInto(into: number[], from: readonly number[]): void {
  for (let i = 0; i < into.length && i < from.length; i++) into[i] += from[i];
}

/** The minutes a window ending at `nowMs` touches: the minute of its first step to the minute of now. */
export function windowMinutes(nowMs: number): number[] {
  const first = minuteOf(windowStart(nowMs));
  const last = minuteOf(nowMs);
  const minutes: number[] = [];
  for (let m = first; m <= last; m++) minutes.push(m);
  return minutes;
}

/** The start of the window's first step: STATS_WINDOW_STEPS steps ending with the step of now. */
export function windowStart(nowMs: number): number {
  return (stepOf(nowMs) - STATS_WINDOW_STEPS + 1) * STATS_STEP_MS;
}

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
export function summarizeWindow(minutes: ReadonlyMap<number, MinuteStats>, nowMs: number): QueueStatsWindow {
  const from = windowStart(nowMs);
  const firstStep = stepOf(from);
  const succeeded = new Array<number>(STATS_WINDOW_STEPS).fill(0);
  const failed = new Array<number>(STATS_WINDOW_STEPS).fill(0);
  const pickup = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  const run = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  for (const minute of windowMinutes(nowMs)) {
    const stats = minutes.get(minute);
    if (!stats) continue;
    for (let s = 0; s < STEPS_PER_MINUTE; s++) {
      const i = minute * STEPS_PER_MINUTE + s - firstStep;
      if (i < 0 || i >= STATS_WINDOW_STEPS) continue;
      succeeded[i] += stats.succeeded[s] ?? 0;
      failed[i] += stats.failed[s] ?? 0;
    }
    addInto(pickup, stats.pickup);
    addInto(run, stats.run);
  }
  return { stepMs: STATS_STEP_MS, from, succeeded, failed, pickupMs: summarize(pickup), runMs: summarize(run) };
}

function summarize(histogram: readonly number[]): LatencySummary {
  let count = 0;
  for (const n of histogram) count += n;
  return { p50: percentile(histogram, 0.5), p95: percentile(histogram, 0.95), count };
}

/** The job that has waited longest among a queue's pending jobs. */
export interface OldestPending {
  jobId: string | null;
  /** Epoch ms since when it is runnable: max(runAt, createdAt) (a retry or a delay sets runAt). */
  since: number | null;
  /** The store looked at a bounded number of its indexes' heads and more were left: the answer may not be the oldest. */
  approximate?: boolean;
}

/** The earlier of two candidates (the first when equal); a null id is no candidate. */
export function olderOf(a: OldestPending, b: OldestPending): OldestPending {
  const out: OldestPending = a.jobId === null || (b.jobId !== null && b.since! < a.since!) ? { jobId: b.jobId, since: b.since } : { jobId: a.jobId, since: a.since };
  if (a.approximate || b.approximate) out.approximate = true;
  return out;
}
