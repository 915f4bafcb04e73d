import { describe, expect, it } from 'vitest';
import {
  BUCKET_UPPER_MS,
  bucketOf,
  emptyMinute,
  HISTOGRAM_BUCKETS,
  MinuteStats,
  minuteOf,
  olderOf,
  percentile,
  STATS_STEP_MS,
  STATS_WINDOW_STEPS,
  summarizeWindow,
  windowMinutes,
  windowStart,
} from './queue-stats';

function histogramOf(values: number[]): number[] {
  const h = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  for (const v of values) h[bucketOf(v)]++;
  return h;
}

describe('queue stats histograms', () => {
  it('has 40 buckets from 1 ms to 1 h, each 1.5 times the one before', () => {
    expect(HISTOGRAM_BUCKETS).toBe(40);
    expect(BUCKET_UPPER_MS[0]).toBe(1);
    expect(BUCKET_UPPER_MS[1]).toBe(1.5);
    expect(BUCKET_UPPER_MS[BUCKET_UPPER_MS.length - 1]).toBe(3_600_000);
    for (let i = 1; i < BUCKET_UPPER_MS.length - 1; i++) expect(BUCKET_UPPER_MS[i] / BUCKET_UPPER_MS[i - 1]).toBeCloseTo(1.5, 9);
  });

  it('puts a value in the bucket whose range holds it, bounds included in the lower bucket', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(-5)).toBe(0);
    expect(bucketOf(Number.NaN)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.2)).toBe(1);
    expect(bucketOf(1.5)).toBe(1);
    for (let i = 1; i < BUCKET_UPPER_MS.length; i++) {
      expect(bucketOf(BUCKET_UPPER_MS[i])).toBe(i);
      expect(bucketOf(BUCKET_UPPER_MS[i - 1] * 1.0000001)).toBe(i);
    }
    expect(bucketOf(3_600_001)).toBe(HISTOGRAM_BUCKETS - 1);
  });

  it('reads no percentile from an empty histogram', () => {
    expect(percentile(new Array<number>(HISTOGRAM_BUCKETS).fill(0), 0.5)).toBeNull();
  });

  it('reads a single sample as its bucket upper bound', () => {
    const h = histogramOf([100]);
    const upper = BUCKET_UPPER_MS[bucketOf(100)];
    expect(percentile(h, 0.5)).toBeCloseTo(upper, 3);
    expect(percentile(h, 0.95)).toBeCloseTo(upper, 3);
    expect(upper).toBeGreaterThanOrEqual(100);
    expect(upper).toBeLessThan(150);
  });

  it('interpolates by rank inside the bucket of the nearest-rank sample', () => {
    const h = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
    h[5] = 4; // (1.5^4, 1.5^5] = (5.0625, 7.59375]
    // p50 of 4 samples: rank 2 of 4 in the bucket -> halfway
    expect(percentile(h, 0.5)).toBeCloseTo(5.0625 + (7.59375 - 5.0625) / 2, 3);
    // p95: rank 4 of 4 -> the upper bound
    expect(percentile(h, 0.95)).toBeCloseTo(7.594, 3);
  });

  it('stays within a 1.5x range of the exact percentiles of a spread of values', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 10 + i * 7);
    const h = histogramOf(values);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.95]) {
      const exact = sorted[Math.ceil(q * sorted.length) - 1];
      const read = percentile(h, q)!;
      expect(read / exact).toBeGreaterThan(1 / 1.5);
      expect(read / exact).toBeLessThan(1.5);
    }
  });

  it('reads values above an hour as one hour', () => {
    expect(percentile(histogramOf([5 * 3_600_000]), 0.5)).toBe(3_600_000);
  });
});

describe('queue stats window', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 35); // 35 s into a minute

  it('spans 90 steps of 10 s ending with the step of now, over 16 minute keys at most', () => {
    const from = windowStart(now);
    expect(from).toBe(Date.UTC(2026, 0, 1, 12, 0, 30) - 89 * STATS_STEP_MS);
    const minutes = windowMinutes(now);
    expect(minutes[0]).toBe(minuteOf(from));
    expect(minutes[minutes.length - 1]).toBe(minuteOf(now));
    expect(minutes.length).toBe(16);
  });

  it('places each minute step at its place in the window, oldest first', () => {
    const minute = minuteOf(now);
    const current = emptyMinute();
    current.succeeded[3] = 7; // 12:00:30 .. 12:00:40: the last step
    current.failed[0] = 2; // 12:00:00: three steps before the last
    const early = emptyMinute();
    early.succeeded[0] = 5; // before the window's first step
    early.succeeded[5] = 1;
    const minutes = new Map<number, MinuteStats>([
      [minute, current],
      [minuteOf(windowStart(now)), early],
    ]);
    const window = summarizeWindow(minutes, now);
    expect(window.succeeded).toHaveLength(STATS_WINDOW_STEPS);
    expect(window.succeeded[STATS_WINDOW_STEPS - 1]).toBe(7);
    expect(window.failed[STATS_WINDOW_STEPS - 4]).toBe(2);
    // the first step of the window is 11:45:40 (step 4 of minute 11:45), so only step 5 is in it
    expect(window.succeeded[1]).toBe(1);
    expect(window.succeeded.reduce((a, b) => a + b, 0)).toBe(8);
  });

  it('merges the minutes histograms into p50, p95 and a count', () => {
    const a = emptyMinute();
    a.run[bucketOf(10)] = 9;
    const b = emptyMinute();
    b.run[bucketOf(1000)] = 1;
    const window = summarizeWindow(new Map([[minuteOf(now), a], [minuteOf(now) - 3, b]]), now);
    expect(window.runMs.count).toBe(10);
    expect(window.runMs.p50).toBeLessThanOrEqual(BUCKET_UPPER_MS[bucketOf(10)]);
    expect(window.runMs.p95).toBeGreaterThan(1000 / 1.5);
    expect(window.pickupMs).toEqual({ p50: null, p95: null, count: 0 });
  });
});

describe('oldest pending', () => {
  it('takes the earlier candidate and keeps approximate when either is', () => {
    expect(olderOf({ jobId: 'a', since: 5 }, { jobId: 'b', since: 3 })).toEqual({ jobId: 'b', since: 3 });
    expect(olderOf({ jobId: 'a', since: 3 }, { jobId: 'b', since: 3 })).toEqual({ jobId: 'a', since: 3 });
    expect(olderOf({ jobId: null, since: null, approximate: true }, { jobId: 'b', since: 3 })).toEqual({ jobId: 'b', since: 3, approximate: true });
    expect(olderOf({ jobId: 'a', since: 1 }, { jobId: null, since: null })).toEqual({ jobId: 'a', since: 1 });
  });
});
