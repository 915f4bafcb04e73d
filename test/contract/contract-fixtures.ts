import { ClaimedJob, Job, JobSpec, NewJob } from '../../src/domain/job';
import { idTail, queueOfJobId } from '../../src/domain/job-id';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { MakeStoreHarness, StoreHarness } from './store-harness';

/** Shared by the contract case files: the queue they use, job builders and the per-test harness. */
export const QUEUE = 'contract';
export const LEASE_MS = 30_000;
export const WORKER = 'worker-1';

/** A fresh harness for every test, cleaned up after it. Read `current()` inside a test. */
export function useHarness(makeHarness: MakeStoreHarness): () => StoreHarness {
  let harness: StoreHarness | undefined;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(async () => {
    await harness?.cleanup();
    harness = undefined;
  });
  return () => {
    if (!harness) throw new Error('no harness: call inside a test');
    return harness;
  };
}

export function newJob(h: StoreHarness, spec: Partial<JobSpec> = {}): NewJob {
  return normalizeJobSpec({ type: 'test', queue: QUEUE, ...spec }, { now: h.clock.now(), maxPayloadBytes: 1024 * 1024 });
}

/** Enqueues one job per spec, in one call, and returns the stored jobs. */
export async function enqueueJobs(h: StoreHarness, ...specs: Array<Partial<JobSpec>>): Promise<Job[]> {
  const results = await h.store.jobs.enqueue(specs.map((s) => newJob(h, s)));
  return results.map((r) => r.job);
}

export async function enqueueJob(h: StoreHarness, spec: Partial<JobSpec> = {}): Promise<Job> {
  const [job] = await enqueueJobs(h, spec);
  return job;
}

/** Claims exactly one job, failing the test when none comes. */
export async function claimOne(store: JobEngine, workerId = WORKER, leaseMs = LEASE_MS, queue = QUEUE): Promise<ClaimedJob> {
  const { jobs } = await store.jobs.claim(queue, workerId, 1, leaseMs);
  if (jobs.length !== 1) throw new Error(`expected to claim one job, claimed ${jobs.length}`);
  return jobs[0];
}

export function leaseOf(claimed: ClaimedJob): { id: string; token: number } {
  return { id: claimed.job.id, token: claimed.token };
}

/** Pages through a listing to its end, returning every item's id in page order. */
export async function listAllIds(store: JobEngine, query: { status?: Job['status']; type?: string; limit: number }): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const result = await store.admin.list({ queue: QUEUE, ...query, cursor });
    expect(result.items.length).toBeLessThanOrEqual(query.limit);
    ids.push(...result.items.map((j) => j.id));
    if (result.nextCursor === null) return ids;
    cursor = result.nextCursor;
  }
  throw new Error('listing did not end');
}

/**
 * The ids a store gave the jobs it was sent, as the ids sent: a partitioned store gives a job an
 * id naming its partition, keeping the sent id's time and random tail (withPartition).
 */
export function sentIds(ids: readonly string[]): string[] {
  return ids.map(idTail);
}

/**
 * Claimed ids in the order `expected` gives them: exactly, or with partitioned queues within each
 * partition (jobs of separate calls may sit in separate partitions, claimed in turn).
 */
export function expectClaimOrder(h: StoreHarness, claimed: readonly string[], expected: readonly string[]): void {
  if (!h.partitions) {
    expect(claimed).toEqual(expected);
    return;
  }
  expect([...claimed].sort()).toEqual([...expected].sort());
  const partitions = new Set(expected.map((id) => queueOfJobId(id)));
  for (const partition of partitions) {
    const inPartition = (id: string) => queueOfJobId(id) === partition;
    expect(claimed.filter(inPartition)).toEqual(expected.filter(inPartition));
  }
}

/** Real-time guard for the waitForWork cases (the only ones that wait on the wall clock). */
export async function elapsedMs(work: Promise<unknown>): Promise<number> {
  const start = Date.now();
  await work;
  return Date.now() - start;
}
