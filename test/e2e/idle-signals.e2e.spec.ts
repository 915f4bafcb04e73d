import { Redis } from 'ioredis';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { callApi } from '../support/held-calls';
import { RouteServer, startRouteServer } from '../support/loopback-http';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { waitFor } from '../support/wait-for';

/**
 * Idle instances that poll almost nothing still act at once on what another instance did, because
 * the store tells them (includes/signals.lua, includes/index-writes.lua): an API process
 * (SCHEDULER_ENABLED=false) and a worker process (`node dist/main.js`) apart, on the shared Redis
 * under a prefix of each test's own.
 *
 * Every outcome is waited for with OUTCOME_MS, well under the safety nets these settings leave
 * (SCHEDULER_POLL_MS=60000, WORKER_IDLE_WAIT_MS=600000, the refresh's sweep of every queue every
 * 300 s), so only the signal or the wake-up under test can make it in time. REAPER_INTERVAL_MS is
 * raised too: the reaper promotes due jobs and wakes workers, a second way for a delayed job to run.
 */
const OUTCOME_MS = 15_000;
/** Enough for both processes' first passes (the refresh's first sweep of every queue, the scheduler's first look) to be over. */
const FIRST_PASSES_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idle instances act on signals from the store (API and worker processes apart, Redis)', () => {
  let prefix: string;
  let admin: Redis;
  let target: RouteServer;
  let procs: ClaimqProcess[] = [];
  let api: ClaimqProcess;

  beforeAll(() => {
    ensureBuilt();
  }, 300_000);

  beforeEach(async () => {
    prefix = uniqueTestPrefix();
    admin = createRedisClient(TEST_REDIS_URL);
    target = await startRouteServer();
    target.routes.set('/done', (_req, _body, res) => res.writeHead(200).end());
    const env = { JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, QUEUES: 'ticks,delayed,exec', REAPER_INTERVAL_MS: '600000' };
    api = await start({ ...env, MODE: 'api', SCHEDULER_ENABLED: 'false' }, /listening on/);
    await start({ ...env, MODE: 'worker', SCHEDULER_POLL_MS: '60000', WORKER_IDLE_WAIT_MS: '600000' }, /claiming from/);
    await sleep(FIRST_PASSES_MS);
  }, 180_000);

  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.kill()));
    await target?.close();
    if (admin) {
      await deletePrefixedKeys(admin, prefix);
      await admin.quit();
    }
  });

  async function start(env: Record<string, string>, ready: RegExp): Promise<ClaimqProcess> {
    const proc = await ClaimqProcess.start(env);
    procs.push(proc);
    await proc.waitForOutput(ready);
    return proc;
  }

  const logs = () => procs.map((p) => p.log.slice(-3000)).join('\n---\n');

  it('fires a schedule PUT through the API process on the idle worker process (the `schedules` signal)', async () => {
    const startAt = Date.now() + 1_000;
    const put = await callApi(api, 'PUT', '/schedules/hourly', { queue: 'ticks', everyMs: 3_600_000, startAt, job: { type: 'noop' } });
    expect(put.status).toBe(201);
    const job = await waitFor(
      'the schedule fired and its job ran',
      async () => {
        const { json } = await callApi(api, 'GET', '/jobs?queue=ticks&limit=10');
        return (json.items as Array<{ status: string; schedule?: { name: string; fireAt: string } }>).find((j) => j.schedule?.name === 'hourly' && j.status === 'succeeded');
      },
      { timeoutMs: OUTCOME_MS, intervalMs: 200, describe: logs },
    );
    expect(Date.parse(job.schedule!.fireAt)).toBe(startAt);
  });

  it('runs a delayed job on the idle worker process when it comes due (the wake-up of a sooner scheduled job)', async () => {
    const created = await callApi(api, 'POST', '/jobs', { type: 'noop', queue: 'delayed', delayMs: 1_000 });
    expect(created.status).toBe(201);
    expect(created.json.status).toBe('scheduled');
    await waitFor(
      'the delayed job to succeed',
      async () => (await callApi(api, 'GET', `/jobs/${String(created.json.id)}`)).json.status === 'succeeded',
      { timeoutMs: OUTCOME_MS, intervalMs: 200, describe: logs },
    );
  });

  it("refreshes an execution whose jobs a worker process ran: its status and its callback (the `refresh` signal)", async () => {
    const created = await callApi(api, 'POST', '/executions', {
      jobs: [
        { type: 'noop', queue: 'exec' },
        { type: 'noop', queue: 'exec' },
      ],
      callbackUrl: `${target.base}/done`,
    });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    // the callback is enqueued by the refresh of the ended execution, and nothing else: it arrives
    // only if an instance refreshed the queue after the jobs ended
    const callback = await waitFor('the execution callback', () => target.hits.find((hit) => hit.path === '/done'), { timeoutMs: OUTCOME_MS, intervalMs: 100, describe: logs });
    expect(JSON.parse(callback.body)).toMatchObject({ id, status: 'succeeded', total: 2 });
    const { status, json } = await callApi(api, 'GET', `/executions/${id}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ id, status: 'succeeded', counts: expect.objectContaining({ succeeded: 2 }) });
  });
});
