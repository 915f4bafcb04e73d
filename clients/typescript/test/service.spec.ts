import type { AddressInfo } from 'node:net';
import { E2eApp, startE2eApp, uniqueQueue } from '../../../test/e2e/e2e-app';
import { ClaimqApiError, ClaimqClient, createClaimqClient } from '../src';

const API_KEY = 'client-spec-key-0123456789';

/** Fields today's generated types require (defaults read as required); the service's own defaults. */

describe('the client against the service', () => {
  let e2e: E2eApp;
  let client: ClaimqClient;
  let baseUrl: string;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: API_KEY });
    await e2e.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(e2e.app.getHttpServer().address() as AddressInfo).port}`;
    client = createClaimqClient({ baseUrl, apiKey: API_KEY });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('creates a job and reads it back', async () => {
    const queue = uniqueQueue();
    const created = await client.createJob({ type: 'email.send', queue, payload: { to: 'a@example.com' } });

    expect(created).toMatchObject({ queue, type: 'email.send', status: 'pending', idempotencyKey: expect.any(String) });
    await expect(client.getJob(created.id)).resolves.toMatchObject({ id: created.id, payload: { to: 'a@example.com' } });
  });

  it('waits for a job to end with waitMs: a wait that runs out answers it pending, a wait its cancel ends answers it cancelled', async () => {
    const queue = uniqueQueue();
    // MODE=api: nothing runs the job, so only its cancel ends it
    const created = await client.createJob({ type: 'email.send', queue }, { waitMs: 200 });
    expect(created).toMatchObject({ queue, status: 'pending' });
    const waiting = client.getJob(created.id, { waitMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.cancelJob(created.id);
    await expect(waiting).resolves.toMatchObject({ id: created.id, status: 'cancelled' });
  });

  it('waits for an execution to end with waitMs on createExecution and getExecution', async () => {
    const queue = uniqueQueue();
    // MODE=api: nothing runs its jobs, so only a cancel ends it
    const created = await client.createExecution({ jobs: [{ type: 'email.send', queue }] }, { waitMs: 200 });
    expect(created).toMatchObject({ total: 1, execution: { id: created.id, status: 'running', counts: { pending: 1 } } });
    const waiting = client.getExecution(created.id, { waitMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.api.POST('/executions/{id}/cancel', { params: { path: { id: created.id } } });
    // an execution whose jobs did not all succeed ends failed
    await expect(waiting).resolves.toMatchObject({ id: created.id, status: 'failed', counts: { cancelled: 1 } });
  });

  it('adds jobs to a running execution with addExecutionJobs; they may depend on its jobs', async () => {
    const queue = uniqueQueue();
    const created = await client.createExecution({ jobs: [{ type: 'split', queue, key: 'split' }] });
    const added = await client.addExecutionJobs(created.id, [{ type: 'part', queue, key: 'part-1', dependsOn: ['split'] }]);
    expect(added).toMatchObject({ id: created.id, total: 2 });
    const graph = await client.api.GET('/executions/{id}/graph', { params: { path: { id: created.id } } });
    expect(graph.data?.nodes.map((n) => [n.key, n.status, n.dependsOn])).toEqual([
      ['split', 'pending', []],
      ['part-1', 'blocked', ['split']],
    ]);
  });

  it("streams a job's events to its end with jobEvents, resuming a dropped connection with Last-Event-ID", async () => {
    const queue = uniqueQueue();
    const created = await client.createJob({ type: 'email.send', queue });
    // the first stream's connection breaks after its first chunk (the state): the client resumes
    const sent: Array<string | null> = [];
    let streams = 0;
    const flaky = createClaimqClient({
      baseUrl,
      apiKey: API_KEY,
      fetch: async (request: Request) => {
        sent.push(request.headers.get('last-event-id'));
        const response = await fetch(request);
        if (streams++ > 0 || !response.body) return response;
        const reader = response.body.getReader();
        const cut = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { value } = await reader.read();
            if (value) controller.enqueue(value);
            await reader.cancel();
            controller.error(new TypeError('terminated'));
          },
        });
        return new Response(cut, { status: response.status, headers: response.headers });
      },
    });
    const seen: string[] = [];
    for await (const event of flaky.jobEvents(created.id)) {
      seen.push(event.event === 'state' ? `state ${event.data.status}` : event.event);
      if (seen.length === 2) await client.cancelJob(created.id);
    }
    expect(seen).toEqual(['state pending', 'state pending', 'cancelled', 'end']);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeNull();
    expect(sent[1]).toEqual(expect.any(String));
    // a stream that already ended: 204, and the iteration ends at once
    const after: string[] = [];
    for await (const event of client.jobEvents(created.id, { lastEventId: 'end' })) after.push(event.event);
    expect(after).toEqual([]);
  });

  it("streams a queue's changes of the kinds asked for with queueEvents, until aborted", async () => {
    const queue = uniqueQueue();
    const stop = new AbortController();
    const kinds: string[] = [];
    const reading = (async () => {
      for await (const event of client.queueEvents(queue, { types: ['cancelled'], signal: stop.signal })) {
        kinds.push(event.event === 'cancelled' ? `cancelled ${event.data.jobId}` : event.event);
        if (event.event === 'cancelled') stop.abort();
      }
    })();
    while (kinds.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const created = await client.createJob({ type: 'email.send', queue });
    await client.cancelJob(created.id);
    await reading;
    expect(kinds).toEqual(['ready', `cancelled ${created.id}`]);
    await expect(client.queueEvents('no-such-queue').next()).rejects.toMatchObject({ status: 400 });
  });

  it('answers a repeated idempotency key with the job it already made', async () => {
    const queue = uniqueQueue();
    const first = await client.createJob({ type: 't', queue, idempotencyKey: 'order-42' });
    const again = await client.createJob({ type: 't', queue, idempotencyKey: 'order-42', payload: 'other' });

    expect(again).toEqual(first);
    expect((await client.listJobs({ queue })).items).toHaveLength(1);
  });

  it('adds a bulk, and a repeated bulk with the same keys adds nothing', async () => {
    const queue = uniqueQueue();
    const jobs = ['a', 'b', 'c'].map((type) => ({ type, queue, idempotencyKey: `bulk-${type}` }));
    const { ids } = await client.createJobs(jobs);

    expect(ids).toHaveLength(3);
    await expect(client.createJobs(jobs)).resolves.toEqual({ ids });
    expect((await client.listJobs({ queue })).items.map((job) => job.id).sort()).toEqual([...ids].sort());
  });

  it('iterates a queue page after page, and job by job', async () => {
    const queue = uniqueQueue();
    const { ids } = await client.createJobs(Array.from({ length: 5 }, (_, i) => ({ type: 't', queue, payload: { i } })));

    const pages = [];
    for await (const page of client.jobPages({ queue, status: 'pending', limit: 2 })) pages.push(page.items.length);
    expect(pages).toEqual([2, 2, 1]);

    const seen = [];
    for await (const job of client.jobs({ queue, status: 'pending', limit: 2 })) seen.push(job.id);
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('cancels and retries a job; a second cancel is a 409 with its code', async () => {
    const { id } = await client.createJob({ type: 't', queue: uniqueQueue() });

    await expect(client.cancelJob(id)).resolves.toMatchObject({ id, status: 'cancelled' });
    await expect(client.cancelJob(id)).rejects.toMatchObject({ status: 409, code: 'invalid_transition' });
    await expect(client.retryJob(id)).resolves.toMatchObject({ id, status: 'pending', attempts: 0 });
  });

  it('turns a 404 into a ClaimqApiError with the code', async () => {
    const error = await client.getJob('default-01JABCDEFG0123456789ABCD').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ClaimqApiError);
    expect(error).toMatchObject({ status: 404, code: 'job_not_found', body: { statusCode: 404, error: 'Not Found' } });
  });

  it('turns a 400 into a ClaimqApiError naming each field', async () => {
    const queue = uniqueQueue();
    const error = await client.createJobs([{ type: 't', queue }, { type: 'not ok', queue }]).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 400, errors: [{ field: 'jobs.1.type', reason: 'must match [A-Za-z0-9_.:-]{1,100}' }] });
  });

  it('sends the API key: without it the service answers 401', async () => {
    const anonymous = createClaimqClient({ baseUrl });

    await expect(anonymous.listJobs()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    await expect(client.listJobs()).resolves.toMatchObject({ items: expect.any(Array) });
  });

  it('creates an execution once per key, reads it, and iterates executions and their jobs', async () => {
    const queue = uniqueQueue();
    const jobs = Array.from({ length: 3 }, (_, i) => ({ type: 't', queue, payload: { i } }));
    const created = await client.createExecution({ jobs, idempotencyKey: 'batch-1' });

    expect(created).toEqual({ id: expect.any(String), total: 3 });
    await expect(client.createExecution({ jobs, idempotencyKey: 'batch-1' })).resolves.toEqual(created);
    await expect(client.getExecution(created.id)).resolves.toMatchObject({ id: created.id, queue, status: 'running', total: 3 });

    const second = await client.createExecution({ jobs: [{ type: 't', queue }] });
    const executions = [];
    for await (const execution of client.executions({ queue, limit: 1 })) executions.push(execution.id);
    expect(executions.sort()).toEqual([created.id, second.id].sort());

    const jobIds = [];
    for await (const job of client.items('/executions/{id}/jobs', { path: { id: created.id }, query: { limit: 2 } })) jobIds.push(job.id);
    expect(jobIds).toHaveLength(3);
  });

  it('reaches every other route through api, typed and with the key', async () => {
    const queue = uniqueQueue();
    await client.createJob({ type: 't', queue });

    const { data, response } = await client.api.GET('/queues/{name}/stats', { params: { path: { name: queue } } });

    expect(response.status).toBe(200);
    expect(data?.counts.pending).toBe(1);
  });
});
