import { apiKeyId } from '../../src/http/api-key-check';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

export const WRITE_KEY = 'audit-writer-0123456789';
export const READ_KEY = 'audit-reader-0123456789';

interface AuditItem {
  id: string;
  at: string;
  keyId: string | null;
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

/**
 * The audit trail over the API: every audited route records one entry after it succeeds (and
 * nothing when it fails), GET /audit pages them newest first. `afterEach` of the caller may look
 * where the entries went (`whereRecorded`).
 */
export function describeAuditApi(
  name: string,
  env: () => Record<string, string>,
  whereRecorded?: (e2e: E2eApp, ids: string[]) => Promise<void>,
): void {
  describe(`audit trail over the API, ${name}`, () => {
    let e2e: E2eApp;
    const writer = apiKeyId(WRITE_KEY);

    beforeAll(async () => {
      e2e = await startE2eApp({ API_KEYS: WRITE_KEY, API_KEYS_READONLY: READ_KEY, ...env() });
    });
    afterAll(async () => {
      await e2e?.close();
    });

    const as = (key: string) => ({
      get: (path: string) => e2e.http().get(path).set('Authorization', `Bearer ${key}`),
      post: (path: string, body?: object) => e2e.http().post(path).set('Authorization', `Bearer ${key}`).send(body),
      put: (path: string, body: object) => e2e.http().put(path).set('Authorization', `Bearer ${key}`).send(body),
      delete: (path: string) => e2e.http().delete(path).set('Authorization', `Bearer ${key}`),
    });
    const w = as(WRITE_KEY);
    const newest = async (): Promise<AuditItem> => (await w.get('/audit?limit=1').expect(200)).body.items[0];
    /** Runs `change`, then expects exactly one new entry, and returns it. */
    const recorded = async (change: () => Promise<unknown>): Promise<AuditItem> => {
      const before = (await w.get('/audit?limit=1').expect(200)).body.items[0]?.id;
      await change();
      const page = (await w.get('/audit?limit=2').expect(200)).body as { items: AuditItem[] };
      expect(page.items[0].id).not.toBe(before);
      if (before !== undefined) expect(page.items[1].id).toBe(before);
      return page.items[0];
    };
    const createJob = async (queue: string): Promise<string> => (await w.post('/jobs', { type: 'audit', queue }).expect(201)).body.id;

    it('records a job cancel and retry with the key id, the target and the time', async () => {
      const queue = uniqueQueue();
      const id = await createJob(queue);
      const cancel = await recorded(() => w.post(`/jobs/${id}/cancel`).expect(200));
      expect(cancel).toEqual({ id: expect.stringMatching(/^[1-9][0-9]*$/), at: expect.any(String), keyId: writer, action: 'job.cancel', target: `job:${id}` });
      expect(Math.abs(Date.parse(cancel.at) - Date.now())).toBeLessThan(60_000);
      const retry = await recorded(() => w.post(`/jobs/${id}/retry`).expect(200));
      expect(retry).toMatchObject({ keyId: writer, action: 'job.retry', target: `job:${id}` });
      expect(Number(retry.id)).toBeGreaterThan(Number(cancel.id));
    });

    it('records a promote and the bulk actions, with the filter as details', async () => {
      const queue = uniqueQueue();
      const id = (await w.post('/jobs', { type: 'audit', queue, delayMs: 3_600_000 }).expect(201)).body.id;
      await expect(recorded(() => w.post(`/jobs/${id}/promote`).expect(200))).resolves.toMatchObject({ action: 'job.promote', target: `job:${id}` });
      await expect(recorded(() => w.post(`/queues/${queue}/jobs/cancel`, { status: 'pending', limit: 10 }).expect(200))).resolves.toMatchObject({
        action: 'jobs.cancel',
        target: `queue:${queue}`,
        details: { status: 'pending', limit: 10 },
      });
      await expect(recorded(() => w.post(`/queues/${queue}/jobs/retry`, { status: 'cancelled' }).expect(200))).resolves.toMatchObject({
        action: 'jobs.retry',
        target: `queue:${queue}`,
        details: { status: 'cancelled' },
      });
    });

    it('records an execution cancel', async () => {
      const queue = uniqueQueue();
      const execution = (await w.post('/executions', { jobs: [{ type: 'a', queue }] }).expect(201)).body.id;
      await expect(recorded(() => w.post(`/executions/${execution}/cancel`).expect(200))).resolves.toMatchObject({ action: 'execution.cancel', target: `execution:${execution}` });
    });

    it('records every schedule change, a put by its field names only (never a header value)', async () => {
      const queue = uniqueQueue();
      const name = `audit-${queue}`;
      const body = {
        queue,
        everyMs: 3_600_000,
        paused: true,
        job: { type: 'http', payload: { url: 'https://hooks.example.com/nightly', headers: { Authorization: 'Bearer very-secret-value' } } },
      };
      const put = await recorded(() => w.put(`/schedules/${name}`, body).expect(201));
      expect(put).toMatchObject({ action: 'schedule.put', target: `schedule:${name}`, details: { fields: ['everyMs', 'job', 'paused', 'queue'], jobFields: ['payload', 'type'] } });
      expect(JSON.stringify(put)).not.toContain('very-secret-value');
      expect(JSON.stringify(put)).not.toContain('hooks.example.com');
      await expect(recorded(() => w.post(`/schedules/${name}/resume`).expect(200))).resolves.toMatchObject({ action: 'schedule.resume', target: `schedule:${name}` });
      await expect(recorded(() => w.post(`/schedules/${name}/pause`).expect(200))).resolves.toMatchObject({ action: 'schedule.pause', target: `schedule:${name}` });
      await expect(recorded(() => w.post(`/schedules/${name}/trigger`).expect(201))).resolves.toMatchObject({ action: 'schedule.trigger', target: `schedule:${name}` });
      const deleted = await recorded(() => w.delete(`/schedules/${name}`).expect(204));
      expect(deleted).toMatchObject({ action: 'schedule.delete', target: `schedule:${name}` });
      expect(deleted).not.toHaveProperty('details');
    });

    it('records queue settings (with the body), pause, resume and a group change', async () => {
      const queue = uniqueQueue();
      const settings = { groupConcurrency: 3, rateLimit: { max: 10, perMs: 1000 } };
      await expect(recorded(() => w.put(`/queues/${queue}/settings`, settings).expect(200))).resolves.toMatchObject({ action: 'queue.settings', target: `queue:${queue}`, details: settings });
      await expect(recorded(() => w.post(`/queues/${queue}/pause`).expect(200))).resolves.toMatchObject({ action: 'queue.pause', target: `queue:${queue}` });
      await expect(recorded(() => w.post(`/queues/${queue}/resume`).expect(200))).resolves.toMatchObject({ action: 'queue.resume', target: `queue:${queue}` });
      await expect(recorded(() => w.put(`/queues/${queue}/groups/tenant-7`, { concurrency: 2, paused: false }).expect(200))).resolves.toMatchObject({
        action: 'group.put',
        target: `queue:${queue}/group:tenant-7`,
        details: { concurrency: 2, paused: false },
      });
    });

    it('records nothing for a change that failed, one a read-only key was refused, or a job creation', async () => {
      const queue = uniqueQueue();
      const before = await newest();
      await w.post(`/jobs/${queue}-0000000000000-unknown/cancel`).expect((res) => expect([400, 404]).toContain(res.status));
      await w.put(`/queues/${queue}/settings`, { groupConcurrency: 0 }).expect(400);
      await w.delete('/schedules/no-such-schedule').expect(404);
      await as(READ_KEY).post(`/queues/${queue}/pause`).expect(403);
      const id = await createJob(queue);
      await w.post('/jobs/bulk', { jobs: [{ type: 'a', queue }] }).expect(201);
      await w.post('/executions', { jobs: [{ type: 'a', queue }] }).expect(201);
      expect(await newest()).toEqual(before);
      // a read-only key reads the trail
      await as(READ_KEY).get('/audit').expect(200);
      await expect(recorded(() => w.post(`/jobs/${id}/cancel`).expect(200))).resolves.toMatchObject({ target: `job:${id}` });
    });

    it('pages newest first with limit and cursor, and refuses a bad limit or cursor naming it', async () => {
      const queue = uniqueQueue();
      for (let i = 0; i < 5; i++) await w.post(`/queues/${queue}/pause`).expect(200);
      const seen: AuditItem[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: AuditItem[]; nextCursor: string | null } = (await w.get(`/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null && seen.length < 6);
      expect(seen.slice(0, 5).map((e) => e.target)).toEqual(Array(5).fill(`queue:${queue}`));
      const ids = seen.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
      const field = async (query: string) => (await w.get(`/audit?${query}`).expect(400)).body.errors.map((e: { field: string }) => e.field);
      for (const limit of ['0', '501', 'abc', '1.5']) await expect(field(`limit=${limit}`)).resolves.toEqual(['limit']);
      for (const bad of ['abc', '0', '-1', '1e3', '99999999999999999999']) await expect(field(`cursor=${encodeURIComponent(bad)}`)).resolves.toEqual(['cursor']);
      const all = (await w.get('/audit?limit=500').expect(200)).body;
      expect(all.items.length).toBeGreaterThanOrEqual(5);
      if (whereRecorded) await whereRecorded(e2e, all.items.map((e: AuditItem) => e.id));
    });
  });
}
