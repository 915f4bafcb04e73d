import { MAX_BULK_JOBS } from '../../src/modules/jobs/job-limits';
import { sleep } from '../latency';
import { enqueueBulk, enqueueOne, httpJob, JobRequest, queueCounts, sleepJob } from './claimq-api';
import { ClaimqFleet } from './claimq-fleet';
import { JobTarget } from './job-target';
import { LatencySample, LatencySummary, summarizeLatency } from './latency-samples';
import { SplitSettings } from './split-settings';

/**
 * The measurements of one fleet that go through the API: drain, idle pickup, priority behind a
 * backlog. Every time is performance.now() of the bench process: a send is timed just before its
 * POST, a start when the loopback target receives the job's call.
 */
export interface PhaseContext {
  fleet: ClaimqFleet;
  target: JobTarget;
  settings: SplitSettings;
  log: (line: string) => void;
}

export interface DrainFigures {
  seconds: number;
  /** the jobs were not all done within BENCH_DRAIN_TIMEOUT_S: seconds is that timeout */
  timedOut: boolean;
  /** calls beyond one per job (a job run twice) */
  duplicateCalls: number;
}

export interface PriorityFigures extends LatencySummary {
  /** the fewest pending jobs GET /queues showed from the first priority-10 send to the end */
  backlogPendingMin: number;
}

/** BENCH_DRAIN_JOBS http jobs in bulks of BENCH_DRAIN_BULK, spread over the endpoints: seconds from the first send to the last job done. */
export async function drain({ fleet, target, settings, log }: PhaseContext): Promise<DrainFigures> {
  const { drainJobs, drainBulk, drainTimeoutS } = settings;
  if (drainBulk > MAX_BULK_JOBS) throw new Error(`BENCH_DRAIN_BULK is at most ${MAX_BULK_JOBS} (the API's bulk limit)`);
  target.reset();
  const endpoints = fleet.endpoints;
  const started = performance.now();
  const deadline = started + drainTimeoutS * 1000;
  for (let from = 0, b = 0; from < drainJobs; from += drainBulk, b++) {
    const jobs = Array.from({ length: Math.min(drainBulk, drainJobs - from) }, (_, k) => httpJob(target.url('drain', from + k)));
    await enqueueBulk(endpoints[b % endpoints.length], jobs);
  }
  const sentIn = performance.now() - started;
  let done = await target.waitFor(() => target.count('drain').answered >= drainJobs, deadline - performance.now());
  // answered by the target; done once the worker has recorded it (GET /queues says succeeded)
  while (done && (await queueCounts(endpoints[0])).succeeded < drainJobs) {
    if (performance.now() > deadline) done = false;
    else await sleep(10);
  }
  const seconds = done ? (performance.now() - started) / 1000 : drainTimeoutS;
  const count = target.count('drain');
  log(`drain: ${done ? `${seconds.toFixed(2)} s` : `not done in ${drainTimeoutS} s (${count.answered} of ${drainJobs} answered)`} (sent in ${(sentIn / 1000).toFixed(2)} s)`);
  return { seconds: Number(seconds.toFixed(3)), timedOut: !done, duplicateCalls: count.calls - count.distinct };
}

/**
 * Idle pickup: single http jobs, each sent once the previous one has run (its call answered, and
 * BENCH_PICKUP_GAP_MS more for the worker to record it and wait again), send to start.
 */
export async function pickup({ fleet, target, settings, log }: PhaseContext): Promise<LatencySummary> {
  const { pickupSamples, pickupGapMs, pickupTimeoutS, pickupMaxS, jobMs } = settings;
  target.reset();
  const endpoints = fleet.endpoints;
  const samples: LatencySample[] = [];
  const until = performance.now() + pickupMaxS * 1000;
  for (let i = 0; i < pickupSamples && performance.now() < until; i++) {
    const sentAt = performance.now();
    await enqueueOne(endpoints[i % endpoints.length], httpJob(target.url('pickup', i)));
    const started = await target.waitFor(() => target.arrivedAt('pickup', i) !== undefined, pickupTimeoutS * 1000);
    if (started) {
      samples.push({ ms: target.arrivedAt('pickup', i)! - sentAt, started: true });
      await sleep(jobMs + pickupGapMs);
    } else {
      samples.push({ ms: performance.now() - sentAt, started: false });
    }
  }
  const summary = summarizeLatency(samples);
  log(`pickup: p50 ${summary.p50} ms, p95 ${summary.p95} ms over ${summary.samples} (${summary.censored} not started within ${pickupTimeoutS} s)`);
  return summary;
}

/** Sends `count` jobs in bulks of up to MAX_BULK_JOBS, one bulk in flight per endpoint. */
async function enqueueMany(endpoints: string[], count: number, job: () => JobRequest): Promise<void> {
  let left = count;
  await Promise.all(
    endpoints.map(async (endpoint) => {
      while (left > 0) {
        const n = Math.min(MAX_BULK_JOBS, left);
        left -= n;
        await enqueueBulk(endpoint, Array.from({ length: n }, job));
      }
    }),
  );
}

/**
 * BENCH_PRIORITY_BACKLOG priority-0 sleep jobs waiting and the workers busy on them, kept above
 * 90 % of it; then BENCH_PRIORITY_JOBS priority-10 http jobs, one every BENCH_PRIORITY_EVERY_MS:
 * send to start of each. One that has not started BENCH_PRIORITY_TIMEOUT_S after the last send
 * counts as what it waited by then (a lower bound, `censored`).
 */
export async function priority({ fleet, target, settings, log }: PhaseContext): Promise<PriorityFigures> {
  const { priorityBacklog, priorityJobs, priorityEveryMs, priorityTimeoutS, jobMs } = settings;
  target.reset();
  const endpoints = fleet.endpoints;
  const filling = performance.now();
  await enqueueMany(endpoints, priorityBacklog, () => sleepJob(jobMs));
  let pending = (await queueCounts(endpoints[0])).pending;
  log(`priority: ${priorityBacklog} sleep jobs sent in ${((performance.now() - filling) / 1000).toFixed(1)} s, ${pending} pending`);
  if (pending < priorityBacklog) await enqueueMany(endpoints, priorityBacklog - pending, () => sleepJob(jobMs));

  let topping = true;
  let backlogPendingMin = Number.POSITIVE_INFINITY;
  const topUp = (async () => {
    while (topping) {
      pending = (await queueCounts(endpoints[0])).pending;
      backlogPendingMin = Math.min(backlogPendingMin, pending);
      if (pending < priorityBacklog * 0.9) await enqueueMany(endpoints, priorityBacklog - pending, () => sleepJob(jobMs));
      await sleep(1000);
    }
  })();
  const sentAt: number[] = [];
  try {
    const first = performance.now();
    for (let k = 0; k < priorityJobs; k++) {
      await sleep(Math.max(0, first + k * priorityEveryMs - performance.now()));
      sentAt.push(performance.now());
      await enqueueOne(endpoints[k % endpoints.length], httpJob(target.url('urgent', k), 10));
    }
    await target.waitFor(() => target.count('urgent').distinct >= priorityJobs, priorityTimeoutS * 1000);
  } finally {
    topping = false;
    await topUp;
  }
  const now = performance.now();
  const samples = sentAt.map((at, k) => {
    const arrived = target.arrivedAt('urgent', k);
    return arrived === undefined ? { ms: now - at, started: false } : { ms: arrived - at, started: true };
  });
  const summary = summarizeLatency(samples);
  log(`priority: p50 ${summary.p50} ms, p99 ${summary.p99} ms (${summary.censored} of ${priorityJobs} not started within ${priorityTimeoutS} s of the last send), pending >= ${backlogPendingMin}`);
  return { ...summary, backlogPendingMin };
}
