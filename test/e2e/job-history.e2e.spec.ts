import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { eventually } from '../support/eventually';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { HistoryDatabase } from '../../src/modules/history';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

const ALL_RETENTION_ZERO = { succeededMs: 0, failedMs: 0, cancelledMs: 0 };
/** JOB_LOG_LINES of these apps: a job keeps its newest 5 lines, in the store and in history. */
const LOG_LINES = 5;

const REDIS_PREFIX = uniqueTestPrefix();

afterAll(async () => {
  const redis = createRedisClient(TEST_REDIS_URL);
  await deletePrefixedKeys(redis, REDIS_PREFIX);
  await redis.quit();
});

/**
 * History as the API serves it, on the memory store and on Redis with every queue spread over 4
 * partitions (the history writer reads one event stream per partition; rows name the queue).
 */
function describeHistory(name: string, store: () => Record<string, string>): void {
  describe(`job history over the API (PostgreSQL), ${name}`, () => {
    let db: TestDatabase;
    let e2e: E2eApp;

    beforeAll(async () => {
      db = await createTestDatabase();
      e2e = await startE2eApp({ ...store(), DATABASE_URL: db.url, DB_MIGRATE: 'true', JOB_LOG_LINES: String(LOG_LINES) });
    });
    afterAll(async () => {
      await e2e?.close();
      await db?.drop();
    });

    /** A job that fails once on w1, then succeeds on w2: two attempts. */
    async function jobWithTwoAttempts(queue: string): Promise<string> {
      const created = await e2e.http().post('/jobs').send({ type: 'report', queue }).expect(201);
      const id: string = created.body.id;
      const first = await e2e.store.jobs.claim(queue, 'w1', 1, 60_000);
      await e2e.store.jobs.fail(queue, [{ id, token: first.jobs[0].token, error: 'boom', retryable: true, retryDelayMs: 0 }]);
      const second = await eventually(async () => {
        const claim = await e2e.store.jobs.claim(queue, 'w2', 1, 60_000);
        if (claim.jobs.length !== 1) throw new Error('not claimable yet');
        return claim;
      });
      await e2e.store.jobs.complete(queue, [{ id, token: second.jobs[0].token, resultJson: '{"rows":3}' }]);
      return id;
    }

    it('lists every attempt from history', async () => {
      const queue = uniqueQueue();
      const id = await jobWithTwoAttempts(queue);
      const body = await eventually(async () => {
        const res = await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
        expect(res.body).toMatchObject({ source: 'history' });
        expect(res.body.items.map((a: { outcome: string }) => a.outcome)).toEqual(['failed', 'succeeded']);
        return res.body;
      });
      expect(body).toMatchObject({
        jobId: id,
        items: [
          { attempt: 1, run: 1, outcome: 'failed', workerId: 'w1', error: 'boom' },
          { attempt: 2, run: 2, outcome: 'succeeded', workerId: 'w2' },
        ],
      });
      expect(Date.parse(body.items[0].startedAt)).not.toBeNaN();
    });

    it('tells the attempts of a job retried through the API apart by run, listed in run order', async () => {
      const queue = uniqueQueue();
      const id = (await e2e.http().post('/jobs').send({ type: 'report', queue, maxAttempts: 1 }).expect(201)).body.id;
      const first = await e2e.store.jobs.claim(queue, 'w1', 1, 60_000);
      await e2e.store.jobs.fail(queue, [{ id, token: first.jobs[0].token, error: 'boom', retryable: false }]);
      await e2e.http().post(`/jobs/${id}/retry`).expect(200);
      const second = await e2e.store.jobs.claim(queue, 'w2', 1, 60_000);
      await e2e.store.jobs.complete(queue, [{ id, token: second.jobs[0].token }]);
      // history may hold the second run's claim before its completion (another batch of events)
      await eventually(async () => {
        const res = await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
        expect(res.body.items).toMatchObject([
          { attempt: 1, run: 1, outcome: 'failed', workerId: 'w1' },
          { attempt: 1, run: 2, outcome: 'succeeded', workerId: 'w2' },
        ]);
      });
    });

    it.each([
      ['GET', '/jobs/%00', 'job_not_found'],
      ['GET', '/jobs/a%00b/attempts', 'job_not_found'],
      ['GET', '/jobs/default-%ED%A0%80', 'not_found'],
      ['GET', '/executions/%E0%A4%A', 'not_found'],
      ['POST', '/jobs/%00/cancel', 'job_not_found'],
      ['POST', '/jobs/%00/retry', 'job_not_found'],
      ['GET', `/jobs/${'x'.repeat(5000)}`, 'job_not_found'],
      ['GET', '/executions/%00', 'execution_not_found'],
      ['GET', '/executions/%00/jobs', 'execution_not_found'],
      ['POST', '/executions/%00/cancel', 'execution_not_found'],
    ])('%s %s: 404 for an id that cannot exist, whatever its bytes', async (method, path, code) => {
      const req = method === 'GET' ? e2e.http().get(path) : e2e.http().post(path);
      const res = await req.expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, code });
    });

    it('answers GET /jobs/:id from history once retention has trimmed the job', async () => {
      const queue = uniqueQueue();
      const id = await jobWithTwoAttempts(queue);
      await eventually(async () => {
        const res = await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
        expect(res.body.items).toHaveLength(2);
        const job = await e2e.http().get(`/jobs/${id}`).expect(200);
        expect(job.body.status).toBe('succeeded');
      });
      await eventually(async () => expect(await e2e.store.upkeep.trimFinished(queue, ALL_RETENTION_ZERO, 100)).toBe(1));
      await expect(e2e.store.admin.get(id)).resolves.toBeNull();

      const res = await eventually(async () => {
        const r = await e2e.http().get(`/jobs/${id}`).expect(200);
        expect(r.body.status).toBe('succeeded');
        return r;
      });
      expect(res.body).toMatchObject({ id, queue, type: 'report', status: 'succeeded', attempts: 2, result: { rows: 3 }, workerId: 'w2', source: 'history' });
      expect(res.body).not.toHaveProperty('payload');
      await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
    });

    it("keeps each attempt's progress and the job's newest log lines in history, and serves them once retention has trimmed the job", async () => {
      const queue = uniqueQueue();
      const id = (await e2e.http().post('/jobs').send({ type: 'report', queue }).expect(201)).body.id as string;
      const first = (await e2e.store.jobs.claim(queue, 'w1', 1, 60_000)).jobs[0];
      await e2e.store.jobs.report(queue, [{ id, token: first.token, progressJson: '{"done":1}', lines: ['a1', 'a2', 'a3', 'a4'] }], LOG_LINES);
      await e2e.store.jobs.fail(queue, [{ id, token: first.token, error: 'boom', retryable: true, retryDelayMs: 0 }]);
      const second = await eventually(async () => {
        const claim = await e2e.store.jobs.claim(queue, 'w2', 1, 60_000);
        if (claim.jobs.length !== 1) throw new Error('not claimable yet');
        return claim.jobs[0];
      });
      await e2e.store.jobs.report(queue, [{ id, token: second.token, lines: ['b1', 'b2'] }], LOG_LINES);
      await e2e.store.jobs.report(queue, [{ id, token: second.token, progressJson: '{"done":2}', lines: ['b3'] }], LOG_LINES);
      await e2e.store.jobs.complete(queue, [{ id, token: second.token, resultJson: '"ok"' }]);
      const attempts = await eventually(async () => {
        const res = await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
        expect(res.body.items.map((a: { outcome: string }) => a.outcome)).toEqual(['failed', 'succeeded']);
        return res.body.items;
      });
      expect(attempts).toMatchObject([
        { run: 1, outcome: 'failed', progress: { done: 1 }, progressAt: expect.any(String) },
        { run: 2, outcome: 'succeeded', progress: { done: 2 }, progressAt: expect.any(String) },
      ]);

      await eventually(async () => expect(await e2e.store.upkeep.trimFinished(queue, ALL_RETENTION_ZERO, 100)).toBe(1));
      await expect(e2e.store.admin.get(id)).resolves.toBeNull();
      const job = await e2e.http().get(`/jobs/${id}`).expect(200);
      expect(job.body).toMatchObject({ source: 'history', status: 'succeeded', progress: { done: 2 }, progressAt: expect.any(String), logLines: 7 });

      // 7 lines written, the newest 5 kept (lines 3..7), paged as the store paged them
      const page = await e2e.http().get(`/jobs/${id}/logs?limit=3`).expect(200);
      expect(page.body).toMatchObject({ jobId: id, source: 'history', total: 7, firstKept: 3, nextFrom: 6 });
      expect(page.body.lines.map((l: { seq: number; line: string }) => `${l.seq} ${l.line}`)).toEqual(['3 a3', '4 a4', '5 b1']);
      expect(Date.parse(page.body.lines[0].at)).not.toBeNaN();
      const rest = await e2e.http().get(`/jobs/${id}/logs?from=${page.body.nextFrom}`).expect(200);
      expect(rest.body).toMatchObject({ source: 'history', nextFrom: null });
      expect(rest.body.lines.map((l: { seq: number; line: string }) => `${l.seq} ${l.line}`)).toEqual(['6 b2', '7 b3']);
      const rows = (await (await e2e.app.get(HistoryDatabase).dataSource()).query(`SELECT seq, run FROM job_logs WHERE job_id = $1 ORDER BY seq`, [id])) as Array<{ seq: number; run: number }>;
      expect(rows).toEqual([{ seq: 3, run: 1 }, { seq: 4, run: 1 }, { seq: 5, run: 2 }, { seq: 6, run: 2 }, { seq: 7, run: 2 }]);
    });

    it("shows a job's schedule from history as the store showed it, by id and in listings", async () => {
      const queue = uniqueQueue();
      const before = new Date(Date.now() - 1).toISOString();
      // only claimq's own callers set a schedule (the API refuses the field)
      const { job } = await e2e.app.get(JobsService).create({ type: 'report', queue, schedule: { name: 'nightly', fireAt: Date.UTC(2030, 0, 1, 2) } });
      const schedule = { name: 'nightly', fireAt: '2030-01-01T02:00:00.000Z' };
      expect((await e2e.http().get(`/jobs/${job.id}`).expect(200)).body).toMatchObject({ schedule });
      const claim = await e2e.store.jobs.claim(queue, 'w1', 1, 60_000);
      expect(claim.jobs[0].job.schedule).toEqual({ name: 'nightly', fireAt: Date.UTC(2030, 0, 1, 2) });
      await e2e.store.jobs.complete(queue, [{ id: job.id, token: claim.jobs[0].token }]);
      await eventually(async () => {
        const res = await e2e.http().get('/jobs').query({ queue, from: before }).expect(200);
        expect(res.body.items).toMatchObject([{ id: job.id, status: 'succeeded', schedule, source: 'history' }]);
      });
      await eventually(async () => expect(await e2e.store.upkeep.trimFinished(queue, ALL_RETENTION_ZERO, 100)).toBe(1));
      const res = await e2e.http().get(`/jobs/${job.id}`).expect(200);
      expect(res.body).toMatchObject({ id: job.id, status: 'succeeded', source: 'history', schedule });
    });

    it('says 404 for a job neither the store nor history knows, attempts included', async () => {
      await e2e.http().get('/jobs/default-01NOSUCHJOB0000000000000').expect(404);
      const res = await e2e.http().get('/jobs/default-01NOSUCHJOB0000000000000/attempts').expect(404);
      expect(res.body).toMatchObject({ code: 'job_not_found' });
    });

    it('lists jobs created in [from, to) from history', async () => {
      const queue = uniqueQueue();
      const before = new Date(Date.now() - 1).toISOString();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await e2e.http().post('/jobs').send({ type: 'x', queue }).expect(201)).body.id);
      const after = new Date(Date.now() + 1).toISOString();

      const page = await eventually(async () => {
        const res = await e2e.http().get('/jobs').query({ queue, from: before, to: after }).expect(200);
        expect(res.body.items).toHaveLength(3);
        return res.body;
      });
      expect(page.items.map((j: { id: string }) => j.id)).toEqual([...ids].reverse());
      expect(page.items[0]).toMatchObject({ queue, type: 'x', status: 'pending', source: 'history' });

      const paged = await e2e.http().get('/jobs').query({ queue, from: before, limit: 2 }).expect(200);
      expect(paged.body.items).toHaveLength(2);
      const rest = await e2e.http().get('/jobs').query({ queue, from: before, limit: 2, cursor: paged.body.nextCursor }).expect(200);
      expect(rest.body.items.map((j: { id: string }) => j.id)).toEqual([ids[0]]);

      const none = await e2e.http().get('/jobs').query({ queue, from: after }).expect(200);
      expect(none.body.items).toEqual([]);
    });

    it('refuses a range that ends before it starts, and a from that is not ISO-8601', async () => {
      const res = await e2e.http().get('/jobs').query({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'to', reason: 'must be later than from' }]);
      const bad = await e2e.http().get('/jobs').query({ from: 'yesterday' }).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'from', reason: 'must be an ISO-8601 date-time' }]);
    });
  });
}

describeHistory('memory', () => ({ JOB_STORE: 'memory' }));
describeHistory('Redis, 4 partitions per queue', () => ({ JOB_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX, QUEUE_PARTITIONS: '4' }));

describe('job history routes without history (no DATABASE_URL)', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses from/to with a 400 naming the field', async () => {
    const res = await e2e.http().get('/jobs').query({ from: '2030-01-01T00:00:00Z' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'from', reason: 'needs job history, which is off (DATABASE_URL is not set)' }]);
    const to = await e2e.http().get('/jobs').query({ to: '2030-01-01T00:00:00Z' }).expect(400);
    expect(to.body.errors[0].field).toBe('to');
  });

  it('describes the latest attempt from the store', async () => {
    const queue = uniqueQueue();
    const id = (await e2e.http().post('/jobs').send({ type: 'x', queue, maxAttempts: 1 }).expect(201)).body.id;
    await expect(e2e.http().get(`/jobs/${id}/attempts`).expect(200).then((r) => r.body)).resolves.toEqual({ jobId: id, source: 'store', items: [] });

    const claim = await e2e.store.jobs.claim(queue, 'w9', 1, 60_000);
    const running = await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
    expect(running.body.items).toEqual([{ attempt: 1, run: 1, outcome: 'running', workerId: 'w9', startedAt: expect.any(String) }]);

    await e2e.store.jobs.fail(queue, [{ id, token: claim.jobs[0].token, error: 'nope', retryable: false }]);
    const failed = await e2e.http().get(`/jobs/${id}/attempts`).expect(200);
    expect(failed.body.items).toEqual([
      { attempt: 1, run: 1, outcome: 'failed', workerId: 'w9', startedAt: expect.any(String), finishedAt: expect.any(String), error: 'nope' },
    ]);
  });
});
