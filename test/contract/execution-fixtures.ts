import { ExecutionRecord, newExecutionId } from '../../src/domain/execution';
import { emptyCounts, JobSpec, QueueCounts } from '../../src/domain/job';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { newJob, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

/** Creates an execution of QUEUE with one job per spec (each tagged with the execution id). */
export async function createExecution(
  h: StoreHarness,
  specs: Array<Partial<JobSpec>>,
  callbackUrl?: string,
): Promise<ExecutionRecord> {
  const id = newExecutionId(QUEUE, h.clock.now());
  const jobs = specs.map((s) => newJob(h, { ...s, executionId: id }));
  return h.store.executions.create({ id, queue: QUEUE, ...(callbackUrl ? { callbackUrl } : {}) }, jobs);
}

/** The counters the execution's jobs say it should have, read job by job. */
export async function countsFromJobs(store: JobEngine, id: string): Promise<QueueCounts> {
  const counts = emptyCounts();
  let cursor: string | undefined;
  do {
    const page = await store.executions.listJobs(id, 500, cursor);
    for (const job of page.items) counts[job.status] += 1;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return counts;
}

/** The stored counters equal the jobs' statuses, and sum to the total. */
export async function expectExactCounters(store: JobEngine, id: string): Promise<ExecutionRecord> {
  const record = (await store.executions.get(id))!;
  expect(record).not.toBeNull();
  expect(record.counts).toEqual(await countsFromJobs(store, id));
  expect(Object.values(record.counts).reduce((a, b) => a + b, 0)).toBe(record.total);
  return record;
}

/** Claims every dirty execution of QUEUE (one refresher) and returns their ids. */
export async function drainRefresh(store: JobEngine, refresher = 'r1'): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const batch = await store.executions.claimRefresh(QUEUE, refresher, 100);
    if (batch.length === 0) return ids;
    ids.push(...batch.map((e) => e.id));
    await store.executions.ackRefresh(QUEUE, refresher, batch.map((e) => e.id), []);
  }
}
