import { queueOfJobId } from '../../src/domain/job-id';
import { createClusterClient } from '../../src/modules/queue/redis/redis-connection';
import { readQueueEvents } from '../support/claim-events';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { RedisCluster } from '../support/redis-cluster';
import { RunRecorder } from '../support/run-recorder';
import { waitFor } from '../support/wait-for';
import { WorkerFleet } from '../support/worker-fleet';

/** Short timings so that recovery happens within seconds; LEASE_MS stays above WORKER_DEAD_MS. */
const FAST = { LEASE_MS: '5000', HEARTBEAT_MS: '250', WORKER_DEAD_MS: '1500', REAPER_INTERVAL_MS: '250' };

/** What a client saw while it kept POSTing jobs through a failover. */
interface ClientLoop {
  acknowledged: string[];
  unavailable: number;
  /** 503s without a Retry-After, and any other status: each is a defect */
  wrong: string[];
  stop(): Promise<void>;
}

/**
 * `clients` concurrent clients POSTing one http job each, again and again, until stopped, as a
 * careful client does: each job has an idempotency key, and a 503 is retried with the same key
 * after a pause, so a job that was stored although its answer was a 503 is not added twice. A
 * stopped client still finishes the job it is on.
 */
function keepPosting(api: ClaimqProcess, url: string, clients: number): ClientLoop {
  const loop: ClientLoop = { acknowledged: [], unavailable: 0, wrong: [], stop: async () => undefined };
  let running = true;
  let next = 0;
  const one = async (): Promise<void> => {
    while (running) {
      const key = `client-${next++}`;
      for (let tries = 0; ; tries++) {
        try {
          const res = await fetch(`http://127.0.0.1:${api.port}/jobs`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'http', payload: { url }, idempotencyKey: key }),
            signal: AbortSignal.timeout(20_000),
          });
          const body = (await res.json()) as { id?: string; message?: string };
          if ((res.status === 201 || res.status === 200) && body.id) {
            loop.acknowledged.push(body.id);
            break;
          }
          if (res.status === 503 && Number(res.headers.get('retry-after')) >= 1) loop.unavailable++;
          else loop.wrong.push(`${res.status} ${JSON.stringify(body)}`);
        } catch (error) {
          loop.wrong.push(`no answer: ${(error as Error).message}`);
        }
        if (tries > 100) {
          loop.wrong.push(`${key}: never acknowledged`);
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const all = Promise.all(Array.from({ length: clients }, one));
  loop.stop = async () => {
    running = false;
    await all;
  };
  return loop;
}

/**
 * A master of a real Redis Cluster SIGKILLed while worker processes run jobs and an API process
 * takes new ones: the replica is promoted, the API answers 503 + Retry-After in the gap (never
 * 500), workers pause and go on by themselves, and every job is checked against a recording
 * server: run at least once, completed once, none stuck; with REDIS_WAIT_REPLICAS=1 no job the
 * API acknowledged is lost.
 */
describe('a Redis Cluster master SIGKILLed under load', () => {
  let cluster: RedisCluster;
  let recorder: RunRecorder | undefined;
  let fleet: WorkerFleet | undefined;
  let api: ClaimqProcess | undefined;
  let loop: ClientLoop | undefined;

  beforeAll(async () => {
    ensureBuilt();
    cluster = await RedisCluster.start();
  }, 180_000);

  afterEach(async () => {
    await loop?.stop();
    await api?.kill();
    await fleet?.close();
    await recorder?.close();
    loop = api = fleet = recorder = undefined;
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  /**
   * With `partitions` > 1 the queue is spread over the masters, jobs are enqueued in calls of 25
   * (so into every partition), a worker is SIGKILLed and replaced before the master is, and the
   * master killed is that of partition 1.
   */
  async function failoverUnderLoad(waitReplicas: number, partitions = 1) {
    await cluster.waitForReplicas();
    recorder = await RunRecorder.start(20);
    const seeds = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
    const replicaEnv = { REDIS_WAIT_REPLICAS: String(waitReplicas), REDIS_WAIT_TIMEOUT_MS: '1000' };
    const f = (fleet = new WorkerFleet(
      {
        env: { REDIS_CLUSTER_NODES: cluster.seeds, ...replicaEnv },
        connect: () => createClusterClient({ seeds, tls: false }),
        storeOptions: { replicaWait: { replicas: waitReplicas, timeoutMs: 1000 } },
        partitions,
      },
      { ...FAST, WORKER_CONCURRENCY: '20' },
    ));
    await f.startWorkers(3);
    api = await ClaimqProcess.start({ MODE: 'api', ...f.processEnv, ...replicaEnv });
    await api.waitForOutput(/listening on/);

    const specs = Array.from({ length: 1500 }, (_, i) => ({ type: 'http', payload: { url: recorder!.url, body: { i } } }));
    const initial = await f.enqueue(specs, partitions > 1 ? 25 : 500);
    loop = keepPosting(api, recorder.url, 4);
    await waitFor('a quarter of the jobs to succeed', async () => (await f.counts()).succeeded >= 400, { describe: () => f.logs() });

    if (partitions > 1) {
      await f.kill(f.workers[0]);
      await f.startWorkers(1);
    }
    const names = await f.partitionNames();
    if (partitions > 1) {
      // spread evenly: as many partitions on each master
      const perMaster = new Map<number, number>();
      for (const name of names) {
        const master = await cluster.masterOf(`{${name}}`);
        perMaster.set(master, (perMaster.get(master) ?? 0) + 1);
      }
      expect([...perMaster.values()]).toEqual([2, 2, 2]);
    }
    const tag = `{${names[Math.min(1, names.length - 1)]}}`;
    const victim = await cluster.masterOf(tag);
    await cluster.kill(victim);
    await waitFor('a replica to take over the queue', async () => (await cluster.masterOf(tag)) !== victim, { timeoutMs: 30_000 });
    await cluster.waitUntilOk();
    // the supervisor brings the killed node back: it rejoins as the new master's replica
    await cluster.restart(victim);
    const before = loop.acknowledged.length;
    await waitFor('the API to acknowledge jobs after the failover', () => loop!.acknowledged.length > before + 20, { timeoutMs: 30_000, describe: () => api!.log });
    await loop.stop();

    const ids = [...initial, ...new Set(loop.acknowledged)];
    /** The jobs not succeeded yet at the last look, by status (what a timeout reports). */
    let open: Record<string, number> = {};
    const jobs = await waitFor(
      'every acknowledged job to end',
      async () => {
        const all = await Promise.all(ids.map((id) => f.store.admin.get(id)));
        open = {};
        for (const j of all) if (j !== null && j.status !== 'succeeded') open[j.status] = (open[j.status] ?? 0) + 1;
        return Object.keys(open).length === 0 ? all : undefined;
      },
      { timeoutMs: 90_000, describe: () => `not succeeded yet: ${JSON.stringify(open)}\n${f.logs()}` },
    );
    return { f, ids, jobs, victim };
  }

  /** Succeeded events per job in the streams of the queue's partitions (a job completed twice would have two). */
  async function completionsPerJob(f: WorkerFleet): Promise<Map<string, number>> {
    const completions = new Map<string, number>();
    for (const partition of await f.partitionNames()) {
      for (const event of await readQueueEvents(f.admin, f.prefix, partition)) {
        if (event.k === 'succeeded') completions.set(event.id, (completions.get(event.id) ?? 0) + 1);
      }
    }
    return completions;
  }

  /**
   * With REDIS_WAIT_REPLICAS=1: no 500; none lost (every job the API or the store acknowledged is
   * there, succeeded, and reached the recording server); none completed twice.
   */
  async function expectNoneLostNoneTwice(f: WorkerFleet, ids: string[], jobs: unknown[]): Promise<Map<string, number>> {
    expect(loop!.wrong, api!.log.split('\n').filter((l) => /"level":50|500|rror/.test(l)).slice(0, 3).join('\n')).toEqual([]);
    expect(jobs.filter((j) => j === null)).toHaveLength(0);
    const answered = recorder!.answeredRuns();
    expect(ids.filter((id) => !answered.has(id))).toEqual([]);
    const completions = await completionsPerJob(f);
    expect([...completions].filter(([, n]) => n > 1)).toEqual([]);
    await expect(f.counts()).resolves.toMatchObject({ pending: 0, running: 0, scheduled: 0, failed: 0, succeeded: ids.length });
    return completions;
  }

  it('with REDIS_WAIT_REPLICAS=1: the API answers 201 or 503 + Retry-After, never 500; every acknowledged job runs and is completed once, none lost', async () => {
    const { f, ids, jobs } = await failoverUnderLoad(1);
    await expectNoneLostNoneTwice(f, ids, jobs);
    // the workers went on by themselves: none died, and jobs acknowledged after the failover ran
    expect(f.started.every((w) => w.process.running)).toBe(true);
  }, 240_000);

  it('with REDIS_WAIT_REPLICAS=0: never 500, no job completed twice, none stuck (acknowledged writes may be lost)', async () => {
    const { f, ids, jobs } = await failoverUnderLoad(0);
    expect(loop!.wrong, api!.log.split('\n').filter((l) => /"level":50|500|rror/.test(l)).slice(0, 3).join('\n')).toEqual([]);
    const lost = jobs.filter((j) => j === null).length;
    // asynchronous replication loses at most the writes of the last moments before the kill
    expect(lost).toBeLessThan(ids.length / 10);
    const answered = recorder!.answeredRuns();
    expect(ids.filter((id, i) => jobs[i] !== null && !answered.has(id))).toEqual([]);
    const completions = await completionsPerJob(f);
    expect([...completions].filter(([, n]) => n > 1)).toEqual([]);
    const counts = await f.counts();
    expect(counts).toMatchObject({ pending: 0, running: 0, scheduled: 0, failed: 0 });
    expect(f.started.every((w) => w.process.running)).toBe(true);
  }, 240_000);

  it('a queue of 6 partitions over the 3 masters, a worker and then a master SIGKILLed: never 500, every acknowledged job runs and is completed once', async () => {
    const { f, ids, jobs } = await failoverUnderLoad(1, 6);
    // jobs went to every partition
    expect(new Set(ids.map((id) => queueOfJobId(id)))).toEqual(new Set(await f.partitionNames()));
    const completions = await expectNoneLostNoneTwice(f, ids, jobs);
    expect(ids.filter((id) => completions.get(id) !== 1)).toEqual([]);
    expect(f.workers.every((w) => w.process.running)).toBe(true);
  }, 240_000);
});
