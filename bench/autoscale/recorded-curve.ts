/**
 * The backlog curve `npm run bench:autoscale-record` writes (bench/data/autoscale-curve.json) and
 * the replay and the plot read: one sample per second of a real run of claimq processes under a
 * steady load with a 10x burst in the middle, on a fixed pool of workers.
 */
export type LoadPhase = 'base' | 'burst' | 'after';

export interface CurveSample {
  /** Seconds since the load started. */
  t: number;
  phase: LoadPhase;
  /** Jobs the API acknowledged (201 from POST /jobs/bulk) during the second that ends at `t`. */
  submitted: number;
  /** Jobs pending and running at `t` (claimq_queue_jobs, read from the store at scrape time). */
  pending: number;
  running: number;
  /** Age of the longest-waiting pending job at `t`, seconds; 0 when nothing is pending. */
  oldestPendingAgeS: number;
  /** claimq_jobs_claimed_total and claimq_jobs_succeeded_total, summed over the workers, during the second that ends at `t`. */
  claimed: number;
  succeeded: number;
  /** The machine's 1-minute load average at `t` (other work shares the cores). */
  load1: number;
}

export interface RecordedCurve {
  recordedAt: string;
  /** bench/machine.ts: cores, CPU, Node and redis-server versions. */
  machine: string;
  /** Where pending and running, the oldest age and the throughput were read from. */
  sources: { pending: string; oldestPendingAge: string; throughput: string };
  setup: {
    workers: number;
    /** WORKER_CONCURRENCY of each worker. */
    slotsPerWorker: number;
    /** The job every submission is: the built-in `sleep` type with this `ms`. */
    jobType: string;
    jobMs: number;
    baseRatePerS: number;
    burstFactor: number;
    /** Lengths of the three phases, seconds. */
    baseS: number;
    burstS: number;
    afterS: number;
  };
  measured: {
    /**
     * Jobs per second one worker process completed while it had more pending jobs than slots
     * (the mean over the saturated seconds of the run, divided by the workers): what the replay
     * takes as one replica's capacity.
     */
    perWorkerJobsPerS: number;
    /** The seconds that mean is taken over. */
    saturatedSeconds: number;
    /** slots / job time: the ceiling a worker cannot pass whatever the machine. */
    perWorkerCeilingJobsPerS: number;
    peakPending: number;
    peakOldestPendingAgeS: number;
    submitErrors: number;
    load1: { start: number; max: number; end: number };
  };
  samples: CurveSample[];
}

/** The curve's samples in time order, checked for the gaps the replay cannot bridge. */
export function checkedSamples(curve: RecordedCurve): CurveSample[] {
  const samples = [...curve.samples].sort((a, b) => a.t - b.t);
  if (samples.length < 2) throw new Error('the recorded curve has fewer than 2 samples');
  for (let i = 1; i < samples.length; i++) {
    if (samples[i].t - samples[i - 1].t > 5) throw new Error(`the recorded curve has a gap from t=${samples[i - 1].t} to t=${samples[i].t}`);
  }
  return samples;
}
