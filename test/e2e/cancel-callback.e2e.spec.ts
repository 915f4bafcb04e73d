import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

describe('cancelling a job with a callbackUrl through the API', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('enqueues the callback that POSTs the cancelled job, once', async () => {
    const queue = uniqueQueue();
    const job = (await e2e.http().post('/jobs').send({ type: 'x', queue, delayMs: 60_000, callbackUrl: 'https://hooks.test/done' }).expect(201)).body;
    const cancelled = await e2e.http().post(`/jobs/${job.id}/cancel`).expect(200);
    expect(cancelled.body.status).toBe('cancelled');

    const pending = (await e2e.http().get('/jobs').query({ queue, status: 'pending' }).expect(200)).body.items;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ type: 'http', payload: { url: 'https://hooks.test/done', method: 'POST' } });
    expect(pending[0].payload.body).toEqual(cancelled.body);
  });

  it('enqueues nothing for a job without a callbackUrl', async () => {
    const queue = uniqueQueue();
    const job = (await e2e.http().post('/jobs').send({ type: 'x', queue }).expect(201)).body;
    await e2e.http().post(`/jobs/${job.id}/cancel`).expect(200);
    const pending = (await e2e.http().get('/jobs').query({ queue, status: 'pending' }).expect(200)).body.items;
    expect(pending).toEqual([]);
  });
});
