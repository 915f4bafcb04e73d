import { ExecutionRefreshService } from '../../src/modules/executions/execution-refresh.service';
import { ReaperService } from '../../src/modules/recovery/reaper.service';
import { HistoryQueryService } from '../../src/modules/history';
import { eventually } from '../support/eventually';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

describe('GET /executions/:id after retention (PostgreSQL)', () => {
  let db: TestDatabase;
  let e2e: E2eApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    // EXECUTION_RETENTION_MS=0: an execution goes at the first reaper pass after its final refresh
    e2e = await startE2eApp({
      JOB_STORE: 'memory',
      DATABASE_URL: db.url,
      DB_MIGRATE: 'true',
      REFRESH_INTERVAL_MS: '3600000',
      REAPER_INTERVAL_MS: '3600000',
      EXECUTION_RETENTION_MS: '0',
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await db?.drop();
  });

  it('answers from the executions table once the reaper has trimmed a finished execution', async () => {
    const queue = uniqueQueue();
    const created = await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue }, { type: 'b', queue }] }).expect(201);
    const id: string = created.body.id;
    const { jobs } = await e2e.store.jobs.claim(queue, 'w1', 2, 60_000);
    await e2e.store.jobs.complete(queue, [{ id: jobs[0].job.id, token: jobs[0].token }]);
    await e2e.store.jobs.fail(queue, [{ id: jobs[1].job.id, token: jobs[1].token, error: 'boom', retryable: false }]);
    const fromStore = (await e2e.http().get(`/executions/${id}`).expect(200)).body;
    expect(fromStore).toMatchObject({ id, queue, status: 'partial', total: 2, counts: { succeeded: 1, failed: 1 } });

    await expect(e2e.app.get(ExecutionRefreshService).refreshQueue(queue)).resolves.toBe(1);
    const reaper = e2e.app.get(ReaperService);
    await eventually(async () => expect(await reaper.reapQueue(queue)).toMatchObject({ executionsTrimmed: 1 }));
    await expect(e2e.store.executions.get(id)).resolves.toBeNull();

    const fromHistory = (await e2e.http().get(`/executions/${id}`).expect(200)).body;
    expect(fromHistory).toEqual(fromStore);
  });

  it("answers GET /executions/:id/graph from job history once the execution was trimmed: each job's key, parents and end", async () => {
    const queue = uniqueQueue();
    const jobs = [
      { type: 'a', queue, key: 'fetch' },
      { type: 'b', queue, key: 'parse', dependsOn: ['fetch'] },
      { type: 'c', queue, key: 'store', dependsOn: ['fetch', 'parse'] },
    ];
    const created = await e2e.http().post('/executions').send({ jobs }).expect(201);
    const id: string = created.body.id;
    // each job runs once its parents succeeded
    for (let i = 0; i < jobs.length; i++) {
      const claimed = await eventually(async () => {
        const claim = await e2e.store.jobs.claim(queue, 'w1', 1, 60_000);
        if (claim.jobs.length !== 1) throw new Error('no job ready yet');
        return claim.jobs[0];
      });
      await e2e.store.jobs.complete(queue, [{ id: claimed.job.id, token: claimed.token }]);
    }
    const fromStore = (await e2e.http().get(`/executions/${id}/graph`).expect(200)).body;
    expect(fromStore).toMatchObject({ source: 'store', edges: 3, execution: { status: 'succeeded' } });
    // history holds every job's end before the execution goes
    await eventually(async () => {
      const rows = (await e2e.app.get(HistoryQueryService).listExecutionJobs(id, Date.now(), 10)).map((r) => r.status);
      expect(rows).toEqual(['succeeded', 'succeeded', 'succeeded']);
    });
    await e2e.app.get(ExecutionRefreshService).refreshQueue(queue);
    await eventually(async () => expect(await e2e.app.get(ReaperService).reapQueue(queue)).toMatchObject({ executionsTrimmed: 1 }));
    await expect(e2e.store.executions.get(id)).resolves.toBeNull();

    const fromHistory = (await e2e.http().get(`/executions/${id}/graph`).expect(200)).body;
    // history keeps no order of the jobs given: its nodes come in id order
    const byId = (nodes: Array<{ id: string }>) => [...nodes].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(fromHistory).toEqual({ ...fromStore, source: 'history', nodes: byId(fromStore.nodes) });
  });

  it('keeps answering from the store while the execution is there', async () => {
    const queue = uniqueQueue();
    const created = await e2e.http().post('/executions').send({ jobs: [{ type: 'a', queue }] }).expect(201);
    await e2e.app.get(ExecutionRefreshService).refreshQueue(queue);
    await e2e.app.get(ReaperService).reapQueue(queue);
    const res = await e2e.http().get(`/executions/${created.body.id}`).expect(200);
    expect(res.body).toMatchObject({ status: 'running', counts: { pending: 1 } });
  });

  it('says 404 for an execution neither the store nor history knows', async () => {
    const res = await e2e.http().get('/executions/default-01NOSUCHEXEC000000000000').expect(404);
    expect(res.body).toMatchObject({ code: 'execution_not_found' });
  });
});
