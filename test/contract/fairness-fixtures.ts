import { Job, JobSpec, NewJob } from '../../src/domain/job';
import { queueOfJobId } from '../../src/domain/job-id';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { LEASE_MS, newJob, QUEUE, WORKER } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** Shared by the fairness case files: jobs of a group, claims read as groups, partition-aware order. */

/** A job of `group` (undefined: the default group). */
export function groupJob(h: StoreHarness, group: string | undefined, spec: Partial<JobSpec> = {}): NewJob {
  const job = newJob(h, spec);
  return group === undefined ? job : { ...job, group };
}

/** Enqueues `count` jobs of `group` in one call and returns them. */
export async function enqueueGroup(h: StoreHarness, group: string | undefined, count: number, spec: Partial<JobSpec> = {}): Promise<Job[]> {
  const results = await h.store.jobs.enqueue(Array.from({ length: count }, () => groupJob(h, group, spec)));
  return results.map((r) => r.job);
}

/** A job's group as the stores name it: '' for the default group. */
export function groupOf(job: Job): string {
  return job.group ?? '';
}

/** The partition a job lives in (the queue itself when not partitioned). */
export function partitionOf(job: Job): string {
  return queueOfJobId(job.id) ?? job.queue;
}

/** Claims one job `n` times, failing when a claim comes back empty. */
export async function claimSingly(store: JobEngine, n: number, workerId = WORKER): Promise<Job[]> {
  const claimed: Job[] = [];
  for (let i = 0; i < n; i++) {
    const { jobs } = await store.jobs.claim(QUEUE, workerId, 1, LEASE_MS);
    if (jobs.length !== 1) throw new Error(`claim ${i + 1} of ${n} took ${jobs.length} jobs`);
    claimed.push(jobs[0].job);
  }
  return claimed;
}

/**
 * The groups of the claimed jobs in the order `expected` names them: exactly, or with a
 * partitioned queue within each partition (a group's jobs all live in one partition, its home,
 * taken from the jobs enqueued; claims take from partitions in turn, so only the order within one
 * is the round's).
 */
export function expectGroupOrder(h: StoreHarness, claimed: readonly Job[], expected: readonly string[], enqueued: readonly Job[]): void {
  if (!h.partitions) {
    expect(claimed.map(groupOf)).toEqual(expected);
    return;
  }
  const home = new Map(enqueued.map((job) => [groupOf(job), partitionOf(job)]));
  expect(claimed).toHaveLength(expected.length);
  for (const partition of new Set(home.values())) {
    expect(claimed.filter((job) => partitionOf(job) === partition).map(groupOf)).toEqual(expected.filter((group) => home.get(group) === partition));
  }
}

/** How many of `jobs` each group has. */
export function countByGroup(jobs: readonly Job[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(groupOf(job), (counts.get(groupOf(job)) ?? 0) + 1);
  return counts;
}

/** A few turns of the event loop: lets concurrent claimers interleave without sleeping. */
export async function yieldTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A seeded generator (mulberry32): the same interleaving on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
