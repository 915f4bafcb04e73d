import { RedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RouteServer, startRouteServer } from '../support/loopback-http';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { callApi, HeldCalls } from '../support/held-calls';
import { uniqueTestPrefix } from '../support/redis-store-harness';
import { oneRedis, RedisTopology, redisCluster } from '../support/redis-topologies';
import { ReceivedEvent, SseClient } from '../support/sse-client';

/** Each test's budget: less than the 60 s waits, so a wait that only its time ended fails the test. */
const BUDGET_MS = 45_000;

describeStreams('one Redis', 'default', oneRedis);
describeStreams('one Redis, a queue of 3 partitions', 'default:3', oneRedis);
describeStreams('a Redis Cluster of 3 masters and 3 replicas, a queue of 3 partitions', 'default:3', redisCluster);

/**
 * Event streams (GET /jobs/:id/events, GET /queues/:name/events) where users deploy them: two API
 * processes and a worker process apart. The jobs are `http` jobs calling a loopback server in this
 * test that holds each call until the test answers it, so what is asserted is what each stream
 * says, not how fast: a subscriber whose API process is killed (SIGKILL) resumes on the other with
 * Last-Event-ID and, with what it heard before, has heard exactly what a subscriber that stayed
 * heard, the end included; a cancel sent to one API process reaches the job running on the worker
 * at once (its lease beats every 2 minutes here); 1,000 subscribers on one API process each hear their own job's end; an
 * API process stopped with SIGTERM ends its streams and answers its open waits, and exits 0.
 */
function describeStreams(where: string, queues: string, open: () => Promise<RedisTopology>): void {
  describe(`event streams with API and worker processes apart, on ${where}`, () => {
    const queue = queues.split(':')[0];
    let topology: RedisTopology;
    let prefix: string;
    let admin: RedisClient;
    let target: RouteServer;
    let procs: ClaimqProcess[] = [];
    let apis: ClaimqProcess[] = [];
    let held: HeldCalls;
    let clients: SseClient[] = [];

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
      target = await startRouteServer();
      held = new HeldCalls(target, () => procs.map((p) => p.log.slice(-1500)).join('\n---\n'));
      // a lease's beat every 2 minutes: a cancel that reached a running job within a test's 45 s was not the beat's
      const env = { JOB_STORE: 'redis', ...topology.env(), REDIS_PREFIX: prefix, QUEUES: queues, HTTP_HOST_CONCURRENCY: '0', HEARTBEAT_MS: '120000' };
      apis = await Promise.all([0, 1].map(() => ClaimqProcess.start({ ...env, MODE: 'api' })));
      const worker = await ClaimqProcess.start({ ...env, MODE: 'worker', WORKER_CONCURRENCY: '50' });
      procs.push(...apis, worker);
      await Promise.all([...apis.map((api) => api.waitForOutput(/listening on/)), worker.waitForOutput(/claiming from/)]);
    }, 180_000);

    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      held.releaseAll();
      await Promise.all(procs.splice(0).map((p) => p.kill()));
      await target.close();
      await topology.cleanup(admin, prefix);
      admin.disconnect();
    });

    const subscribe = (api: ClaimqProcess, path: string, headers: Record<string, string> = {}): SseClient => {
      const client = new SseClient(`http://127.0.0.1:${api.port}${path}`, { headers });
      clients.push(client);
      return client;
    };




    /** The job is running: the stream's state said so, or a claim came after it. */
    const runningNow = (e: ReceivedEvent): boolean => e.event === 'claimed' || (e.event === 'state' && e.data.status === 'running');

    /** What a subscriber heard of the job's changes: kind, status and attempts of each, `state` and `gap` left out. */
    const changes = (events: ReceivedEvent[]): string[] =>
      events.filter((e) => e.event !== 'state' && e.event !== 'gap').map((e) => (e.event === 'end' ? 'end' : `${e.event} ${e.data.status} ${e.data.attempts}`));

    it('resumes a subscriber whose API process was killed on the other API process with Last-Event-ID: it misses nothing, the end included', async () => {
      const [a, b] = apis;
      held.hold('/flaky');
      const created = await callApi(b, 'POST', '/jobs', {
        type: 'http',
        payload: { url: `${target.base}/flaky`, method: 'POST' },
        maxAttempts: 2,
        backoff: { strategy: 'fixed', delayMs: 0 },
      });
      expect(created.status).toBe(201);
      const id = created.json.id as string;
      // the subscriber that stays, on b; the one that moves, on a
      const stayed = subscribe(b, `/jobs/${id}/events`);
      const moved = subscribe(a, `/jobs/${id}/events`);
      await Promise.all([stayed.until((e) => e.event === 'state'), moved.until((e) => e.event === 'state')]);
      await moved.until(runningNow);

      await a.stop('SIGKILL');
      await moved.ended;
      const heardBefore = [...moved.events];
      // while no stream of it is open: the first call fails, the job is retried and runs again
      await held.answer('/flaky', 500, { error: 'not yet' });
      await stayed.until((e) => e.event === 'claimed' && e.data.attempts === 2);

      const resumed = subscribe(b, `/jobs/${id}/events`, { 'Last-Event-ID': heardBefore[heardBefore.length - 1].lastEventId! });
      await resumed.until((e) => e.event === 'state');
      await held.answer('/flaky', 200, { ok: true });
      await Promise.all([stayed.ended, resumed.ended]);

      expect(resumed.named('gap')).toEqual([]);
      expect(changes([...heardBefore, ...resumed.events])).toEqual(changes(stayed.events));
      expect(changes(stayed.events)).toEqual(expect.arrayContaining(['retry_scheduled pending 1', 'claimed running 2', 'succeeded succeeded 2', 'end']));
      expect(resumed.named('succeeded')[0].data).toMatchObject({ jobId: id, result: { status: 200, body: { ok: true } } });
    }, BUDGET_MS);

    it("reaches a running job at once with a cancel sent to the other API process: the worker ends it cancelled before its lease's next beat", async () => {
      const [a, b] = apis;
      held.hold('/long');
      const created = await callApi(a, 'POST', '/jobs', { type: 'http', payload: { url: `${target.base}/long`, method: 'POST' }, maxAttempts: 1 });
      const id = created.json.id as string;
      const stream = subscribe(a, `/jobs/${id}/events`);
      await stream.until(runningNow);
      const longCall = await held.call('/long');
      const callClosed = new Promise<void>((resolve) => longCall.once('close', resolve));
      const cancelled = await callApi(b, 'POST', `/jobs/${id}/cancel`);
      expect(cancelled).toMatchObject({ status: 200, json: { id, status: 'running' } });
      await stream.ended;
      // the handler was aborted: its call to /long was cut
      await callClosed;
      held.forget('/long');
      expect(stream.events.map((e) => e.event).slice(-3)).toEqual(['cancel_requested', 'cancelled', 'end']);
      expect((await callApi(b, 'GET', `/jobs/${id}`)).json).toMatchObject({ status: 'cancelled' });
    }, BUDGET_MS);

    it("streams a job's progress and log lines in order, from the worker process through the other API process's stream", async () => {
      const [a, b] = apis;
      const created = await callApi(b, 'POST', '/jobs', { type: 'sleep', payload: { ms: 2_000, steps: 4 } });
      const id = created.json.id as string;
      const stream = subscribe(a, `/jobs/${id}/events`);
      await stream.ended;
      const reported = stream.events
        .filter((e) => e.event === 'progress' || e.event === 'log')
        .map((e) => (e.event === 'progress' ? `progress ${e.data.progress.step}` : `log ${e.data.first} ${e.data.lines.join(',')}`));
      expect(reported).toEqual(['progress 1', 'log 1 step 1 of 4', 'progress 2', 'log 2 step 2 of 4', 'progress 3', 'log 3 step 3 of 4', 'progress 4', 'log 4 step 4 of 4']);
      expect(stream.events.map((e) => e.event).slice(-2)).toEqual(['succeeded', 'end']);
      const logs = await callApi(b, 'GET', `/jobs/${id}/logs`);
      expect((logs.json.lines as { line: string }[]).map((l) => l.line)).toEqual([1, 2, 3, 4].map((n) => `step ${n} of 4`));
    }, BUDGET_MS);

    it("gives each of 1,000 subscribers on one API process its own job's end, once their queue is resumed and the worker runs them", async () => {
      const [a, b] = apis;
      expect((await callApi(b, 'POST', `/queues/${queue}/pause`)).status).toBe(200);
      const ids: string[] = [];
      for (let i = 0; i < 1_000; i += 100) {
        const bulk = await callApi(b, 'POST', '/jobs/bulk', { jobs: Array.from({ length: 100 }, (_, k) => ({ type: 'noop', payload: { n: i + k } })) });
        expect(bulk.status).toBe(201);
        ids.push(...(bulk.json.ids as string[]));
      }
      const streams = ids.map((id) => subscribe(a, `/jobs/${id}/events`));
      await Promise.all(streams.map((stream) => stream.until((e) => e.event === 'state')));
      const watcher = subscribe(a, `/queues/${queue}/events?types=succeeded`);
      await watcher.until((e) => e.event === 'ready');
      expect((await callApi(b, 'POST', `/queues/${queue}/resume`)).status).toBe(200);
      await Promise.all(streams.map((stream) => stream.ended));
      expect(streams.map((stream) => [stream.status, ...stream.events.map((e) => `${e.event} ${e.data.jobId ?? e.data.id ?? ''}`)])).toEqual(
        ids.map((id) => [200, `state ${id}`, `claimed ${id}`, `succeeded ${id}`, 'end ']),
      );
      await watcher.until(() => watcher.named('succeeded').length === 1_000);
      expect(new Set(watcher.named('succeeded').map((e) => e.data.jobId))).toEqual(new Set(ids));
    }, BUDGET_MS);

    it('ends its streams and answers its open waits when stopped with SIGTERM, then exits 0; the stream resumes on the other API process', async () => {
      const [a, b] = apis;
      held.hold('/held');
      const created = await callApi(b, 'POST', '/jobs', { type: 'http', payload: { url: `${target.base}/held`, method: 'POST' }, maxAttempts: 1 });
      const id = created.json.id as string;
      const stream = subscribe(a, `/jobs/${id}/events`);
      await stream.until(runningNow);
      const waited = callApi(a, 'GET', `/jobs/${id}?waitMs=60000`);
      // the wait is in once the API process holds its request: give it a moment, then stop the process
      await new Promise((r) => setTimeout(r, 200));
      const exit = a.stop('SIGTERM');
      const answered = await waited;
      expect(answered).toMatchObject({ status: 200, json: { id, status: 'running' } });
      await stream.ended;
      await expect(exit).resolves.toEqual({ code: 0, signal: null });

      const resumed = subscribe(b, `/jobs/${id}/events`, { 'Last-Event-ID': stream.lastEventId! });
      await resumed.until((e) => e.event === 'state');
      await held.answer('/held', 200, {});
      await resumed.ended;
      expect(resumed.events.map((e) => e.event)).toEqual(['state', 'succeeded', 'end']);
    }, BUDGET_MS);
  });
}
