import { JobEngine } from '../../src/modules/queue/job-engine';
import { LEASE_MS, newJob, QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';

const CLIENTS = 8;
const JOBS = 5000;

async function drain(store: JobEngine, workerId: string): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const { jobs } = await store.jobs.claim(QUEUE, workerId, 25, LEASE_MS);
    if (jobs.length === 0) return seen;
    seen.push(...jobs.map((j) => j.job.id));
    const outcomes = await store.jobs.complete(QUEUE, jobs.map((j) => ({ id: j.job.id, token: j.token })));
    expect(outcomes.every((o) => o === 'succeeded')).toBe(true);
  }
}

export function describeConcurrencyCases(current: () => StoreHarness): void {
  describe('concurrent claimers', () => {
    it(`hands each of ${JOBS} jobs to exactly one of ${CLIENTS} parallel clients`, async () => {
      const h = current();
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i += 500) {
        const batch = Array.from({ length: 500 }, () => newJob(h));
        ids.push(...(await h.store.jobs.enqueue(batch)).map((r) => r.job.id));
      }
      const clients = await Promise.all(Array.from({ length: CLIENTS }, () => h.peer()));
      const perClient = await Promise.all(clients.map((store, i) => drain(store, `worker-${i}`)));
      const claimed = perClient.flat();
      expect(claimed).toHaveLength(JOBS);
      expect(new Set(claimed)).toEqual(new Set(ids));
      await expect(h.store.admin.counts(QUEUE)).resolves.toMatchObject({ pending: 0, running: 0, succeeded: JOBS });
    });
  });
}
