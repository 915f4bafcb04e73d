/** What every comparison bench reads from the environment (bench/ may read process.env; src/ may not). */
export interface BenchSettings {
  /** Jobs per throughput phase (BENCH_N). */
  n: number;
  /** Worker concurrency, the same for every system (BENCH_C). */
  concurrency: number;
  /** Jobs per bulk enqueue call: the API's MAX_BULK_JOBS (BENCH_CHUNK). */
  chunk: number;
  /**
   * Single jobs timed from add to handler start (BENCH_PICKUP_SAMPLES, default 2000): a p99 from
   * 2000 samples rests on its 20 slowest, not on one or two as with 200.
   */
  pickupSamples: number;
  /**
   * Pause after a pickup sample's completion is recorded, before the next is added
   * (BENCH_PICKUP_GAP_MS, default 5). Since each sample first waits for its own completion, the
   * gap only has to cover the worker's way back to its idle wait (one claim or fetch round trip,
   * well under 1 ms on loopback): 5 ms is several times that, and 2000 samples take ~15 s.
   */
  pickupGapMs: number;
  /**
   * Length of the idle-cost window (BENCH_IDLE_S, default 60): a whole number of periods of every
   * background loop of the three systems (claimq: heartbeat 60 s, reaper 15 s, claim loop's idle
   * wait 5 s, stats flush 2 s, refresh and schedules 1 s; BullMQ: stalled check 30 s, QueueEvents
   * block 10 s, drainDelay 5 s; Bee-Queue: stalled check 5 s), so each lands in it as often as it
   * runs, whatever its phase. A shorter window may miss the heartbeat or the reaper.
   */
  idleSeconds: number;
  /** A drain without a recorded completion for this long fails the run, naming the jobs missing (BENCH_STALL_S, default 30). */
  stallSeconds: number;
  /** Rounds of every system (BENCH_ROUNDS, default 3); round r starts the order r places later. */
  rounds: number;
  /** Systems to run, comma-separated (BENCH_SYSTEMS; default all, claimq_retained after claimq). */
  systems: string[];
}

/** A whole number from the environment, at least `min`, or `fallback` when unset; anything else stops the bench naming it. */
export function envInt(name: string, fallback: number, min = 1, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
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
    pickupSamples: Math.floor(num('BENCH_PICKUP_SAMPLES', 2000)),
    pickupGapMs: num('BENCH_PICKUP_GAP_MS', 5),
    idleSeconds: num('BENCH_IDLE_S', 60),
    stallSeconds: num('BENCH_STALL_S', 30),
    rounds: envInt('BENCH_ROUNDS', 3),
    systems: (process.env.BENCH_SYSTEMS ?? 'claimq,claimq_retained,bullmq,beequeue').split(',').map((s) => s.trim()).filter(Boolean),
  };
}
