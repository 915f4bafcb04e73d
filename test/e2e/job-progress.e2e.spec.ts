import { MAX_LOG_PAGE } from '../../src/domain/job-progress';
import { SseClient } from '../support/sse-client';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';
import { e2eStores } from './e2e-stores';

/**
 * A handler's progress and log lines (ctx.progress, ctx.log) through the API in one process
 * (MODE=all), on the memory store, Redis and Redis with 3 partitions: the job shows its latest
 * progress and line counts, GET /jobs/:id/logs pages the lines, and the job's event stream carries
 * both as they happen, in order. The built-in `sleep` job with `steps` reports them.
 */
const STORES = e2eStores({ partitioned: true });

describe.each(STORES)('progress and log lines on the %s store', (_name, storeEnv) => {
  let e2e: E2eApp;
  let base: string;
  const queue = uniqueQueue();
  const clients: SseClient[] = [];

  beforeAll(async () => {
    e2e = await startE2eApp({ ...storeEnv, MODE: 'all', QUEUES: queue });
    await e2e.app.listen(0, '127.0.0.1');
    base = await e2e.app.getUrl();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await e2e?.close();
  });

  it('streams each progress and line as the handler reports them, shows the latest on the job, and pages the lines', async () => {
    const id = (await e2e.http().post('/jobs').send({ type: 'sleep', queue, payload: { ms: 1_500, steps: 3 } }).expect(201)).body.id as string;
    const stream = new SseClient(`${base}/jobs/${id}/events`);
    clients.push(stream);
    await stream.ended;
    const reported = stream.events.filter((e) => e.event === 'progress' || e.event === 'log').map((e) => (e.event === 'progress' ? `progress ${e.data.progress.percent}` : `log ${e.data.first}: ${e.data.lines.join(' | ')}`));
    expect(reported).toEqual(['progress 33', 'log 1: step 1 of 3', 'progress 67', 'log 2: step 2 of 3', 'progress 100', 'log 3: step 3 of 3']);
    expect(stream.named('progress')[0].data).toMatchObject({ kind: 'progress', jobId: id, status: 'running', attempts: 1, progress: { step: 1, of: 3, percent: 33 } });
    expect(stream.events.at(-2)?.event).toBe('succeeded');

    const job = await e2e.http().get(`/jobs/${id}`).expect(200);
    expect(job.body).toMatchObject({ status: 'succeeded', progress: { step: 3, of: 3, percent: 100 }, progressAt: expect.any(String), logLines: 3, logLinesDropped: 0 });

    const first = await e2e.http().get(`/jobs/${id}/logs?limit=2`).expect(200);
    expect(first.body).toMatchObject({ jobId: id, total: 3, firstKept: 1, nextFrom: 3, source: 'store', lines: [{ seq: 1, line: 'step 1 of 3' }, { seq: 2, line: 'step 2 of 3' }] });
    const next = await e2e.http().get(`/jobs/${id}/logs?from=3&limit=${MAX_LOG_PAGE}`).expect(200);
    expect(next.body).toMatchObject({ nextFrom: null, lines: [{ seq: 3, line: 'step 3 of 3', at: expect.any(String) }] });
  });

  it(`refuses a log page longer than ${MAX_LOG_PAGE} lines or from before line 1, naming the field (400), and an unknown job (404)`, async () => {
    const id = (await e2e.http().post('/jobs').send({ type: 'noop', queue }).expect(201)).body.id as string;
    const long = await e2e.http().get(`/jobs/${id}/logs?limit=${MAX_LOG_PAGE + 1}`).expect(400);
    expect(JSON.stringify(long.body.errors)).toContain('limit');
    const before = await e2e.http().get(`/jobs/${id}/logs?from=0`).expect(400);
    expect(JSON.stringify(before.body.errors)).toContain('from');
    await e2e.http().get(`/jobs/${id.slice(0, -4)}zzzz/logs`).expect(404);
  });
});
