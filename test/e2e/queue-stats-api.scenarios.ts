import { STATS_STEP_MS, STATS_WINDOW_STEPS, stepOf } from '../../src/domain/queue-stats';
import { eventually } from '../support/eventually';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface StatsBody {
  queue: string;
  at: string;
  counts: Record<string, number>;
  oldestPending: { jobId: string | null; since: string | null; ageMs: number | null; approximate?: boolean };
  throughput: { stepMs: number; from: string; succeeded: number[]; failed: number[] };
  pickupMs: { p50: number | null; p95: number | null; count: number };
  runMs: { p50: number | null; p95: number | null; count: number };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const stepsWithResults = (values: number[]) => values.flatMap((n, i) => (n > 0 ? [i] : []));

/**
 * GET /queues/:name/stats with real workers (MODE=all): the jobs they run show in the throughput
 * step of their settle and in the latency percentiles (written by the workers' 2 s flush), and the
 * oldest pending job of a paused queue is the first enqueued. Written once, run on every store.
 */
export function describeQueueStatsApi(storeName: string, env: () => Record<string, string>): void {
  describe(`GET /queues/:name/stats on the ${storeName} store`, () => {
    const queue = uniqueQueue();
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({ ...env(), MODE: 'all', QUEUES: queue, WORKER_CONCURRENCY: '4' });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    const stats = async (): Promise<StatsBody> => (await e2e.http().get(`/queues/${queue}/stats`).expect(200)).body as StatsBody;

    it('reads an idle queue as zero counts, no oldest job, empty steps and null percentiles', async () => {
      const body = await stats();
      expect(body.queue).toBe(queue);
      expect(body.at).toMatch(ISO);
      expect(body.counts).toEqual({ pending: 0, scheduled: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0, blocked: 0, skipped: 0 });
      expect(body.oldestPending).toEqual({ jobId: null, since: null, ageMs: null });
      expect(body.throughput.stepMs).toBe(STATS_STEP_MS);
      expect(body.throughput.from).toMatch(ISO);
      expect(Date.parse(body.at) - Date.parse(body.throughput.from)).toBeGreaterThanOrEqual((STATS_WINDOW_STEPS - 1) * STATS_STEP_MS);
      expect(body.throughput.succeeded).toEqual(new Array(STATS_WINDOW_STEPS).fill(0));
      expect(body.throughput.failed).toEqual(new Array(STATS_WINDOW_STEPS).fill(0));
      expect(body.pickupMs).toEqual({ p50: null, p95: null, count: 0 });
      expect(body.runMs).toEqual({ p50: null, p95: null, count: 0 });
    });

    it('shows the jobs the workers ran in the steps they ended in, with pickup and run percentiles', async () => {
      const startedAt = Date.now();
      for (let i = 0; i < 3; i++) await e2e.http().post('/jobs').send({ type: 'sleep', queue, payload: { ms: 20 } }).expect(201);
      // no handler for this type: the attempt fails, and with one attempt the job is failed
      await e2e.http().post('/jobs').send({ type: 'no-handler-for-this', queue, maxAttempts: 1 }).expect(201);

      const body = await eventually(async () => {
        const b = await stats();
        expect(sum(b.throughput.succeeded)).toBe(3);
        expect(sum(b.throughput.failed)).toBe(1);
        return b;
      });
      const endedBy = Date.parse(body.at);
      expect(body.counts).toMatchObject({ succeeded: 3, failed: 1, pending: 0, running: 0 });
      // every result sits in a step between the first enqueue and the read
      const firstStep = stepOf(Date.parse(body.throughput.from));
      const possible = new Set<number>();
      for (let s = stepOf(startedAt); s <= stepOf(endedBy); s++) possible.add(s - firstStep);
      for (const i of [...stepsWithResults(body.throughput.succeeded), ...stepsWithResults(body.throughput.failed)]) expect(possible).toContain(i);
      expect(body.pickupMs.count).toBe(4);
      expect(body.pickupMs.p50).not.toBeNull();
      expect(body.pickupMs.p95).not.toBeNull();
      expect(body.runMs.count).toBe(4);
      expect(body.runMs.p50).not.toBeNull();
      // three of the four runs slept 20 ms
      expect(body.runMs.p95).toBeGreaterThanOrEqual(20 / 1.5);
    });

    it('names the pending job that has waited longest, with its age, while the queue is paused', async () => {
      await e2e.http().post(`/queues/${queue}/pause`).expect(200);
      try {
        const first = (await e2e.http().post('/jobs').send({ type: 'noop', queue }).expect(201)).body as { id: string; createdAt: string };
        await new Promise((resolve) => setTimeout(resolve, 5));
        await e2e.http().post('/jobs').send({ type: 'noop', queue, priority: 9 }).expect(201);
        await e2e.http().post('/jobs').send({ type: 'noop', queue, group: 'g' }).expect(201);
        const body = await stats();
        expect(body.counts.pending).toBe(3);
        expect(body.oldestPending.jobId).toBe(first.id);
        expect(body.oldestPending.since).toBe(first.createdAt);
        expect(body.oldestPending.ageMs).toBe(Date.parse(body.at) - Date.parse(first.createdAt));
        expect(body.oldestPending.approximate).toBeUndefined();
      } finally {
        await e2e.http().post(`/queues/${queue}/resume`).expect(200);
      }
    });

    it('refuses a queue outside QUEUES with 400 naming name', async () => {
      const res = await e2e.http().get('/queues/not-a-configured-queue/stats').expect(400);
      expect(res.body.errors).toEqual([{ field: 'name', reason: expect.stringContaining('QUEUES') }]);
      const bad = await e2e.http().get('/queues/a%20b/stats').expect(400);
      expect(bad.body.errors).toEqual([{ field: 'name', reason: 'must match [A-Za-z0-9_.:-]{1,100}' }]);
    });
  });
}
