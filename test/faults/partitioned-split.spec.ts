import { IncomingMessage, ServerResponse } from 'node:http';
import { queueOfJobId } from '../../src/domain/job-id';
import { keyHome } from '../../src/domain/queue-partition';
import { RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { startRouteServer, RouteServer } from '../support/loopback-http';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { uniqueTestPrefix } from '../support/redis-store-harness';
import { oneRedis, RedisTopology, redisCluster } from '../support/redis-topologies';

const PARTITIONS = 6;
const SLOTS_PER_WORKER = 2;
const WORKERS = 2;
const SLOTS = SLOTS_PER_WORKER * WORKERS;

describeSplit('one Redis', oneRedis);
describeSplit('a Redis Cluster of 3 masters and 3 replicas', redisCluster);

/**
 * A partitioned queue (`QUEUES=default:6`) where users deploy it: two API processes and two worker
 * processes apart, on one Redis and on a cluster (the partitions spread over its masters). Jobs are `http` jobs calling a loopback server in this test, which
 * records the order in which they start (`x-claimq-job-id`); a job's id names its partition. The
 * workers wait up to WORKER_IDLE_WAIT_MS=600000 between claims when idle, so a job that runs was
 * woken for, not polled for. Nothing here measures time: what is asserted is whether and in which
 * order jobs start.
 */
function describeSplit(where: string, open: () => Promise<RedisTopology>): void {
  describe(`a queue of ${PARTITIONS} partitions with API and worker processes apart, on ${where}`, () => {
    let topology: RedisTopology;
    let prefix: string;
    let admin: RedisClient;
    let target: RouteServer;
    let procs: ClaimqProcess[] = [];
    let apis: ClaimqProcess[] = [];
    /** Job ids in the order their calls reached the target (a retry appears once per attempt). */
    let started: string[] = [];

    beforeAll(async () => {
      ensureBuilt();
      topology = await open();
    }, 180_000);

    afterAll(async () => {
      await topology?.stop();
    });

    beforeEach(async () => {
      prefix = uniqueTestPrefix();
      admin = topology.connect();
      started = [];
      target = await startRouteServer();
      // long enough that a backlog keeps every slot busy; /fail-first answers a job's first attempt 500
      const run = (failFirst: boolean) => (req: IncomingMessage, _body: string, res: ServerResponse) => {
        started.push(String(req.headers['x-claimq-job-id']));
        const status = failFirst && req.headers['x-claimq-attempt'] === '1' ? 500 : 200;
        setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'), 15);
      };
      target.routes.set('/run', run(false));
      target.routes.set('/fail-first', run(true));
    });

    afterEach(async () => {
      await Promise.all(procs.splice(0).map((p) => p.kill()));
      apis = [];
      await target.close();
      await topology.cleanup(admin, prefix);
      admin.disconnect();
    });

    async function startFleet(): Promise<void> {
      const env = { JOB_STORE: 'redis', ...topology.env(), REDIS_PREFIX: prefix, QUEUES: `default:${PARTITIONS}` };
      apis = await Promise.all([0, 1].map(() => ClaimqProcess.start({ ...env, MODE: 'api', HTTP_HOST_CONCURRENCY: '0' })));
      const workers = await Promise.all(
        Array.from({ length: WORKERS }, () =>
          ClaimqProcess.start({ ...env, MODE: 'worker', WORKER_CONCURRENCY: String(SLOTS_PER_WORKER), HTTP_HOST_CONCURRENCY: '0', WORKER_IDLE_WAIT_MS: '600000' }),
        ),
      );
      procs.push(...apis, ...workers);
      await Promise.all(apis.map((p) => p.waitForOutput(/listening on/)));
      await Promise.all(workers.map((p) => p.waitForOutput(/claiming from/)));
    }

    /** An idempotency key whose home is partition `index` (keyed jobs go to their key's home). */
    function keyIn(index: number, tag: string): string {
      for (let n = 0; ; n++) {
        const key = `${tag}-${n}`;
        if (keyHome(key, PARTITIONS) === index) return key;
      }
    }

    function httpJob(key: string, extra: Record<string, unknown> = {}, path = '/run'): Record<string, unknown> {
      return { type: 'http', idempotencyKey: key, payload: { url: `${target.base}${path}`, method: 'POST' }, ...extra };
    }

    async function post(api: ClaimqProcess, path: string, body: unknown): Promise<Record<string, unknown>> {
      const res = await fetch(`http://127.0.0.1:${api.port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    }

    /** `count` jobs keyed into partition `index`, in bulks (each bulk one partition's: one script). */
    async function backlog(api: ClaimqProcess, index: number, count: number, tag: string): Promise<string[]> {
      const ids: string[] = [];
      for (let sent = 0; sent < count; sent += 100) {
        const jobs = Array.from({ length: Math.min(100, count - sent) }, (_, k) => httpJob(keyIn(index, `${tag}-${sent + k}`)));
        ids.push(...((await post(api, '/jobs/bulk', { jobs })).ids as string[]));
      }
      return ids;
    }

    /**
     * Waits for `check`. Its 30 s are no measure of speed: a worker that nobody wakes waits 600 s
     * (WORKER_IDLE_WAIT_MS), so a job that does not start within them was not woken for.
     */
    async function until(what: string, check: () => boolean, withinMs = 30_000): Promise<void> {
      const deadline = Date.now() + withinMs;
      while (!check()) {
        const exited = procs.some((p) => !p.running);
        if (exited || Date.now() > deadline) {
          const starts = started.map((id) => queueOfJobId(id)).join(' ');
          throw new Error(`${exited ? 'a process exited' : 'nothing woke for it'} while waiting for ${what}; starts by partition: ${starts}\n${procs.map((p) => p.log.slice(-1500)).join('\n---\n')}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    }

    /** Starts between the start at position `from` and `id`'s first start, of jobs in `others`. */
    function startedBefore(id: string, from: number, others: Set<string>): number {
      const at = started.indexOf(id);
      return started.slice(from, at).filter((s) => others.has(s)).length;
    }

    it(
      'wakes an idle worker for a job sent through either API process to any partition, and for a retry due at once in any partition',
      async () => {
        await startFleet();
        const partitions = new Set<string>();
        for (let index = 0; index < PARTITIONS; index++) {
          // the first call of each job fails: its retry (backoff 0) is pending at once in the same partition
          const job = await post(apis[index % 2], '/jobs', httpJob(keyIn(index, 'wake'), { maxAttempts: 2, backoff: { strategy: 'fixed', delayMs: 0 } }, '/fail-first'));
          const id = job.id as string;
          partitions.add(queueOfJobId(id)!);
          try {
            await until(`job ${id} to run twice (its partition's worker woken, then its retry's)`, () => started.filter((s) => s === id).length === 2);
          } catch (err) {
            const state = await (await fetch(`http://127.0.0.1:${apis[0].port}/jobs/${id}`)).text();
            throw new Error(`${(err as Error).message.slice(0, 600)}\njob now: ${state}\nboard: ${JSON.stringify(await admin.hgetall(`${prefix}:{default}:board`))}`);
          }
        }
        expect(partitions.size).toBe(PARTITIONS);
      },
      90_000,
    );

    it(
      'starts a priority job before the lower-priority backlog of other partitions, whether its partition was empty or busy',
      async () => {
        await startFleet();
        // partitions 0 to 4 hold a backlog; partition 5 is empty (the workers saw it drained)
        const low = new Set<string>();
        for (let index = 0; index < PARTITIONS - 1; index++) for (const id of await backlog(apis[0], index, 100, `low${index}`)) low.add(id);
        await until('the backlog to be under way', () => started.length >= 2 * SLOTS);

        // into the empty partition, through the other API process
        const from1 = started.length;
        const urgent1 = (await post(apis[1], '/jobs', httpJob(keyIn(PARTITIONS - 1, 'urgent'), { priority: 10 }))).id as string;
        await until('the first priority job to start', () => started.includes(urgent1));
        // into a partition with a backlog
        const from2 = started.length;
        const urgent2 = (await post(apis[1], '/jobs', httpJob(keyIn(2, 'urgent-busy'), { priority: 10 }))).id as string;
        await until('the second priority job to start', () => started.includes(urgent2));

        // lower jobs that may still start after the priority job was sent: those claimed already
        // (one per slot, their calls under way), and those claimed until each worker's copy of the
        // board shows it (a read about 10 ms old), and one claim in flight per slot: about 3 x the
        // slots on an idle machine, more when the CI machine runs two test files at once (14 seen
        // on Node 24); never the backlog of a partition (100), which the code before the board
        // served first. The latency itself is bench:split's figure (priority p99), not a test's.
        const bound = 25;
        expect(startedBefore(urgent1, from1, low), 'lower jobs started after the priority job was sent to the empty partition').toBeLessThanOrEqual(bound);
        expect(startedBefore(urgent2, from2, low), 'lower jobs started after the priority job was sent to a busy partition').toBeLessThanOrEqual(bound);
        // and the backlog was still there: the priority jobs overtook it
        expect(started.filter((s) => low.has(s)).length).toBeLessThan(low.size / 2);
      },
      120_000,
    );

    it(
      'claims from a partition refilled through another API process while the other partitions hold backlogs',
      async () => {
        await startFleet();
        const old = new Set<string>();
        for (let index = 0; index < PARTITIONS - 1; index++) for (const id of await backlog(apis[0], index, 100, `old${index}`)) old.add(id);
        await until('the backlog to be under way', () => started.length >= 2 * SLOTS);
        // the last partition, empty until now, gets a bulk of the same priority
        const from = started.length;
        const fresh = await backlog(apis[1], PARTITIONS - 1, 20, 'fresh');
        const freshSet = new Set(fresh);
        await until('a job of the refilled partition to start', () => started.some((s) => freshSet.has(s)));
        const first = started.find((s) => freshSet.has(s))!;
        // every partition with work is claimed from within one round of claims: at most one claim
        // (one slot's worth per worker, and one claim in flight) per partition before it, and as
        // many again claimed before the refill whose starts were reported after it (starts race
        // between processes: 25 and 27 against one round's 24 were seen in .ci/run); 500 old jobs
        // wait in the other partitions, so a refill served behind them would exceed it many times
        expect(startedBefore(first, from, old)).toBeLessThanOrEqual(2 * PARTITIONS * SLOTS);
        // served while the others still held theirs, all of it before they drained
        await until('the refilled partition to be done', () => fresh.every((id) => started.includes(id)));
        expect(started.filter((s) => old.has(s)).length).toBeLessThan(old.size);
        const partitionsServed = new Set(started.filter((s) => old.has(s)).map((s) => queueOfJobId(s)));
        expect(partitionsServed.size).toBe(PARTITIONS - 1);
      },
      120_000,
    );
  });
}
