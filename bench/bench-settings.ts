/** What every comparison bench reads from the environment (bench/ may read process.env; src/ may not). */
export interface BenchSettings {
  /** Jobs per throughput phase (BENCH_N). */
  n: number;
  /** Worker concurrency, the same for every system (BENCH_C). */
  concurrency: number;
  /** Jobs per bulk enqueue call: the API's MAX_BULK_JOBS (BENCH_CHUNK). */
  chunk: number;
  /** Single jobs timed from add to handler start (BENCH_PICKUP_SAMPLES). */
  pickupSamples: number;
  /** Pause between two pickup samples, so each meets an idle worker (BENCH_PICKUP_GAP_MS). */
  pickupGapMs: number;
  /** Length of the idle-cost window (BENCH_IDLE_S). */
  idleSeconds: number;
  /** Systems to run, comma-separated (BENCH_SYSTEMS; default all, claimq_retained after claimq). */
  systems: string[];
}

/** A whole number from the environment, at least `min`, or `fallback` when unset; anything else stops the bench naming it. */
export function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function benchSettings(): BenchSettings {
  return {
    n: Math.floor(num('BENCH_N', 100_000)),
    concurrency: Math.floor(num('BENCH_C', 50)),
    chunk: Math.floor(num('BENCH_CHUNK', 1000)),
    pickupSamples: Math.floor(num('BENCH_PICKUP_SAMPLES', 200)),
    pickupGapMs: num('BENCH_PICKUP_GAP_MS', 20),
    idleSeconds: num('BENCH_IDLE_S', 10),
    systems: (process.env.BENCH_SYSTEMS ?? 'claimq,claimq_retained,bullmq,beequeue').split(',').map((s) => s.trim()).filter(Boolean),
  };
}
