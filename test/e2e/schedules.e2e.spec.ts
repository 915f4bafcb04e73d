import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';
import { eventually } from '../support/eventually';

/** The /schedules API on the memory store, with the scheduler of this one instance running. */
describe('schedules API', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ SCHEDULER_POLL_MS: '100' });
  });
  afterAll(async () => {
    await e2e.close();
  });

  const put = (name: string, body: object) => e2e.http().put(`/schedules/${name}`).send(body);
  const fieldsOf = (res: { body: { errors?: { field: string; reason: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

  it('creates (201) and replaces (200) a schedule; GET shows its next 5 ticks', async () => {
    const queue = uniqueQueue();
    const body = { queue, cron: '0 30 2 * * *', timezone: 'Europe/Berlin', job: { type: 'report', payload: { day: 'today' } }, overlap: 'skip', catchUp: 'none' };
    const created = await put('nightly-report', body).expect(201);
    expect(created.body).toMatchObject({
      name: 'nightly-report',
      queue,
      cron: '0 30 2 * * *',
      timezone: 'Europe/Berlin',
      job: { type: 'report', payload: { day: 'today' }, priority: 0, maxAttempts: 3, timeoutMs: 90_000 },
      overlap: 'skip',
      catchUp: 'none',
      maxCatchUp: 100,
      paused: false,
      counts: { fired: 0, skipped: 0, missed: 0 },
      version: 1,
    });
    const replaced = await put('nightly-report', { ...body, cron: '0 0 3 * * *' }).expect(200);
    expect(replaced.body).toMatchObject({ version: 2, cron: '0 0 3 * * *' });

    const read = await e2e.http().get('/schedules/nightly-report').expect(200);
    expect(read.body.nextRuns).toHaveLength(5);
    for (const t of read.body.nextRuns as string[]) expect(new Date(t).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin' })).toBe('03:00:00');
    expect(read.body.nextRunAt).toBe(read.body.nextRuns[0]);
    expect(read.body.lastRuns).toEqual([]);
  });

  it('fires an every-second schedule: each job carries its tick and the tick\'s idempotency key; trigger fires once more, now', async () => {
    const queue = uniqueQueue();
    await put('every-second', { queue, everyMs: 1000, job: { type: 'noop' }, catchUp: 'all' }).expect(201);
    const fired = await eventually(async () => {
      const res = await e2e.http().get('/schedules/every-second').expect(200);
      expect(res.body.lastRuns.length).toBeGreaterThanOrEqual(2);
      return res.body;
    });
    const [latest] = fired.lastRuns;
    expect(latest.status).toBe('pending');
    const job = (await e2e.http().get(`/jobs/${latest.jobId}`).expect(200)).body;
    expect(job).toMatchObject({
      queue,
      type: 'noop',
      idempotencyKey: `claimq-schedule:${Date.parse(latest.fireAt)}:every-second`,
      schedule: { name: 'every-second', fireAt: latest.fireAt },
    });
    expect(fired.counts.fired).toBeGreaterThanOrEqual(2);

    await e2e.http().post('/schedules/every-second/pause').expect(200).expect((res) => expect(res.body).toMatchObject({ paused: true, nextRunAt: null }));
    const triggered = await e2e.http().post('/schedules/every-second/trigger').expect(201);
    const after = (await e2e.http().get('/schedules/every-second').expect(200)).body;
    // a tick claimed before the pause may settle after the trigger: find the trigger's run
    expect(after.lastRuns).toContainEqual({ fireAt: triggered.body.fireAt, jobId: triggered.body.jobId, status: 'pending', trigger: true });
    expect((await e2e.http().get(`/jobs/${triggered.body.jobId}`).expect(200)).body.schedule).toEqual({ name: 'every-second', fireAt: triggered.body.fireAt });
    expect(after.nextRuns).toEqual([]);
    const resumed = await e2e.http().post('/schedules/every-second/resume').expect(200);
    expect(Date.parse(resumed.body.nextRunAt)).toBeGreaterThan(Date.parse(triggered.body.fireAt));
    await e2e.http().delete('/schedules/every-second').expect(204);
    await e2e.http().get('/schedules/every-second').expect(404);
    await e2e.http().delete('/schedules/every-second').expect(404);
    // the jobs it made stay
    await e2e.http().get(`/jobs/${triggered.body.jobId}`).expect(200);
  });

  it('ticks an everyMs schedule exactly everyMs apart from its creation, and a replace that keeps the ticks keeps them', async () => {
    const created = (await put('hourly-ish', { everyMs: 60_000, job: { type: 'noop' } }).expect(201)).body;
    const gaps = (ticks: string[]) => ticks.slice(1).map((t, i) => Date.parse(t) - Date.parse(ticks[i]));
    const first = (await e2e.http().get('/schedules/hourly-ish').expect(200)).body;
    expect(gaps(first.nextRuns)).toEqual([60_000, 60_000, 60_000, 60_000]);
    expect(Date.parse(first.nextRuns[0]) - Date.parse(created.createdAt)).toBeLessThanOrEqual(60_000);
    await put('hourly-ish', { everyMs: 60_000, job: { type: 'noop', priority: 5 } }).expect(200);
    const replaced = (await e2e.http().get('/schedules/hourly-ish').expect(200)).body;
    expect(replaced.nextRuns).toEqual(first.nextRuns);
    // resuming a schedule that is not paused changes nothing
    await e2e.http().post('/schedules/hourly-ish/resume').expect(200).expect((res) => expect(res.body.nextRunAt).toBe(first.nextRuns[0]));
  });

  it('lists schedules by name, page by page', async () => {
    for (const name of ['page-c', 'page-a', 'page-b']) await put(name, { everyMs: 3_600_000, job: { type: 'noop' } }).expect(201);
    const names: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await e2e.http().get('/schedules').query({ limit: 2, ...(cursor ? { cursor } : {}) }).expect(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      names.push(...res.body.items.map((s: { name: string }) => s.name));
      if (res.body.nextCursor === null) break;
      cursor = res.body.nextCursor;
    }
    expect(names.filter((n) => n.startsWith('page-'))).toEqual(['page-a', 'page-b', 'page-c']);
    expect([...names].sort()).toEqual(names);
  });

  it('refuses a bad definition with 400 naming the field', async () => {
    const job = { type: 'noop' };
    const cases: [object, string][] = [
      [{ cron: '* * * * *', everyMs: 1000, job }, 'everyMs'],
      [{ job }, 'cron'],
      [{ cron: '61 * * * *', job }, 'cron'],
      [{ cron: '* * * * *', timezone: 'Mars/Olympus', job }, 'timezone'],
      [{ everyMs: 999, job }, 'everyMs'],
      [{ everyMs: 1000, job, maxCatchUp: 1001 }, 'maxCatchUp'],
      [{ everyMs: 1000, job, catchUp: 'some' }, 'catchUp'],
      [{ everyMs: 1000, job, overlap: 'queue' }, 'overlap'],
      [{ everyMs: 1000, job, startAt: '2030-01-02T00:00:00Z', endAt: '2030-01-01T00:00:00Z' }, 'endAt'],
      [{ everyMs: 1000, job, startAt: '2030-01-01' }, 'startAt'],
      [{ everyMs: 1000, job, startAt: 8_640_000_000_000_000 }, 'startAt'],
      [{ cron: '* * * * *', job, endAt: '+275760-09-13T00:00:00Z' }, 'endAt'],
      [{ everyMs: 1000, job, queue: 'not-in-QUEUES' }, 'queue'],
      [{ everyMs: 1000 }, 'job'],
      [{ everyMs: 1000, job: { type: 'http', payload: { url: 'ftp://example.test/x' } } }, 'job.payload.url'],
      [{ everyMs: 1000, job: { type: 'http', payload: { url: 'http://169.254.169.254/latest' } } }, 'job.payload.url'],
      [{ everyMs: 1000, job: { type: 'noop', queue: 'default' } }, 'job.queue'],
      [{ everyMs: 1000, job: { type: 'noop', idempotencyKey: 'k' } }, 'job.idempotencyKey'],
      [{ everyMs: 1000, job: { type: 'noop', maxAttempts: 0 } }, 'job.maxAttempts'],
    ];
    for (const [body, field] of cases) {
      const res = await put('bad', body);
      expect({ body, status: res.status, fields: fieldsOf(res) }).toEqual({ body, status: 400, fields: expect.arrayContaining([field]) });
    }
    const badName = await put('bad name!', { everyMs: 1000, job });
    expect(badName.status).toBe(400);
    await e2e.http().get('/schedules/bad').expect(404);
  });

  it('takes every schedule field at its maximum and refuses one beyond it', async () => {
    const job = { type: 'noop' };
    // a cron pattern of exactly 200 characters: every second listed, then minutes up to the length
    const seconds = Array.from({ length: 60 }, (_, i) => i).join(',');
    let minutes = '0';
    for (let m = 1; `${seconds} ${minutes},${m} * * * *`.length <= 200; m++) minutes += `,${m}`;
    const cron200 = `${seconds} ${minutes} * * * *`.padEnd(200, ' ');
    expect(cron200).toHaveLength(200);
    const name100 = 'n'.repeat(100);
    const atMax = {
      cron: cron200,
      timezone: 'America/Argentina/ComodRivadavia',
      job,
      catchUp: 'all',
      maxCatchUp: 1000,
      startAt: '2999-12-30T00:00:00.000Z',
      endAt: '2999-12-31T23:59:59.999Z',
    };
    const created = await put(name100, atMax).expect(201);
    expect(created.body).toMatchObject({ name: name100, maxCatchUp: 1000, endAt: '2999-12-31T23:59:59.999Z' });
    // every second of the listed minutes of every hour: startAt itself is the first tick
    expect((await e2e.http().get(`/schedules/${name100}`).expect(200)).body.nextRuns.slice(0, 2)).toEqual(['2999-12-30T00:00:00.000Z', '2999-12-30T00:00:01.000Z']);
    await put('every-max', { everyMs: 366 * 86_400_000, job }).expect(201);

    const beyond: [string, object, string][] = [
      ['n'.repeat(101), { everyMs: 1000, job }, 'name'],
      ['cron-201', { ...atMax, cron: `${cron200} ` }, 'cron'],
      ['tz-101', { everyMs: 1000, job, timezone: 'x'.repeat(101) }, 'timezone'],
      ['every-beyond', { everyMs: 366 * 86_400_000 + 1, job }, 'everyMs'],
      ['catch-up-beyond', { everyMs: 1000, job, maxCatchUp: 1001 }, 'maxCatchUp'],
      ['end-beyond', { everyMs: 1000, job, endAt: 32_503_680_000_000 }, 'endAt'],
    ];
    for (const [name, body, field] of beyond) {
      const res = await put(name, body);
      expect({ name, status: res.status, fields: fieldsOf(res) }).toEqual({ name, status: 400, fields: expect.arrayContaining([field]) });
    }
  });

  it('refuses a payload over MAX_PAYLOAD_BYTES with 413 naming job.payload', async () => {
    const res = await put('too-large', { everyMs: 60_000, job: { type: 'noop', payload: { blob: 'x'.repeat(e2e.config.maxPayloadBytes) } } });
    expect(res.status).toBe(413);
    expect(fieldsOf(res)).toEqual(['job.payload']);
  });

  it('keeps an http job\'s secret headers sealed and shows them redacted', async () => {
    const body = { everyMs: 60_000, job: { type: 'http', payload: { url: 'http://127.0.0.1:9/hook', headers: { Authorization: 'Bearer s3cret' } } } };
    const res = await put('with-secret', body).expect(201);
    expect(res.body.job.payload.headers).toEqual({ Authorization: '[redacted]' });
    expect(JSON.stringify((await e2e.http().get('/schedules/with-secret').expect(200)).body)).not.toContain('s3cret');
    const stored = await e2e.store.schedules.get('with-secret');
    expect(stored?.definition.job.payloadJson).not.toContain('s3cret');
  });

  it('refuses POST /jobs with an idempotency key in the schedules\' reserved prefix', async () => {
    const res = await e2e.http().post('/jobs').send({ type: 'noop', idempotencyKey: 'claimq-schedule:nightly:1' }).expect(400);
    expect(fieldsOf(res)).toEqual(['idempotencyKey']);
  });
});
