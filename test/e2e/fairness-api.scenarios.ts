import { randomBytes } from 'node:crypto';
import { MAX_GROUP_CONCURRENCY, MAX_GROUPS_PAGE, MAX_RATE_LIMIT_MAX, MAX_RATE_LIMIT_PER_MS } from '../../src/domain/fairness';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NAME_REASON = 'must match [A-Za-z0-9_.:-]{1,100}';
const MAX_RATE = { max: MAX_RATE_LIMIT_MAX, perMs: MAX_RATE_LIMIT_PER_MS };

/** A group that nothing was ever set on and that holds no job. */
const emptyGroup = (name: string, effectiveConcurrency: number | null = null) => ({
  name,
  pending: 0,
  running: 0,
  paused: false,
  concurrency: null,
  effectiveConcurrency,
  rateLimit: null,
  limitedBy: null,
});

const groupPath = (queue: string, group: string) => `/queues/${queue}/groups/${encodeURIComponent(group)}`;

const httpJob = (queue: string, url: string, extra: object = {}) => ({ type: 'http', queue, payload: { url, method: 'POST' }, ...extra });

/**
 * Fairness at the API (README, Fairness and rate limits): the job's `group`, the host group of
 * `http` jobs, and the /queues/:name/settings, pause, resume and groups routes, written once and
 * run on every store. The store's claim semantics are the contract suite's (fairness.cases.ts);
 * the few claims here check that what the API sets is what the claim obeys.
 */
export function describeFairnessApi(storeName: string, env: () => Record<string, string>): void {
  describe(`fairness API on the ${storeName} store`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp(env());
    });

    afterAll(async () => {
      await e2e?.close();
    });

    const errorsOf = (res: { body: { errors?: { field: string; reason: string }[] } }) => res.body.errors;

    async function enqueue(body: object): Promise<{ id: string; [key: string]: unknown }> {
      return (await e2e.http().post('/jobs').send(body).expect(201)).body;
    }

    describe("a job's group", () => {
      it('keeps the group given to POST /jobs and shows it on GET /jobs/:id and in listings', async () => {
        const queue = uniqueQueue();
        const created = await enqueue({ type: 'report', queue, group: 'tenant-42' });
        expect(created.group).toBe('tenant-42');
        expect((await e2e.http().get(`/jobs/${created.id}`).expect(200)).body.group).toBe('tenant-42');
        const listed = await e2e.http().get('/jobs').query({ queue }).expect(200);
        expect(listed.body.items.map((j: { group?: string }) => j.group)).toEqual(['tenant-42']);
      });

      it('shows no group on a job without one (the default group)', async () => {
        const created = await enqueue({ type: 'report', queue: uniqueQueue() });
        expect(created).not.toHaveProperty('group');
        expect((await e2e.http().get(`/jobs/${created.id}`).expect(200)).body).not.toHaveProperty('group');
      });

      it('takes a group of 100 characters, on POST /jobs and in a bulk', async () => {
        const queue = uniqueQueue();
        const long = 'g'.repeat(100);
        expect((await enqueue({ type: 't', queue, group: long })).group).toBe(long);
        const bulk = await e2e.http().post('/jobs/bulk').send({ jobs: [{ type: 't', queue, group: 'a' }, { type: 't', queue, group: long }, { type: 't', queue }] }).expect(201);
        const groups = await Promise.all(bulk.body.ids.map(async (id: string) => (await e2e.http().get(`/jobs/${id}`).expect(200)).body.group));
        expect(groups).toEqual(['a', long, undefined]);
      });

      it.each<[string, unknown]>([
        ['a space', 'a b'],
        ['101 characters', 'g'.repeat(101)],
        ['an empty string', ''],
        ['the default group alias', '~default'],
      ])('refuses a group with %s with 400 naming group, and in a bulk jobs.N.group', async (_case, group) => {
        const queue = uniqueQueue();
        const one = await e2e.http().post('/jobs').send({ type: 't', queue, group }).expect(400);
        expect(errorsOf(one)).toEqual([{ field: 'group', reason: NAME_REASON }]);
        const bulk = await e2e.http().post('/jobs/bulk').send({ jobs: [{ type: 't', queue }, { type: 't', queue, group }] }).expect(400);
        expect(errorsOf(bulk)).toEqual([{ field: 'jobs.1.group', reason: NAME_REASON }]);
        const listed = await e2e.http().get('/jobs').query({ queue }).expect(200);
        expect(listed.body.items).toEqual([]);
      });

      it('refuses a group that is not a string with 400 naming group', async () => {
        const res = await e2e.http().post('/jobs').send({ type: 't', group: 42 }).expect(400);
        expect(errorsOf(res)).toEqual([{ field: 'group', reason: 'must be a string' }]);
      });

      it("gives an http job its host's group (with the port), and keeps an explicit group", async () => {
        const queue = uniqueQueue();
        const byHost = await enqueue(httpJob(queue, 'https://API.Example.com:8443/hooks/in?x=1'));
        expect(byHost.group).toBe('host:api.example.com:8443');
        expect((await e2e.http().get(`/jobs/${byHost.id}`).expect(200)).body.group).toBe('host:api.example.com:8443');
        const explicit = await enqueue(httpJob(queue, 'https://api.example.com/hooks/in', { group: 'tenant-7' }));
        expect((await e2e.http().get(`/jobs/${explicit.id}`).expect(200)).body.group).toBe('tenant-7');
        const other = await enqueue({ type: 'report', queue, payload: { url: 'https://api.example.com/' } });
        expect(other).not.toHaveProperty('group');
      });

      it('gives the jobs of an execution their groups', async () => {
        const queue = uniqueQueue();
        const created = await e2e.http().post('/executions').send({ jobs: [{ type: 't', queue, group: 'g1' }, httpJob(queue, 'http://hooks.example.com/x')] }).expect(201);
        const jobs = await e2e.http().get(`/executions/${created.body.id}/jobs`).expect(200);
        expect(jobs.body.items.map((j: { group?: string }) => j.group).sort()).toEqual(['g1', 'host:hooks.example.com']);
      });

      it("keeps a schedule's job group, shows it, and fires jobs in it; an http template without one fires into its host's group", async () => {
        const queue = uniqueQueue();
        const name = `fair-${randomBytes(4).toString('hex')}`;
        const put = await e2e.http().put(`/schedules/${name}`).send({ queue, everyMs: 3_600_000, paused: true, job: { type: 'report', group: 'tenant-9' } }).expect(201);
        expect(put.body.job.group).toBe('tenant-9');
        const fired = await e2e.http().post(`/schedules/${name}/trigger`).expect(201);
        expect((await e2e.http().get(`/jobs/${fired.body.jobId}`).expect(200)).body.group).toBe('tenant-9');

        const hostly = await e2e.http().put(`/schedules/${name}`).send({ queue, everyMs: 3_600_000, paused: true, job: { type: 'http', payload: { url: 'https://cron.example.com/run', method: 'POST' } } }).expect(200);
        // the schedule keeps what was asked (no group); each fire works out the host group
        expect(hostly.body.job).not.toHaveProperty('group');
        const again = await e2e.http().post(`/schedules/${name}/trigger`).expect(201);
        expect((await e2e.http().get(`/jobs/${again.body.jobId}`).expect(200)).body.group).toBe('host:cron.example.com');
        await e2e.http().delete(`/schedules/${name}`).expect(204);
      });

      it('refuses a bad group in a schedule, naming job.group', async () => {
        const res = await e2e.http().put(`/schedules/fair-bad`).send({ everyMs: 60_000, job: { type: 'report', group: 'a/b' } }).expect(400);
        expect(errorsOf(res)).toEqual([{ field: 'job.group', reason: NAME_REASON }]);
      });
    });

    describe('queue settings, pause and resume', () => {
      it('reads the defaults of a queue nothing was set on', async () => {
        const queue = uniqueQueue();
        const res = await e2e.http().get(`/queues/${queue}/settings`).expect(200);
        expect(res.body).toEqual({ queue, paused: false, groupConcurrency: null, rateLimit: null });
      });

      it('sets every setting at its maximum, keeps what a change leaves out, and clears with null', async () => {
        const queue = uniqueQueue();
        const set = await e2e.http().put(`/queues/${queue}/settings`).send({ groupConcurrency: MAX_GROUP_CONCURRENCY, rateLimit: MAX_RATE }).expect(200);
        expect(set.body).toEqual({ queue, paused: false, groupConcurrency: MAX_GROUP_CONCURRENCY, rateLimit: MAX_RATE });
        expect((await e2e.http().get(`/queues/${queue}/settings`).expect(200)).body).toEqual(set.body);

        expect((await e2e.http().put(`/queues/${queue}/settings`).send({}).expect(200)).body).toEqual(set.body);
        const capCleared = await e2e.http().put(`/queues/${queue}/settings`).send({ groupConcurrency: null }).expect(200);
        expect(capCleared.body).toEqual({ queue, paused: false, groupConcurrency: null, rateLimit: MAX_RATE });
        const smallest = await e2e.http().put(`/queues/${queue}/settings`).send({ groupConcurrency: 1, rateLimit: { max: 1, perMs: 1 } }).expect(200);
        expect(smallest.body).toEqual({ queue, paused: false, groupConcurrency: 1, rateLimit: { max: 1, perMs: 1 } });
        const rateCleared = await e2e.http().put(`/queues/${queue}/settings`).send({ rateLimit: null }).expect(200);
        expect(rateCleared.body).toEqual({ queue, paused: false, groupConcurrency: 1, rateLimit: null });
      });

      it('pauses and resumes a queue, answering its settings', async () => {
        const queue = uniqueQueue();
        await e2e.http().put(`/queues/${queue}/settings`).send({ groupConcurrency: 5 }).expect(200);
        const paused = await e2e.http().post(`/queues/${queue}/pause`).expect(200);
        expect(paused.body).toEqual({ queue, paused: true, groupConcurrency: 5, rateLimit: null });
        expect((await e2e.http().get(`/queues/${queue}/settings`).expect(200)).body.paused).toBe(true);
        // a settings change leaves the pause alone
        expect((await e2e.http().put(`/queues/${queue}/settings`).send({ groupConcurrency: 6 }).expect(200)).body.paused).toBe(true);
        const resumed = await e2e.http().post(`/queues/${queue}/resume`).expect(200);
        expect(resumed.body).toEqual({ queue, paused: false, groupConcurrency: 6, rateLimit: null });
      });

      it.each<[string, string, string, object]>([
        ['groupConcurrency 0', 'groupConcurrency', 'must not be less than 1', { groupConcurrency: 0 }],
        ['groupConcurrency above its maximum', 'groupConcurrency', `must not be greater than ${MAX_GROUP_CONCURRENCY}`, { groupConcurrency: MAX_GROUP_CONCURRENCY + 1 }],
        ['a fractional groupConcurrency', 'groupConcurrency', 'must be an integer number', { groupConcurrency: 1.5 }],
        ['groupConcurrency as text', 'groupConcurrency', 'must be an integer number', { groupConcurrency: '3' }],
        ['a rateLimit without perMs', 'rateLimit.perMs', 'must be an integer number', { rateLimit: { max: 10 } }],
        ['a rateLimit without max', 'rateLimit.max', 'must be an integer number', { rateLimit: { perMs: 1000 } }],
        ['rateLimit.max 0', 'rateLimit.max', 'must not be less than 1', { rateLimit: { max: 0, perMs: 1000 } }],
        ['rateLimit.max above its maximum', 'rateLimit.max', `must not be greater than ${MAX_RATE_LIMIT_MAX}`, { rateLimit: { max: MAX_RATE_LIMIT_MAX + 1, perMs: 1000 } }],
        ['rateLimit.perMs 0', 'rateLimit.perMs', 'must not be less than 1', { rateLimit: { max: 1, perMs: 0 } }],
        ['rateLimit.perMs above a day', 'rateLimit.perMs', `must not be greater than ${MAX_RATE_LIMIT_PER_MS}`, { rateLimit: { max: 1, perMs: MAX_RATE_LIMIT_PER_MS + 1 } }],
        ['a rateLimit that is not an object', 'rateLimit', 'must be an object', { rateLimit: 100 }],
        ['an unknown field', 'concurrency', 'is not a known field', { concurrency: 3 }],
        ['an unknown field in rateLimit', 'rateLimit.burst', 'is not a known field', { rateLimit: { max: 1, perMs: 1, burst: 5 } }],
        ['paused (pause and resume have routes of their own)', 'paused', 'is not a known field', { paused: true }],
      ])('refuses settings with %s: 400 naming %s', async (_case, field, reason, body) => {
        const queue = uniqueQueue();
        const res = await e2e.http().put(`/queues/${queue}/settings`).send(body).expect(400);
        expect(errorsOf(res)).toEqual([{ field, reason }]);
      });

      it('refuses a body that is not a JSON object, and one that is not JSON', async () => {
        const queue = uniqueQueue();
        const array = await e2e.http().put(`/queues/${queue}/settings`).send([1]).expect(400);
        expect(errorsOf(array)).toEqual([{ field: 'body', reason: 'must be a JSON object' }]);
        await e2e.http().put(`/queues/${queue}/settings`).set('Content-Type', 'application/x-www-form-urlencoded').send('groupConcurrency=3').expect(415);
      });

      it('refuses a queue outside QUEUES or not a queue name on every route, with 400 naming name', async () => {
        const routes: [string, string, object?][] = [
          ['get', '/settings'],
          ['put', '/settings', { groupConcurrency: 3 }],
          ['post', '/pause'],
          ['post', '/resume'],
          ['get', '/groups'],
          ['get', '/groups/g'],
          ['put', '/groups/g', { paused: true }],
        ];
        for (const [method, tail, body] of routes) {
          const call = (path: string) => {
            const req = e2e.http()[method as 'get' | 'put' | 'post'](path);
            return body === undefined ? req : req.send(body);
          };
          const outside = await call(`/queues/not-a-configured-queue${tail}`).expect(400);
          expect(errorsOf(outside)).toEqual([{ field: 'name', reason: expect.stringContaining('must be one of the queues this service accepts (QUEUES): default, ') }]);
          const malformed = await call(`/queues/${encodeURIComponent('a b')}${tail}`).expect(400);
          expect(errorsOf(malformed)).toEqual([{ field: 'name', reason: NAME_REASON }]);
        }
      });
    });

    describe('groups', () => {
      it('reads a group nothing was set on and no job is in as empty, not 404', async () => {
        const queue = uniqueQueue();
        expect((await e2e.http().get(groupPath(queue, 'nobody')).expect(200)).body).toEqual(emptyGroup('nobody'));
        expect((await e2e.http().get(groupPath(queue, '~default')).expect(200)).body).toEqual(emptyGroup('~default'));
        expect((await e2e.http().get(`/queues/${queue}/groups`).expect(200)).body).toEqual({ items: [], nextCursor: null });
      });

      it("sets a group's cap, rate and pause at their maximum, keeps what a change leaves out, and clears with null", async () => {
        const queue = uniqueQueue();
        const group = 'g'.repeat(100);
        const set = await e2e.http().put(groupPath(queue, group)).send({ concurrency: MAX_GROUP_CONCURRENCY, rateLimit: MAX_RATE, paused: true }).expect(200);
        expect(set.body).toEqual({
          ...emptyGroup(group),
          paused: true,
          concurrency: MAX_GROUP_CONCURRENCY,
          effectiveConcurrency: MAX_GROUP_CONCURRENCY,
          rateLimit: MAX_RATE,
          limitedBy: 'paused',
        });
        expect((await e2e.http().get(groupPath(queue, group)).expect(200)).body).toEqual(set.body);
        expect((await e2e.http().put(groupPath(queue, group)).send({}).expect(200)).body).toEqual(set.body);
        const resumed = await e2e.http().put(groupPath(queue, group)).send({ paused: false, concurrency: null }).expect(200);
        expect(resumed.body).toEqual({ ...emptyGroup(group), rateLimit: MAX_RATE });
        const cleared = await e2e.http().put(groupPath(queue, group)).send({ rateLimit: null }).expect(200);
        expect(cleared.body).toEqual(emptyGroup(group));
      });

      it('addresses the default group as ~default, and shows it so', async () => {
        const queue = uniqueQueue();
        await enqueue({ type: 't', queue });
        const set = await e2e.http().put(groupPath(queue, '~default')).send({ concurrency: 2 }).expect(200);
        expect(set.body).toEqual({ ...emptyGroup('~default'), pending: 1, concurrency: 2, effectiveConcurrency: 2 });
        expect((await e2e.http().get(groupPath(queue, '~default')).expect(200)).body).toEqual(set.body);
      });

      it("works out the cap in force: the group's own, else the queue's, and a host group's never above HTTP_HOST_CONCURRENCY (100)", async () => {
        const queue = uniqueQueue();
        expect((await e2e.http().get(groupPath(queue, 'host:api.example.com')).expect(200)).body.effectiveConcurrency).toBe(100);
        expect((await e2e.http().get(groupPath(queue, 'tenant-1')).expect(200)).body.effectiveConcurrency).toBeNull();
        await e2e.http().put(`/queues/${queue}/settings`).send({ groupConcurrency: 300 }).expect(200);
        expect((await e2e.http().get(groupPath(queue, 'tenant-1')).expect(200)).body.effectiveConcurrency).toBe(300);
        expect((await e2e.http().get(groupPath(queue, 'host:api.example.com')).expect(200)).body.effectiveConcurrency).toBe(100);
        const own = await e2e.http().put(groupPath(queue, 'host:api.example.com')).send({ concurrency: 500 }).expect(200);
        expect(own.body).toMatchObject({ concurrency: 500, effectiveConcurrency: 500 });
      });

      it('lists the groups with jobs or settings by name, ~default first, and pages through them once each', async () => {
        const queue = uniqueQueue();
        await enqueue({ type: 't', queue });
        await enqueue({ type: 't', queue, group: 'b' });
        await enqueue({ type: 't', queue, group: 'b' });
        await enqueue(httpJob(queue, 'https://api.example.com/x'));
        await e2e.http().put(groupPath(queue, 'a')).send({ paused: true }).expect(200);
        const all = await e2e.http().get(`/queues/${queue}/groups`).expect(200);
        expect(all.body.nextCursor).toBeNull();
        expect(all.body.items.map((g: { name: string; pending: number }) => [g.name, g.pending])).toEqual([
          ['~default', 1],
          ['a', 0],
          ['b', 2],
          ['host:api.example.com', 1],
        ]);
        expect(all.body.items[1]).toMatchObject({ paused: true, limitedBy: 'paused' });

        const names: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page++) {
          const res = await e2e.http().get(`/queues/${queue}/groups`).query({ limit: 1, ...(cursor !== undefined ? { cursor } : {}) }).expect(200);
          expect(res.body.items.length).toBeLessThanOrEqual(1);
          names.push(...res.body.items.map((g: { name: string }) => g.name));
          if (res.body.nextCursor === null) break;
          cursor = res.body.nextCursor;
        }
        expect(names).toEqual(['~default', 'a', 'b', 'host:api.example.com']);
      });

      it(`takes limit ${MAX_GROUPS_PAGE} and refuses ${MAX_GROUPS_PAGE + 1}, 0 and an empty cursor, naming the field`, async () => {
        const queue = uniqueQueue();
        await e2e.http().get(`/queues/${queue}/groups`).query({ limit: MAX_GROUPS_PAGE }).expect(200);
        const above = await e2e.http().get(`/queues/${queue}/groups`).query({ limit: MAX_GROUPS_PAGE + 1 }).expect(400);
        expect(errorsOf(above)).toEqual([{ field: 'limit', reason: `must not be greater than ${MAX_GROUPS_PAGE}` }]);
        const zero = await e2e.http().get(`/queues/${queue}/groups`).query({ limit: 0 }).expect(400);
        expect(errorsOf(zero)).toEqual([{ field: 'limit', reason: 'must not be less than 1' }]);
        const empty = await e2e.http().get(`/queues/${queue}/groups?cursor=`).expect(400);
        expect(errorsOf(empty)).toMatchObject([{ field: 'cursor' }]);
      });

      it.each<[string, string]>([
        ['with a space', 'a b'],
        ['of 101 characters', 'g'.repeat(101)],
        ['with a ~ that is not the default alias', '~other'],
        ['with a slash', 'a/b'],
      ])('refuses a group name %s in the path with 400 naming group', async (_case, group) => {
        const queue = uniqueQueue();
        const reason = `${NAME_REASON}, or be ~default for the queue's default group`;
        expect(errorsOf(await e2e.http().get(groupPath(queue, group)).expect(400))).toEqual([{ field: 'group', reason }]);
        expect(errorsOf(await e2e.http().put(groupPath(queue, group)).send({ paused: true }).expect(400))).toEqual([{ field: 'group', reason }]);
      });

      it.each<[string, string, string, object]>([
        ['concurrency 0', 'concurrency', 'must not be less than 1', { concurrency: 0 }],
        ['concurrency above its maximum', 'concurrency', `must not be greater than ${MAX_GROUP_CONCURRENCY}`, { concurrency: MAX_GROUP_CONCURRENCY + 1 }],
        ['a fractional concurrency', 'concurrency', 'must be an integer number', { concurrency: 2.5 }],
        ['a rateLimit without perMs', 'rateLimit.perMs', 'must be an integer number', { rateLimit: { max: 10 } }],
        ['rateLimit.perMs above a day', 'rateLimit.perMs', `must not be greater than ${MAX_RATE_LIMIT_PER_MS}`, { rateLimit: { max: 1, perMs: MAX_RATE_LIMIT_PER_MS + 1 } }],
        ['paused as text', 'paused', 'must be a boolean value', { paused: 'yes' }],
        ['paused null', 'paused', 'must be a boolean value', { paused: null }],
        ['an unknown field', 'groupConcurrency', 'is not a known field', { groupConcurrency: 3 }],
      ])('refuses a group change with %s: 400 naming %s', async (_case, field, reason, body) => {
        const res = await e2e.http().put(groupPath(uniqueQueue(), 'g')).send(body).expect(400);
        expect(errorsOf(res)).toEqual([{ field, reason }]);
      });
    });

    describe('what a claim then does', () => {
      const claim = (queue: string, max: number) => e2e.store.jobs.claim(queue, 'fair-worker', max, 60_000);

      it('claims nothing from a paused queue, whose jobs wait pending, and claims them once resumed', async () => {
        const queue = uniqueQueue();
        await e2e.http().post(`/queues/${queue}/pause`).expect(200);
        const job = await enqueue({ type: 't', queue });
        expect((await claim(queue, 10)).jobs).toEqual([]);
        expect((await e2e.http().get(`/jobs/${job.id}`).expect(200)).body.status).toBe('pending');
        await e2e.http().post(`/queues/${queue}/resume`).expect(200);
        expect((await claim(queue, 10)).jobs.map((c) => c.job.id)).toEqual([job.id]);
      });

      it("holds a paused group's jobs back while other groups' are claimed", async () => {
        const queue = uniqueQueue();
        await e2e.http().put(groupPath(queue, 'held')).send({ paused: true }).expect(200);
        const held = await enqueue({ type: 't', queue, group: 'held' });
        const free = await enqueue({ type: 't', queue, group: 'free' });
        expect((await claim(queue, 10)).jobs.map((c) => c.job.id)).toEqual([free.id]);
        expect((await e2e.http().get(groupPath(queue, 'held')).expect(200)).body).toMatchObject({ pending: 1, running: 0, paused: true, limitedBy: 'paused' });
        await e2e.http().put(groupPath(queue, 'held')).send({ paused: false }).expect(200);
        expect((await claim(queue, 10)).jobs.map((c) => c.job.id)).toEqual([held.id]);
      });

      it('runs no more of a group at once than its cap, and says so', async () => {
        const queue = uniqueQueue();
        await e2e.http().put(groupPath(queue, 'capped')).send({ concurrency: 1 }).expect(200);
        await enqueue({ type: 't', queue, group: 'capped' });
        await enqueue({ type: 't', queue, group: 'capped' });
        expect((await claim(queue, 10)).jobs).toHaveLength(1);
        expect((await e2e.http().get(groupPath(queue, 'capped')).expect(200)).body).toMatchObject({ pending: 1, running: 1, effectiveConcurrency: 1, limitedBy: 'concurrency' });
        expect((await claim(queue, 10)).jobs).toEqual([]);
      });

      it("starts no more of a group than its rate allows, and shows when the next may start (ISO-8601)", async () => {
        const queue = uniqueQueue();
        await e2e.http().put(groupPath(queue, 'slow')).send({ rateLimit: { max: 1, perMs: MAX_RATE_LIMIT_PER_MS } }).expect(200);
        await enqueue({ type: 't', queue, group: 'slow' });
        await enqueue({ type: 't', queue, group: 'slow' });
        const before = Date.now();
        expect((await claim(queue, 10)).jobs).toHaveLength(1);
        const state = (await e2e.http().get(groupPath(queue, 'slow')).expect(200)).body;
        expect(state).toMatchObject({ pending: 1, running: 1, limitedBy: 'rate', limitedUntil: expect.stringMatching(ISO) });
        expect(Date.parse(state.limitedUntil)).toBeGreaterThanOrEqual(before + MAX_RATE_LIMIT_PER_MS - 1_000);
        expect(Date.parse(state.limitedUntil)).toBeLessThanOrEqual(Date.now() + MAX_RATE_LIMIT_PER_MS);
      });
    });
  });

  describe(`fairness API on the ${storeName} store with HTTP_HOST_CONCURRENCY=0`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({ ...env(), HTTP_HOST_CONCURRENCY: '0' });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    it('gives an http job no group, and keeps an explicit one', async () => {
      const queue = uniqueQueue();
      const plain = (await e2e.http().post('/jobs').send(httpJob(queue, 'https://api.example.com/x')).expect(201)).body;
      expect(plain).not.toHaveProperty('group');
      expect((await e2e.http().get(`/jobs/${plain.id}`).expect(200)).body).not.toHaveProperty('group');
      const explicit = (await e2e.http().post('/jobs').send(httpJob(queue, 'https://api.example.com/x', { group: 'host:api.example.com' })).expect(201)).body;
      expect((await e2e.http().get(`/jobs/${explicit.id}`).expect(200)).body.group).toBe('host:api.example.com');
    });

    it('puts no host cap on a host group', async () => {
      const queue = uniqueQueue();
      expect((await e2e.http().get(groupPath(queue, 'host:api.example.com')).expect(200)).body.effectiveConcurrency).toBeNull();
    });
  });
}
