import { ServerResponse } from 'node:http';
import { MAX_RESULT_WAIT_MS } from '../../src/modules/jobs/job-limits';
import { RouteServer, startRouteServer } from '../support/loopback-http';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';
import { e2eStores } from './e2e-stores';

/**
 * `?waitMs=` in one process (MODE=all) on the memory store and on Redis, with SUCCEEDED_RETENTION_MS=0
 * too (the job is gone once it succeeded: the wait answers it ended as its event says); and its
 * bad values. test/faults/job-waits.spec.ts runs it with API and worker processes apart.
 */
const STORES = e2eStores({ deleted: true });

describe.each(STORES)('waiting for a job to end on the %s store', (_name, storeEnv) => {
  let e2e: E2eApp;
  let server: RouteServer;
  const queue = uniqueQueue();
  const held = new Map<string, ServerResponse>();

  beforeAll(async () => {
    server = await startRouteServer();
    e2e = await startE2eApp({ ...storeEnv, MODE: 'all', QUEUES: queue, HTTP_HOST_CONCURRENCY: '0' });
  });
  afterAll(async () => {
    for (const res of held.values()) res.writeHead(500).end();
    await e2e?.close();
    await server?.close();
  });

  it(`answers POST /jobs?waitMs=${MAX_RESULT_WAIT_MS} (the longest wait) with the job once it has succeeded, its result in it`, async () => {
    const res = await e2e.http().post(`/jobs?waitMs=${MAX_RESULT_WAIT_MS}`).send({ type: 'noop', queue, payload: { n: 1 } }).expect(201);
    expect(res.body).toMatchObject({ queue, type: 'noop', status: 'succeeded', result: null, attempts: 1 });
  });

  it('answers GET /executions/:id?waitMs once every job of the execution has ended, and as it stands when the wait runs out', async () => {
    const created = await e2e
      .http()
      .post('/executions')
      .send({ jobs: [{ type: 'noop', queue }, { type: 'sleep', queue, payload: { ms: 300 } }, { type: 'sleep', queue, payload: { ms: 600 } }] })
      .expect(201);
    // 60 s waits in a test of 20 s: a wait that only its time ended fails the test
    const ended = await e2e.http().get(`/executions/${created.body.id}?waitMs=60000`).expect(200);
    expect(ended.body).toMatchObject({ id: created.body.id, status: 'succeeded', total: 3, counts: { succeeded: 3 } });

    server.routes.set('/held-exec', (_req, _body, res) => void held.set('/held-exec', res));
    const waiting = await e2e.http().post('/executions').send({ jobs: [{ type: 'http', queue, payload: { url: `${server.base}/held-exec` }, maxAttempts: 1 }] }).expect(201);
    const standing = await e2e.http().get(`/executions/${waiting.body.id}?waitMs=300`).expect(200);
    expect(standing.body).toMatchObject({ status: 'running' });
    const later = e2e.http().get(`/executions/${waiting.body.id}?waitMs=60000`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    while (!held.has('/held-exec')) await new Promise((resolve) => setTimeout(resolve, 10));
    held.get('/held-exec')!.writeHead(500).end();
    held.delete('/held-exec');
    expect((await later.expect(200)).body).toMatchObject({ status: 'failed', counts: { failed: 1 } });
    await e2e.http().get(`/executions/${waiting.body.id}?waitMs=60001`).expect(400);
  }, 20_000);

  it(`answers POST /executions?waitMs=${MAX_RESULT_WAIT_MS} with the execution once its jobs ended, as it stands when the wait runs out, and refuses a longer wait`, async () => {
    const jobs = [{ type: 'noop', queue }, { type: 'sleep', queue, payload: { ms: 300 } }];
    // 60 s waits in a test of 20 s: a wait that only its time ended fails the test
    const ended = await e2e.http().post(`/executions?waitMs=${MAX_RESULT_WAIT_MS}`).send({ jobs }).expect(201);
    expect(ended.body).toMatchObject({ total: 2, execution: { id: ended.body.id, status: 'succeeded', total: 2, counts: { succeeded: 2 } } });
    const standing = await e2e.http().post('/executions?waitMs=50').send({ jobs: [{ type: 'sleep', queue, payload: { ms: 2_000 } }] }).expect(201);
    expect(standing.body).toMatchObject({ total: 1, execution: { id: standing.body.id, status: expect.stringMatching(/^(pending|running)$/) } });
    const plain = await e2e.http().post('/executions').send({ jobs }).expect(201);
    expect(plain.body).not.toHaveProperty('execution');
    const long = await e2e.http().post(`/executions?waitMs=${MAX_RESULT_WAIT_MS + 1}`).send({ jobs }).expect(400);
    expect(JSON.stringify(long.body.errors)).toContain('waitMs');
  }, 20_000);

  it("answers a wait that outlives its job's deadline with the job its timeout failed", async () => {
    // a sleep of 60 s with a 300 ms timeout and one attempt: the deadline ends it, and the wait hears it
    const res = await e2e.http().post('/jobs?waitMs=30000').send({ type: 'sleep', queue, payload: { ms: 60_000 }, timeoutMs: 300, maxAttempts: 1 }).expect(201);
    expect(res.body).toMatchObject({ status: 'failed', attempts: 1, lastError: 'timed out after 300ms' });
  });

  it('answers each of 500 waits in a row with the job succeeded (an end heard while the read after subscribing is on its way)', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 500; i++) answers.push((await e2e.http().post('/jobs?waitMs=30000').send({ type: 'noop', queue, payload: { i } }).expect(201)).body.status);
    expect(answers.filter((status) => status !== 'succeeded')).toEqual([]);
  });

  it('answers GET /jobs/:id?waitMs with the job as it stands when the wait runs out, and with its end once it came', async () => {
    server.routes.set('/held', (_req, _body, res) => void held.set('/held', res));
    const created = await e2e.http().post('/jobs').send({ type: 'http', queue, payload: { url: `${server.base}/held` }, maxAttempts: 1 }).expect(201);
    const id = created.body.id as string;
    while (!held.has('/held')) await new Promise((r) => setTimeout(r, 5));
    const running = await e2e.http().get(`/jobs/${id}?waitMs=200`).expect(200);
    expect(running.body).toMatchObject({ id, status: 'running' });
    const waited = e2e.http().get(`/jobs/${id}?waitMs=30000`);
    const answered = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => held.get('/held')!.writeHead(503).end());
    const [ended] = await Promise.all([waited, answered]);
    held.delete('/held');
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id, status: 'failed', lastError: expect.stringContaining('503') });
  });

  it('answers at once for a job that has ended, and 404 for one nobody knows', async () => {
    const done = await e2e.http().post(`/jobs?waitMs=30000`).send({ type: 'noop', queue }).expect(201);
    expect(done.body).toMatchObject({ status: 'succeeded' });
    if (storeEnv.SUCCEEDED_RETENTION_MS === '0') {
      // gone once it succeeded, and no job history here: as a GET without a wait
      await e2e.http().get(`/jobs/${done.body.id as string}?waitMs=30000`).expect(404);
    } else {
      const again = await e2e.http().get(`/jobs/${done.body.id as string}?waitMs=30000`).expect(200);
      expect(again.body).toMatchObject({ id: done.body.id, status: 'succeeded' });
    }
    await e2e.http().get(`/jobs/${queue}-01JABCDEFG0123456789ABCD?waitMs=1000`).expect(404);
  });

  it.each([
    [String(MAX_RESULT_WAIT_MS + 1), 'waitMs'],
    ['-1', 'waitMs'],
    ['1.5', 'waitMs'],
    ['soon', 'waitMs'],
  ])('refuses waitMs=%s with 400 naming it, and enqueues nothing', async (value, field) => {
    const known = await e2e.http().post('/jobs').send({ type: 'noop', queue }).expect(201);
    const before = (await e2e.http().get(`/jobs?queue=${queue}&limit=100`).expect(200)).body.items.length;
    const res = await e2e.http().post(`/jobs?waitMs=${value}`).send({ type: 'noop', queue }).expect(400);
    expect(res.body.errors).toEqual([{ field, reason: expect.any(String) }]);
    const read = await e2e.http().get(`/jobs/${known.body.id as string}?waitMs=${value}`).expect(400);
    expect(read.body.errors).toEqual([{ field, reason: expect.any(String) }]);
    expect((await e2e.http().get(`/jobs?queue=${queue}&limit=100`).expect(200)).body.items.length).toBe(before);
  });

  it('refuses a query parameter it does not know (a misspelt waitMs would not wait)', async () => {
    const res = await e2e.http().post('/jobs?waitMS=1000').send({ type: 'noop', queue }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'waitMS', reason: 'is not a known field' }]);
  });
});
