import { MAX_EXECUTION_JOBS } from '../../src/domain/execution';
import { MAX_EXECUTION_EDGES } from '../../src/domain/job-graph';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/** POST /executions with dependsOn, GET /executions/:id/graph and the jobs' graph fields, written once and run on every store. */
export function describeJobGraphsApi(storeName: string, env: () => Record<string, string>): void {
  describe(`job graphs API on the ${storeName} store`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({ REFRESH_INTERVAL_MS: '3600000', ...env() });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    async function refused(jobs: unknown[], field: string, reason: RegExp): Promise<void> {
      const res = await e2e.http().post('/executions').send({ jobs }).expect(400);
      const text = JSON.stringify(res.body).replace(/\\"/g, '"');
      expect(text).toContain(field);
      expect(text).toMatch(reason);
    }

    it('refuses a bad graph with 400 naming the job and the reason', async () => {
      const queue = uniqueQueue();
      const t = { type: 't', queue };
      await refused([{ ...t, key: 'a', dependsOn: ['c'] }, { ...t, key: 'b', dependsOn: ['a'] }, { ...t, key: 'c', dependsOn: ['b'] }], 'jobs.0.dependsOn', /cycle/);
      await refused([{ ...t, key: 'a' }, { ...t, key: 'b', dependsOn: ['nope'] }], 'jobs.1.dependsOn', /"nope", which is the key of no job/);
      await refused([{ ...t, key: 'a' }, { ...t, key: 'a' }], 'jobs.1.key', /already the key of jobs\[0\]/);
      await refused([{ ...t, key: 'a', dependsOn: ['a'] }], 'jobs.0.dependsOn', /own key/);
      await refused([{ ...t, key: 'a' }, { ...t, key: 'b', dependsOn: ['a', 'a'] }], 'jobs.1.dependsOn', /twice/);
      await refused([{ ...t, key: 'a' }, { ...t, key: 'b', dependsOn: ['a'], idempotencyKey: 'k' }], 'jobs.1.idempotencyKey', /execution an idempotencyKey/);
      await refused([{ ...t, key: 'a b' }], 'key', /must match/);
      await refused([{ ...t, key: 'a' }, { ...t, dependsOn: ['a'], onParentFailure: 'ignore' }], 'onParentFailure', /must be one of/);
      await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: 0, blocked: 0 });
    });

    /** MAX_EXECUTION_JOBS jobs in 10 layers; every job past the first layer waits on 11 of the layer before, the last layer's on 12 (or `extra` more). */
    function largestGraph(queue: string, extra = 0): Array<Record<string, unknown>> {
      const jobs: Array<Record<string, unknown>> = [];
      const width = MAX_EXECUTION_JOBS / 10;
      for (let layer = 0; layer < 10; layer++) {
        for (let i = 0; i < width; i++) {
          const fanIn = layer === 0 ? 0 : layer === 9 ? 12 : 11;
          const job: Record<string, unknown> = { type: 't', queue, key: `l${layer}-${i}` };
          if (fanIn > 0) job.dependsOn = Array.from({ length: fanIn + (layer === 9 && i < extra ? 1 : 0) }, (_, k) => `l${layer - 1}-${(i + k * 83) % width}`);
          jobs.push(job);
        }
      }
      return jobs;
    }

    it(`takes ${MAX_EXECUTION_JOBS} jobs and ${MAX_EXECUTION_EDGES} edges, and GET /executions/:id/graph returns them all`, { timeout: 120_000 }, async () => {
      const queue = uniqueQueue();
      const res = await e2e.http().post('/executions').send({ jobs: largestGraph(queue) }).expect(201);
      expect(res.body.total).toBe(MAX_EXECUTION_JOBS);
      await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: 1000, blocked: 9000 });
      const graph = await e2e.http().get(`/executions/${res.body.id}/graph`).expect(200);
      expect(graph.body.nodes).toHaveLength(MAX_EXECUTION_JOBS);
      expect(graph.body.edges).toBe(MAX_EXECUTION_EDGES);
      expect(graph.body.execution).toMatchObject({ id: res.body.id, status: 'running', counts: { pending: 1000, blocked: 9000 } });
      expect(graph.body.nodes[1000]).toMatchObject({ key: 'l1-0', status: 'blocked', dependsOn: expect.arrayContaining(['l0-0']) });
    });

    it(`refuses one edge past ${MAX_EXECUTION_EDGES} with 400, adding nothing`, { timeout: 120_000 }, async () => {
      const queue = uniqueQueue();
      const res = await e2e.http().post('/executions').send({ jobs: largestGraph(queue, 1) }).expect(400);
      // the edges are counted in the jobs' order: the last job's take the execution past the maximum
      expect(JSON.stringify(res.body)).toMatch(/jobs\.9999\.dependsOn.*past 100000 edges/);
      await expect(e2e.store.admin.counts(queue)).resolves.toMatchObject({ pending: 0, blocked: 0 });
    });

    it('shows each job its key, parents and policy; the graph follows a run, a failure and a skip', async () => {
      const queue = uniqueQueue();
      const jobs = [
        { type: 't', queue, key: 'fetch', payload: { url: 'https://example.com/a.pdf', pages: [1, 2] } },
        { type: 't', queue, key: 'parse', dependsOn: ['fetch'], maxAttempts: 1 },
        { type: 't', queue, key: 'index', dependsOn: ['parse'], onParentFailure: 'skip' },
        { type: 't', queue, key: 'notify', dependsOn: ['parse', 'index'], onParentFailure: 'run' },
      ];
      const { body } = await e2e.http().post('/executions').send({ jobs }).expect(201);
      const first = await e2e.http().get(`/executions/${body.id}/graph`).expect(200);
      expect(first.body.nodes.map((n: { key: string; status: string }) => `${n.key}:${n.status}`)).toEqual(['fetch:pending', 'parse:blocked', 'index:blocked', 'notify:blocked']);
      const parseId = first.body.nodes[1].id;
      const parse = await e2e.http().get(`/jobs/${parseId}`).expect(200);
      expect(parse.body).toMatchObject({ key: 'parse', dependsOn: ['fetch'], onParentFailure: 'fail', status: 'blocked' });

      const [fetch] = (await e2e.store.jobs.claim(queue, 'w', 10, 60_000)).jobs;
      // a job of a graph keeps its payload whole (the execution's job DTO extends POST /jobs')
      expect(fetch.job.payload).toEqual({ url: 'https://example.com/a.pdf', pages: [1, 2] });
      await e2e.store.jobs.complete(queue, [{ id: fetch.job.id, token: fetch.token, resultJson: '{"pages":3}' }]);
      const [parsing] = (await e2e.store.jobs.claim(queue, 'w', 10, 60_000)).jobs;
      expect(parsing.parents).toEqual({ fetch: { pages: 3 } });
      await e2e.store.jobs.fail(queue, [{ id: parsing.job.id, token: parsing.token, error: 'bad html', retryable: true }]);

      const after = await e2e.http().get(`/executions/${body.id}/graph`).expect(200);
      expect(after.body.nodes.map((n: { key: string; status: string }) => `${n.key}:${n.status}`)).toEqual(['fetch:succeeded', 'parse:failed', 'index:skipped', 'notify:pending']);
      expect(after.body.nodes[2].lastError).toBe('parent "parse" failed');
      expect(after.body.execution.counts).toMatchObject({ succeeded: 1, failed: 1, skipped: 1, pending: 1 });
      const list = await e2e.http().get(`/jobs?queue=${queue}&status=skipped`).expect(200);
      expect(list.body.items.map((j: { key: string }) => j.key)).toEqual(['index']);
    });

    it('adds jobs to a running execution: 201 with their ids; 400, 404 and 409 add nothing', async () => {
      const queue = uniqueQueue();
      const { body } = await e2e.http().post('/executions').send({ jobs: [{ type: 't', queue, key: 'split' }, { type: 't', queue, key: 'merge', dependsOn: ['split'] }] }).expect(201);
      const parts = [0, 1].map((i) => ({ type: 't', key: `part-${i}`, dependsOn: ['split'], requiredBy: ['merge'], payload: { i } }));
      const added = await e2e.http().post(`/executions/${body.id}/jobs`).send({ jobs: parts }).expect(201);
      expect(added.body).toEqual({ id: body.id, total: 4, jobIds: [expect.any(String), expect.any(String)] });
      const part = await e2e.http().get(`/jobs/${added.body.jobIds[1]}`).expect(200);
      expect(part.body).toMatchObject({ queue, key: 'part-1', dependsOn: ['split'], status: 'blocked', payload: { i: 1 }, executionId: body.id });
      const graph = await e2e.http().get(`/executions/${body.id}/graph`).expect(200);
      expect(graph.body.nodes.find((n: { key: string }) => n.key === 'merge').dependsOn).toEqual(['split', 'part-0', 'part-1']);

      const refusedWith = async (status: number, jobs: unknown[], text: RegExp, id = body.id) => {
        const res = await e2e.http().post(`/executions/${id}/jobs`).send({ jobs }).expect(status);
        expect(JSON.stringify(res.body).replace(/\\"/g, '"')).toMatch(text);
      };
      await refusedWith(400, [{ type: 't', key: 'split' }], /jobs\.0\.key.*"split" is already the key/);
      await refusedWith(400, [{ type: 't', key: 'x', requiredBy: ['nope'] }], /jobs\.0\.requiredBy/);
      await refusedWith(400, [{ type: 't', key: 'x', dependsOn: ['merge'], requiredBy: ['merge'] }], /cycle/);
      await refusedWith(400, [{ type: 't', queue: uniqueQueue() }], /jobs\.0\.queue/);
      await refusedWith(404, [{ type: 't' }], /not found/, `${queue}-00000000000000000000`);
      // split runs and ends; the parts become pending: a job can no longer make them wait
      const [split] = (await e2e.store.jobs.claim(queue, 'w', 10, 60_000)).jobs;
      await e2e.store.jobs.complete(queue, [{ id: split.job.id, token: split.token }]);
      await refusedWith(409, [{ type: 't', key: 'late', requiredBy: ['part-0'] }], /"part-0" is pending/);
      expect((await e2e.http().get(`/executions/${body.id}`).expect(200)).body.total).toBe(4);
    });

    it('answers 404 for the graph of an unknown execution', async () => {
      await e2e.http().get(`/executions/${uniqueQueue()}-00000000000000000000/graph`).expect(404);
    });
  });
}
