import { newExecutionId } from '../../src/domain/execution';
import { JobSpec } from '../../src/domain/job';
import { attachGraph } from '../../src/domain/job-graph';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { ensureBuilt } from '../support/processes';
import { RedisServer } from '../support/redis-server';
import { overlappingRuns, RecordedRun, RunRecorder } from '../support/run-recorder';
import { waitFor } from '../support/wait-for';
import { WorkerFleet } from '../support/worker-fleet';

/** Short timings so that recovery happens within seconds; LEASE_MS stays above WORKER_DEAD_MS. */
const FAST = { LEASE_MS: '5000', HEARTBEAT_MS: '250', WORKER_DEAD_MS: '1500', REAPER_INTERVAL_MS: '250', WORKER_CONCURRENCY: '20' };
const EXECUTIONS = 8;
const LAYERS = 6;
const WIDTH = 20;
const FAN_IN = 3;

type Node = JobSpec & { key: string; dependsOn?: string[] };

/** A layered graph of `http` jobs to the recorder: each job past the first layer waits on FAN_IN jobs of the layer before. */
function layeredGraph(url: string): Node[] {
  const nodes: Node[] = [];
  for (let layer = 0; layer < LAYERS; layer++) {
    for (let i = 0; i < WIDTH; i++) {
      const node: Node = { type: 'http', key: `l${layer}-${i}`, payload: { url, body: { layer, i } } };
      if (layer > 0) node.dependsOn = Array.from({ length: FAN_IN }, (_, k) => `l${layer - 1}-${(i + k * 7) % WIDTH}`);
      nodes.push(node);
    }
  }
  return nodes;
}

/**
 * Real processes against a redis-server this file owns (append-only, fsync always): graph jobs run
 * while a worker is SIGKILLed and replaced and Redis itself is SIGKILLed and restarted from its
 * AOF. Every job still succeeds, and no job's call starts before every call of each of its parents
 * that got an answer has ended: a child becomes claimable only in the step that records its last
 * parent's success, so no crash can let it run early or leave it waiting for good.
 */
describe('job graphs under worker and Redis crashes', () => {
  let redis: RedisServer;
  let recorder: RunRecorder;
  let fleet: WorkerFleet | undefined;

  beforeAll(async () => {
    ensureBuilt();
    redis = await RedisServer.start({ appendOnly: true });
  }, 180_000);

  afterAll(async () => {
    await fleet?.close();
    await recorder?.close();
    await redis?.stop();
  });

  it('runs every job once its parents succeeded, through kill -9 of a worker and of Redis', async () => {
    recorder = await RunRecorder.start(25);
    const f = (fleet = new WorkerFleet(redis.url, FAST));
    const [victim] = await f.startWorkers(3);
    const parentsOf = new Map<string, string[]>();
    const nodes = layeredGraph(recorder.url);
    for (let e = 0; e < EXECUTIONS; e++) {
      const id = newExecutionId(f.queue);
      const jobs = nodes.map((n) => normalizeJobSpec({ ...n, queue: f.queue, executionId: id }, { now: Date.now(), maxPayloadBytes: 1 << 20 }));
      attachGraph(nodes, jobs);
      for (const job of jobs) parentsOf.set(job.id, job.graph?.parentIds ?? []);
      await f.store.executions.create({ id, queue: f.queue }, jobs);
    }
    const total = EXECUTIONS * nodes.length;

    await waitFor('a fifth of the jobs to succeed', async () => (await f.counts()).succeeded >= total / 5, { describe: () => f.logs() });
    await f.kill(victim);
    await f.startWorkers(1);
    await waitFor('half of the jobs to succeed', async () => (await f.counts()).succeeded >= total / 2, { timeoutMs: 60_000, describe: () => f.logs() });
    await redis.kill();
    await new Promise((r) => setTimeout(r, 300));
    await redis.launch();

    await waitFor('every job to succeed', async () => (await f.counts()).succeeded === total, { timeoutMs: 120_000, describe: () => f.logs() });
    await expect(f.counts()).resolves.toMatchObject({ blocked: 0, pending: 0, running: 0, failed: 0, skipped: 0 });

    const answered = recorder.answeredRuns();
    expect(answered.size).toBe(total);
    expect(overlappingRuns(recorder.runs)).toEqual([]);
    const lastEnd = (runs: RecordedRun[] | undefined): number => Math.max(...(runs ?? []).map((r) => r.end));
    const early: string[] = [];
    for (const run of recorder.runs) {
      for (const parent of parentsOf.get(run.jobId) ?? []) {
        if (run.start < lastEnd(answered.get(parent))) early.push(`${run.jobId} started before its parent ${parent} ended`);
      }
    }
    expect(early).toEqual([]);
  }, 240_000);
});
