import { newJobId } from '../../src/domain/job-id';
import { eventually } from '../support/eventually';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

const WRITE_KEY = 'remote-e2e-write-key-0123';
const WORKER_KEY = 'remote-e2e-worker-key-0123';
const ALL_QUEUES_KEY = 'remote-e2e-any-queue-key-0123';

interface ClaimedJson {
  job: { id: string; type: string; payload: unknown; attempts: number; status: string };
  token: number;
  leaseExpiresAt: string;
}

/**
 * The remote-worker routes (docs/remote-workers.md) on a real app (MODE=api: no worker of its own
 * claims), every response checked against the OpenAPI document: claims, long polls, heartbeats,
 * settles by token, the limits at their maximum, and worker keys.
 */
export function describeRemoteWorkersApi(name: string, env: () => Record<string, string>): void {
  describe(`remote worker routes (${name})`, () => {
    let e2e: E2eApp;
    let scoped: string;
    const auth = (key = WRITE_KEY) => ({ Authorization: `Bearer ${key}` });

    beforeAll(async () => {
      scoped = uniqueQueue();
      e2e = await startE2eApp({
        ...env(),
        API_KEYS: WRITE_KEY,
        API_KEYS_WORKER: `${WORKER_KEY}@${scoped},${ALL_QUEUES_KEY}@*`,
        HEARTBEAT_MS: '1000',
        LEASE_MS: '60000',
        WORKER_IDLE_WAIT_MS: '1000',
      });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    async function enqueue(queue: string, type = 'send', extra: Record<string, unknown> = {}): Promise<string> {
      const res = await e2e.http().post('/jobs').set(auth()).send({ queue, type, payload: { n: 1 }, ...extra }).expect(201);
      return res.body.id as string;
    }

    async function claim(queue: string, body: Record<string, unknown> = {}, key = WRITE_KEY): Promise<ClaimedJson[]> {
      const res = await e2e.http().post(`/queues/${queue}/claims`).set(auth(key)).send({ worker: { id: 'rw-1', language: 'test' }, max: 10, ...body }).expect(200);
      return res.body.jobs as ClaimedJson[];
    }

    async function job(id: string): Promise<Record<string, unknown>> {
      return (await e2e.http().get(`/jobs/${id}`).set(auth()).expect(200)).body as Record<string, unknown>;
    }

    it('takes a claimed job\'s progress and up to 1,000 log lines per report under its token (a worker key may send them); 409 once the lease is gone, 400 naming a bad field', async () => {
      const queue = uniqueQueue();
      const id = await enqueue(queue);
      const [claimed] = await claim(queue, {}, ALL_QUEUES_KEY);
      const lines = Array.from({ length: 1_000 }, (_, i) => `line ${i + 1}`);
      await e2e.http().post(`/jobs/${id}/report`).set(auth(ALL_QUEUES_KEY)).send({ token: claimed.token, progress: { percent: 40 }, lines }).expect(200, { id, status: 'ok' });
      expect(await job(id)).toMatchObject({ status: 'running', progress: { percent: 40 }, logLines: 1_000 });
      const tooMany = await e2e.http().post(`/jobs/${id}/report`).set(auth(ALL_QUEUES_KEY)).send({ token: claimed.token, lines: [...lines, 'one more'] }).expect(400);
      expect(JSON.stringify(tooMany.body.errors)).toContain('lines');
      const big = await e2e.http().post(`/jobs/${id}/report`).set(auth(ALL_QUEUES_KEY)).send({ token: claimed.token, progress: 'x'.repeat(5_000) }).expect(400);
      expect(JSON.stringify(big.body.errors)).toContain('progress');
      await e2e.http().post(`/jobs/${id}/complete`).set(auth(ALL_QUEUES_KEY)).send({ token: claimed.token }).expect(200);
      await e2e.http().post(`/jobs/${id}/report`).set(auth(ALL_QUEUES_KEY)).send({ token: claimed.token, progress: 100 }).expect(409);
      expect(await job(id)).toMatchObject({ status: 'succeeded', progress: { percent: 40 } });
    });

    it('claims a job with its token and lease, and completes it once: a stale token gets 409 and records nothing', async () => {
      const queue = uniqueQueue();
      const id = await enqueue(queue);
      const [claimed] = await claim(queue);
      expect(claimed.job).toMatchObject({ id, type: 'send', payload: { n: 1 }, status: 'running', attempts: 1 });
      expect(Date.parse(claimed.leaseExpiresAt)).toBeGreaterThan(Date.now());

      const stale = await e2e.http().post(`/jobs/${id}/complete`).set(auth()).send({ token: claimed.token + 1, result: { wrong: true } }).expect(409);
      expect(stale.body.code).toBe('stale');
      expect(await job(id)).toMatchObject({ status: 'running' });

      await e2e.http().post(`/jobs/${id}/complete`).set(auth()).send({ token: claimed.token, result: { ok: 1 } }).expect(200, { id, status: 'succeeded' });
      // the same call again (its reply lost): the same answer, nothing changed
      await e2e.http().post(`/jobs/${id}/complete`).set(auth()).send({ token: claimed.token, result: { ok: 2 } }).expect(200, { id, status: 'succeeded' });
      expect(await job(id)).toMatchObject({ status: 'succeeded', result: { ok: 1 }, workerId: 'rw-1' });
    });

    it('fails a job for a retry after retryInMs, fails it for good, and releases one with its attempt given back', async () => {
      const queue = uniqueQueue();
      const [a, b, c] = [await enqueue(queue), await enqueue(queue), await enqueue(queue)];
      const claimed = await claim(queue);
      const token = (id: string) => claimed.find((j) => j.job.id === id)!.token;

      // retryInMs at its maximum, 30 days
      const month = 30 * 24 * 3600 * 1000;
      await e2e.http().post(`/jobs/${a}/fail`).set(auth()).send({ token: token(a), error: 'upstream 503', retryInMs: month, stack: 'at x' }).expect(200, { id: a, status: 'scheduled' });
      expect(await job(a)).toMatchObject({ status: 'scheduled', lastError: 'upstream 503', lastErrorStack: 'at x' });
      expect(Date.parse((await job(a)).runAt as string)).toBeGreaterThan(Date.now() + month - 60_000);

      await e2e.http().post(`/jobs/${b}/fail`).set(auth()).send({ token: token(b), error: 'bad input', retryable: false }).expect(200, { id: b, status: 'failed' });
      expect(await job(b)).toMatchObject({ status: 'failed', lastError: 'bad input' });

      await e2e.http().post(`/jobs/${c}/release`).set(auth()).send({ token: token(c) }).expect(200, { id: c, status: 'pending' });
      expect(await job(c)).toMatchObject({ status: 'pending', attempts: 0 });
    });

    it('keeps the first 2,000 characters of an error, as an embedded worker does', async () => {
      const queue = uniqueQueue();
      const id = await enqueue(queue);
      const [claimed] = await claim(queue);
      await e2e.http().post(`/jobs/${id}/fail`).set(auth()).send({ token: claimed.token, error: 'e'.repeat(5_000), retryable: false }).expect(200);
      expect(((await job(id)).lastError as string).length).toBe(2_000);
    });

    it('claims 1,000 jobs in one call and settles 1,000 in one call (both limits at their maximum)', async () => {
      const queue = uniqueQueue();
      const jobs = Array.from({ length: 1_000 }, (_, i) => ({ queue, type: 'send', payload: { i } }));
      await e2e.http().post('/jobs/bulk').set(auth()).send({ jobs }).expect(201);
      const claimed = await claim(queue, { max: 1_000 });
      expect(claimed).toHaveLength(1_000);
      const results = claimed.map((c, i) =>
        i % 2 === 0 ? { id: c.job.id, token: c.token, status: 'succeeded', result: i } : { id: c.job.id, token: c.token, status: 'failed', error: 'odd', retryable: false },
      );
      const res = await e2e.http().post('/settlements').set(auth()).send({ results }).expect(200);
      expect(res.body.results).toHaveLength(1_000);
      expect(res.body.results.filter((r: { status: string }) => r.status === 'succeeded')).toHaveLength(500);
      expect(res.body.results.filter((r: { status: string }) => r.status === 'failed')).toHaveLength(500);
      expect(await e2e.store.admin.counts(queue)).toMatchObject({ succeeded: 500, failed: 500, running: 0, pending: 0 });
    });

    it('refuses limits past their maximum, naming the field', async () => {
      const queue = uniqueQueue();
      const over = async (path: string, body: object, field: string) => {
        const res = await e2e.http().post(path).set(auth()).send(body).expect(400);
        expect(res.body.errors).toContainEqual(expect.objectContaining({ field }));
      };
      await over(`/queues/${queue}/claims`, { worker: { id: 'w' }, max: 1_001 }, 'max');
      await over(`/queues/${queue}/claims`, { worker: { id: 'w' }, waitMs: 30_001 }, 'waitMs');
      await over(`/queues/${queue}/claims`, { worker: { id: 'w' }, types: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 'types');
      await over(`/queues/${queue}/claims`, { worker: { id: 'w w' } }, 'worker.id');
      await over(`/queues/${queue}/claims`, { worker: { id: 'w', concurrency: 10_001 } }, 'worker.concurrency');
      await over('/workers/w/heartbeat', { queues: Array.from({ length: 101 }, () => queue) }, 'queues');
      await over('/settlements', { results: [{ id: 'x', token: 1, status: 'failed', error: 'e', retryInMs: 30 * 24 * 3600 * 1000 + 1 }] }, 'results.0.retryInMs');
      await over(`/queues/${queue}/claims`, { worker: { id: 'w' }, types: ['http'] }, 'types');
      await over('/workers/w/heartbeat', { leases: Array.from({ length: 10_001 }, () => ({ id: 'x', token: 1 })) }, 'leases');
      await over('/settlements', { results: Array.from({ length: 1_001 }, () => ({ id: 'x', token: 1, status: 'released' })) }, 'results');
      await over('/settlements', { results: [] }, 'results');
      await over('/settlements', { results: [{ id: 'x', token: 1, status: 'failed' }] }, 'results.0.error');
      await over('/queues/not-served/claims', { worker: { id: 'w' } }, 'queue');
      await e2e.http().post('/jobs/not-a-job-id/complete').set(auth()).send({ token: 1 }).expect(404);
    });

    it('takes a heartbeat of 10,000 leases (its maximum) and types at their maximum of 100', async () => {
      const queue = uniqueQueue();
      const leases = Array.from({ length: 10_000 }, () => ({ id: newJobId(queue), token: 1 }));
      // 100 queues (the maximum), all served: one queue named 100 times counts as 100
      const queues = Array.from({ length: 100 }, () => queue);
      const info = { concurrency: 10_000, host: 'h'.repeat(100), language: 'l'.repeat(100), version: 'v'.repeat(100) };
      const res = await e2e.http().post('/workers/rw-max/heartbeat').set(auth()).send({ queues, leases, info }).expect(200);
      // none of them is running: every one is stale, and nothing is renewed
      expect(res.body.stale).toHaveLength(10_000);
      const id = await enqueue(queue, 't99');
      const types = Array.from({ length: 100 }, (_, i) => `t${i}`);
      expect((await claim(queue, { types })).map((c) => c.job.id)).toEqual([id]);
    });

    it('hands back jobs of types the worker does not run, and http jobs unless asked (never)', async () => {
      const queue = uniqueQueue();
      const other = await enqueue(queue, 'resize');
      const http = await enqueue(queue, 'http', { payload: { url: 'http://127.0.0.1:9/x' } });
      const mine = await enqueue(queue, 'send');
      const claimed = await claim(queue, { types: ['send'] });
      expect(claimed.map((c) => c.job.id)).toEqual([mine]);
      expect(await job(other)).toMatchObject({ status: 'scheduled', lastError: 'no handler for type resize in worker rw-1' });
      expect(await job(http)).toMatchObject({ status: 'scheduled', lastError: 'no handler for type http in worker rw-1' });
    });

    it('answers a long poll as soon as a job is enqueued, and shares the wait among the polls of a queue (waitMs at its maximum)', async () => {
      const queue = uniqueQueue();
      const polls = Array.from({ length: 5 }, (_, i) =>
        e2e.http().post(`/queues/${queue}/claims`).set(auth()).send({ worker: { id: `poller-${i}` }, max: 1, waitMs: 30_000 }),
      );
      const replies = Promise.all(polls.map((p) => p.then((res) => res)));
      // the polls are parked before the jobs come (a poll that finds nothing waits)
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await enqueue(queue));
      const got = (await replies).flatMap((res) => {
        expect(res.status).toBe(200);
        return (res.body.jobs as ClaimedJson[]).map((c) => c.job.id);
      });
      expect(got.sort()).toEqual(ids.sort());
    });

    it('answers a long poll with no job when its time runs out', async () => {
      const queue = uniqueQueue();
      const res = await e2e.http().post(`/queues/${queue}/claims`).set(auth()).send({ worker: { id: 'idle' }, waitMs: 300 }).expect(200);
      expect(res.body).toMatchObject({ jobs: [], leaseMs: 60_000, heartbeatMs: 1_000 });
    });

    it('renews leases, reports a cancelled job and a lost lease, and releases leases the worker does not name', async () => {
      const queue = uniqueQueue();
      const [a, b, c] = [await enqueue(queue), await enqueue(queue), await enqueue(queue)];
      const claimed = await claim(queue, {}, ALL_QUEUES_KEY);
      const lease = (id: string) => ({ id, token: claimed.find((j) => j.job.id === id)!.token });
      await e2e.http().post(`/jobs/${a}/cancel`).set(auth()).expect(200);
      const info = { host: 'box-9', language: 'go', version: '1.2.3', concurrency: 8 };
      const res = await e2e
        .http()
        .post('/workers/rw-1/heartbeat')
        .set(auth(ALL_QUEUES_KEY))
        .send({ queues: [queue], leases: [lease(a), { ...lease(b), token: lease(b).token + 7 }], info })
        .expect(200);
      expect(res.body).toMatchObject({ cancelled: [a], stale: [b] });
      // c was claimed by rw-1 but not named: within a heartbeat of its claim, its reply may still
      // be on the way (the worker polls and beats at once), so it stays the worker's
      expect(await job(c)).toMatchObject({ status: 'running', workerId: 'rw-1' });
      // a heartbeat (HEARTBEAT_MS=1000) later, still not named: a claim reply that never reached it,
      // given back when the heartbeats are next written
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await e2e.http().post('/workers/rw-1/heartbeat').set(auth(ALL_QUEUES_KEY)).send({ queues: [queue], leases: [lease(a)], info }).expect(200);
      await eventually(async () => expect(await job(c)).toMatchObject({ status: 'pending', attempts: 0 }));
      // a's cancel ends it when the worker fails it
      await e2e.http().post(`/jobs/${a}/fail`).set(auth()).send({ token: lease(a).token, error: 'aborted' }).expect(200, { id: a, status: 'cancelled' });
      // busy: the store's count of its leases now (a ended; b and c, not named, given back), not what it published
      await eventually(async () => {
        const workers = await e2e.http().get('/workers').set(auth()).expect(200);
        expect(workers.body.live).toContainEqual(
          expect.objectContaining({ id: 'rw-1', host: 'box-9', language: 'go', version: '1.2.3', queues: [queue], slots: { busy: 0, total: 8 }, leasesHeld: 0 }),
        );
      });
    });

    it("tells a worker's cancel poll at once of a cancel asked of its running job, keeps one asked between polls for the next, and tells each once", async () => {
      const queue = uniqueQueue();
      const [a, b] = [await enqueue(queue), await enqueue(queue)];
      const claimed = await e2e.http().post(`/queues/${queue}/claims`).set(auth()).send({ worker: { id: 'cx-1' }, max: 2 }).expect(200);
      const tokenOf = (id: string) => (claimed.body.jobs as ClaimedJson[]).find((j) => j.job.id === id)!.token;
      // a poll waiting (30 s, the maximum) answers as soon as the cancel is asked
      const poll = e2e.http().get('/workers/cx-1/cancels?waitMs=30000').set(auth(ALL_QUEUES_KEY)).then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await e2e.http().post(`/jobs/${a}/cancel`).set(auth()).expect(200);
      const told = await poll;
      expect(told.status).toBe(200);
      expect(told.body).toEqual({ cancelled: [{ id: a, token: tokenOf(a) }] });
      // asked while no poll waits: the next poll answers at once, and only that one
      await e2e.http().post(`/jobs/${b}/cancel`).set(auth()).expect(200);
      await eventually(async () => {
        const next = await e2e.http().get('/workers/cx-1/cancels?waitMs=0').set(auth()).expect(200);
        expect(next.body).toEqual({ cancelled: [{ id: b, token: tokenOf(b) }] });
      });
      const again = await e2e.http().get('/workers/cx-1/cancels?waitMs=300').set(auth()).expect(200);
      expect(again.body).toEqual({ cancelled: [] });
      // another worker's poll hears none of them
      await expect(e2e.http().get('/workers/cx-2/cancels').set(auth()).expect(200).then((r) => r.body)).resolves.toEqual({ cancelled: [] });
    });

    it("keeps a remote run's traceparent sent with its result, and hands it to its graph children's claims as parentRuns; 400 for one that is not W3C", async () => {
      const queue = uniqueQueue();
      const tp = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await e2e.http().post('/executions').set(auth()).send({ jobs: [{ type: 'split', queue, key: 'split' }, { type: 'merge', queue, key: 'merge', dependsOn: ['split'] }] }).expect(201);
      const [parent] = await claim(queue);
      expect(parent.job.type).toBe('split');
      const bad = await e2e.http().post(`/jobs/${parent.job.id}/complete`).set(auth()).send({ token: parent.token, traceparent: 'not-a-traceparent' }).expect(400);
      expect(JSON.stringify(bad.body.errors)).toContain('traceparent');
      await e2e.http().post('/settlements').set(auth()).send({ results: [{ id: parent.job.id, token: parent.token, status: 'succeeded', result: { parts: 2 }, traceparent: tp }] }).expect(200);
      const child = await eventually(async () => {
        const [c] = await claim(queue);
        expect(c).toBeDefined();
        return c as ClaimedJson & { parents?: unknown; parentRuns?: unknown };
      });
      expect(child).toMatchObject({ parents: { split: { parts: 2 } }, parentRuns: { split: tp } });
    });

    it('lets a worker key add jobs to an execution of its queues (a handler fanning out), and refuses another queue\'s with 403', async () => {
      const other = uniqueQueue();
      const mine = await e2e.http().post('/executions').set(auth()).send({ jobs: [{ type: 'split', queue: scoped, key: 'split' }] }).expect(201);
      const added = await e2e
        .http()
        .post(`/executions/${mine.body.id}/jobs`)
        .set(auth(WORKER_KEY))
        .send({ jobs: [{ type: 'part', queue: scoped, key: 'part-1', dependsOn: ['split'] }] })
        .expect(201);
      expect(added.body).toMatchObject({ id: mine.body.id, total: 2 });
      const theirs = await e2e.http().post('/executions').set(auth()).send({ jobs: [{ type: 'split', queue: other }] }).expect(201);
      const refused = await e2e.http().post(`/executions/${theirs.body.id}/jobs`).set(auth(WORKER_KEY)).send({ jobs: [{ type: 'part', queue: other }] }).expect(403);
      expect(refused.body).toMatchObject({ code: 'forbidden' });
      // other routes of executions stay closed to worker keys
      await e2e.http().get(`/executions/${mine.body.id}`).set(auth(WORKER_KEY)).expect(403);
      await e2e.http().post(`/executions/${mine.body.id}/cancel`).set(auth(WORKER_KEY)).expect(403);
      // its jobs leave the worker key's queue to the other cases
      await e2e.http().post(`/executions/${mine.body.id}/cancel`).set(auth()).expect(200);
    });

    it("tells a worker key only the cancels of its queues, and refuses a wait over 30,000 ms or a bad worker id with a 400 naming it", async () => {
      const other = uniqueQueue();
      const [mine, theirs] = [await enqueue(scoped), await enqueue(other)];
      await e2e.http().post(`/queues/${scoped}/claims`).set(auth(WORKER_KEY)).send({ worker: { id: 'cx-scoped' } }).expect(200);
      await e2e.http().post(`/queues/${other}/claims`).set(auth()).send({ worker: { id: 'cx-scoped' } }).expect(200);
      await e2e.http().post(`/jobs/${theirs}/cancel`).set(auth()).expect(200);
      await e2e.http().post(`/jobs/${mine}/cancel`).set(auth()).expect(200);
      await eventually(async () => {
        const res = await e2e.http().get('/workers/cx-scoped/cancels').set(auth(WORKER_KEY)).expect(200);
        expect(res.body.cancelled.map((c: { id: string }) => c.id)).toEqual([mine]);
      });
      // the other queue's cancel waits for a poll that may hear it
      const all = await e2e.http().get('/workers/cx-scoped/cancels').set(auth(ALL_QUEUES_KEY)).expect(200);
      expect(all.body.cancelled.map((c: { id: string }) => c.id)).toEqual([theirs]);

      const long = await e2e.http().get('/workers/cx-scoped/cancels?waitMs=30001').set(auth()).expect(400);
      expect(JSON.stringify(long.body.errors)).toContain('waitMs');
      const bad = await e2e.http().get('/workers/bad%20id/cancels').set(auth()).expect(400);
      expect(JSON.stringify(bad.body)).toContain('workerId');
    });

    it("a worker's last heartbeat (final) releases at once what it does not name, however recent the claim, and it leaves GET /workers", async () => {
      const queue = uniqueQueue();
      const [a, b] = [await enqueue(queue), await enqueue(queue)];
      const claimed = await e2e.http().post(`/queues/${queue}/claims`).set(auth()).send({ worker: { id: 'leaving-1' }, max: 2 }).expect(200);
      const kept = (claimed.body.jobs as ClaimedJson[]).find((c) => c.job.id === a)!;
      await e2e.http().post('/workers/leaving-1/heartbeat').set(auth()).send({ queues: [queue], leases: [{ id: a, token: kept.token }] }).expect(200);
      await eventually(async () => {
        const workers = await e2e.http().get('/workers').set(auth()).expect(200);
        expect(workers.body.live).toContainEqual(expect.objectContaining({ id: 'leaving-1' }));
      });
      // b's claim is not a heartbeat old: an ordinary beat spares it; the final one does not
      await e2e.http().post('/workers/leaving-1/heartbeat').set(auth()).send({ queues: [queue], leases: [{ id: a, token: kept.token }], final: true }).expect(200);
      expect(await job(b)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await job(a)).toMatchObject({ status: 'running', workerId: 'leaving-1' });
      const workers = await e2e.http().get('/workers').set(auth()).expect(200);
      expect(workers.body.live).not.toContainEqual(expect.objectContaining({ id: 'leaving-1' }));
    });

    it('a worker key claims, heartbeats and settles in its queues, and is refused everything else', async () => {
      const other = uniqueQueue();
      const id = await enqueue(scoped);
      const theirs = await enqueue(other);
      const [claimed] = await claim(scoped, {}, WORKER_KEY);
      await e2e.http().post('/workers/rw-1/heartbeat').set(auth(WORKER_KEY)).send({ queues: [scoped], leases: [{ id, token: claimed.token }] }).expect(200);
      await e2e.http().post(`/jobs/${id}/complete`).set(auth(WORKER_KEY)).send({ token: claimed.token }).expect(200);

      const forbidden = async (req: { expect(status: number): Promise<{ body: { code: string } }> }) => expect((await req.expect(403)).body.code).toBe('forbidden');
      await forbidden(e2e.http().post(`/queues/${other}/claims`).set(auth(WORKER_KEY)).send({ worker: { id: 'w' } }));
      await forbidden(e2e.http().post('/workers/w/heartbeat').set(auth(WORKER_KEY)).send({ queues: [other] }));
      await forbidden(e2e.http().post(`/jobs/${theirs}/complete`).set(auth(WORKER_KEY)).send({ token: 1 }));
      await forbidden(e2e.http().post('/settlements').set(auth(WORKER_KEY)).send({ results: [{ id: theirs, token: 1, status: 'released' }] }));
      await forbidden(e2e.http().post('/jobs').set(auth(WORKER_KEY)).send({ queue: scoped, type: 'send' }));
      await forbidden(e2e.http().get(`/jobs/${id}`).set(auth(WORKER_KEY)));
      await forbidden(e2e.http().get('/jobs').query({ queue: scoped }).set(auth(WORKER_KEY)));
      await forbidden(e2e.http().post(`/jobs/${theirs}/cancel`).set(auth(WORKER_KEY)));
      await forbidden(e2e.http().get('/workers').set(auth(WORKER_KEY)));
      await forbidden(e2e.http().put(`/queues/${scoped}/settings`).set(auth(WORKER_KEY)).send({ paused: true }));
      expect(await job(theirs)).toMatchObject({ status: 'pending' });
      const whoami = await e2e.http().get('/whoami').set(auth(WORKER_KEY)).expect(200);
      expect(whoami.body).toEqual({ access: 'worker', keyId: expect.stringMatching(/^k_[0-9a-f]{12}$/), queues: [scoped] });
    });

    it('sends the callback of a job a remote worker ended', async () => {
      const queue = uniqueQueue();
      const id = await enqueue(queue, 'send', { callbackUrl: 'http://127.0.0.1:9/hook' });
      const [claimed] = await claim(queue);
      await e2e.http().post(`/jobs/${id}/complete`).set(auth()).send({ token: claimed.token }).expect(200);
      // the callback is an http job keyed by the job's id, in the job's queue
      await eventually(async () => {
        const page = await e2e.http().get('/jobs').query({ queue, status: 'pending' }).set(auth()).expect(200);
        expect(page.body.items).toContainEqual(expect.objectContaining({ type: 'http', payload: expect.objectContaining({ url: 'http://127.0.0.1:9/hook' }) }));
      });
    });
  });
}
