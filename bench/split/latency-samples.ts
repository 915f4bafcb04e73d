import { percentile } from '../latency';

/**
 * Send-to-start latencies where some jobs may not have started by the time the bench stopped
 * waiting. Such a job counts as the time it had waited: a lower bound of its latency, so a
 * percentile that reaches one is a lower bound too (`censored` says how many there were).
 */
export interface LatencySample {
  ms: number;
  /** false: the job had not started when the bench stopped waiting; ms is how long it had waited */
  started: boolean;
}

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
  /** samples that had not started (their ms is a lower bound) */
  censored: number;
}

const round2 = (x: number): number => Number(x.toFixed(2));

export function summarizeLatency(samples: readonly LatencySample[]): LatencySummary {
  const ms = samples.map((s) => s.ms);
  return {
    p50: round2(percentile(ms, 50)),
    p95: round2(percentile(ms, 95)),
    p99: round2(percentile(ms, 99)),
    samples: samples.length,
    censored: samples.filter((s) => !s.started).length,
  };
}
