import http, { IncomingMessage } from 'node:http';
import { MAX_LAST_EVENT_ID_LENGTH } from '../../src/modules/jobs/job-limits';
import { STREAM_MAX_BUFFERED_BYTES } from '../../src/modules/jobs/job-streams';
import { SseClient } from '../support/sse-client';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';
import { e2eStores } from './e2e-stores';

/**
 * Server-sent event streams of a job (GET /jobs/:id/events) and of a queue (GET /queues/:name/events)
 * in one process, on the memory store, on Redis and on Redis with 3 partitions per queue: the order
 * of what a stream says, its end, resuming with Last-Event-ID, the filters, and bad input. The API
 * runs alone (MODE=api); the test moves the jobs through the store. test/faults/job-streams.spec.ts
 * runs them with API and worker processes apart.
 */
const STORES = e2eStores({ partitioned: true });

describe.each(STORES)('event streams on the %s store', (_name, storeEnv) => {
  let e2e: E2eApp;
  let base: string;
  const queue = uniqueQueue();
  /** A queue of its own for the queue stream's test, which claims every job it creates. */
  const streamed = uniqueQueue();
  /** Another, for the queue stream that resumes over partitions no job went to. */
  const quiet = uniqueQueue();
  const clients: SseClient[] = [];

  const subscribe = (path: string, headers: Record<string, string> = {}): SseClient => {
    const client = new SseClient(`${base}${path}`, { headers });
    clients.push(client);
    return client;
  };
  const create = async (payload: unknown = {}, on = queue): Promise<string> =>
    (await e2e.http().post('/jobs').send({ type: 'noop', queue: on, payload, maxAttempts: 2 }).expect(201)).body.id;
  /** Claims the queue's next job: `id`, the only one pending (on a partitioned queue a claim looks at some of its partitions: tried until one has it). */
  const claimNext = async (on = queue): Promise<{ id: string; token: number }> => {
    for (let i = 0; i < 50; i++) {
      const { jobs } = await e2e.store.jobs.claim(on, 'stream-worker', 1, 60_000);
      if (jobs.length > 0) return { id: jobs[0].job.id, token: jobs[0].token };
    }
    throw new Error('no job to claim');
  };
  const claimOne = async (id: string): Promise<{ id: string; token: number }> => {
    const claimed = await claimNext();
    expect(claimed.id).toBe(id);
    return claimed;
  };

  beforeAll(async () => {
    e2e = await startE2eApp({ ...storeEnv, QUEUES: `${queue},${streamed},${quiet}` });
    await e2e.app.listen(0, '127.0.0.1');
    base = await e2e.app.getUrl();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("streams a job from its state through each change to its end, with the result, then ends (and a reconnect after `end` gets 204)", async () => {
    const id = await create({ n: 1 });
    const stream = subscribe(`/jobs/${id}/events`);
    const state = await stream.until((e) => e.event === 'state');
    expect(stream.status).toBe(200);
    expect(stream.headers?.get('content-type')).toMatch(/^text\/event-stream/);
    expect(state.data).toMatchObject({ id, status: 'pending', queue });
    expect(state.lastEventId).toEqual(expect.any(String));

    const claimed = await claimOne(id);
    await stream.until((e) => e.event === 'claimed');
    await e2e.store.jobs.fail(queue, [{ id, token: claimed.token, error: 'first try breaks', retryable: true }]);
    await stream.until((e) => e.event === 'retry_scheduled');
    await e2e.http().post(`/jobs/${id}/promote`).expect(200);
    const again = await claimOne(id);
    await e2e.store.jobs.complete(queue, [{ id, token: again.token, resultJson: '{"sum":3}' }]);
    await stream.ended;

    expect(stream.events.map((e) => e.event)).toEqual(['state', 'claimed', 'retry_scheduled', 'promoted', 'claimed', 'succeeded', 'end']);
    expect(stream.named('retry_scheduled')[0].data).toMatchObject({ jobId: id, status: 'scheduled', attempts: 1, error: 'first try breaks', workerId: 'stream-worker' });
    expect(stream.named('succeeded')[0].data).toMatchObject({ kind: 'succeeded', jobId: id, status: 'succeeded', attempts: 2, result: { sum: 3 } });
    expect(stream.named('end')[0].lastEventId).toBe('end');

    const after = subscribe(`/jobs/${id}/events`, { 'Last-Event-ID': 'end' });
    await after.ended;
    expect(after.status).toBe(204);
  });

  it('answers a job that has already ended with its state and end at once', async () => {
    const id = await create();
    await e2e.http().post(`/jobs/${id}/cancel`).expect(200);
    const stream = subscribe(`/jobs/${id}/events`);
    await stream.ended;
    expect(stream.events.map((e) => [e.event, e.data.status])).toEqual([
      ['state', 'cancelled'],
      ['end', undefined],
    ]);
  });

  it('resumes after Last-Event-ID with the changes it missed, in order, then the state and the live changes', async () => {
    const id = await create();
    const first = subscribe(`/jobs/${id}/events`);
    const { lastEventId } = await first.until((e) => e.event === 'state');
    first.close();
    const claimed = await claimOne(id);
    await e2e.store.jobs.release(queue, [{ id, token: claimed.token }]);
    const claimedAgain = await claimOne(id);

    const resumed = subscribe(`/jobs/${id}/events`, { 'Last-Event-ID': lastEventId! });
    const state = await resumed.until((e) => e.event === 'state');
    expect(state.data.status).toBe('running');
    await e2e.store.jobs.complete(queue, [{ id, token: claimedAgain.token }]);
    await resumed.ended;
    expect(resumed.events.map((e) => e.event)).toEqual(['claimed', 'released', 'claimed', 'state', 'succeeded', 'end']);
    // each replayed change carries a resume point: a reconnect after it starts after it
    const afterRelease = resumed.named('released')[0].lastEventId!;
    const again = subscribe(`/jobs/${id}/events?lastEventId=${encodeURIComponent(afterRelease)}`);
    await again.ended;
    expect(again.events.map((e) => e.event)).toEqual(['claimed', 'succeeded', 'state', 'end']);
  });

  it(`says \`gap\` for a Last-Event-ID it does not hold (up to ${MAX_LAST_EVENT_ID_LENGTH} characters), then sends the state`, async () => {
    const id = await create();
    const stream = subscribe(`/jobs/${id}/events`, { 'Last-Event-ID': 'x'.repeat(MAX_LAST_EVENT_ID_LENGTH) });
    await stream.until((e) => e.event === 'state');
    expect(stream.events.map((e) => e.event)).toEqual(['gap', 'state']);
  });

  it('refuses a ?lastEventId= longer than its limit (400 naming it) and an unknown job (404)', async () => {
    const id = await create();
    const long = await e2e.http().get(`/jobs/${id}/events?lastEventId=${'x'.repeat(MAX_LAST_EVENT_ID_LENGTH + 1)}`).expect(400);
    expect(JSON.stringify(long.body)).toContain('lastEventId');
    const unknown = subscribe(`/jobs/${id.slice(0, -4)}zzzz/events`);
    await unknown.ended;
    expect(unknown.status).toBe(404);
  });

  it("streams a queue's events of the kinds and states asked for, from every partition, and resumes after Last-Event-ID", async () => {
    const stream = subscribe(`/queues/${streamed}/events?types=enqueued,succeeded,failed&states=pending,succeeded`);
    const ready = await stream.until((e) => e.event === 'ready');
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await create({ i }, streamed));
    for (let i = 0; i < 9; i++) {
      const claimed = await claimNext(streamed);
      await e2e.store.jobs.complete(streamed, [{ ...claimed, resultJson: String(i) }]);
    }
    await stream.until(() => stream.named('succeeded').length === 9);
    expect(stream.named('claimed')).toEqual([]);
    expect(stream.named('enqueued').map((e) => e.data.jobId).sort()).toEqual([...ids].sort());
    expect(stream.named('succeeded').map((e) => e.data.jobId).sort()).toEqual([...ids].sort());
    expect(stream.named('enqueued')[0].data).toMatchObject({ kind: 'enqueued', status: 'pending', type: 'noop' });
    stream.close();

    // from the `ready` resume point: the same 18 events again
    const resumed = subscribe(`/queues/${streamed}/events?types=enqueued,succeeded&lastEventId=${encodeURIComponent(ready.lastEventId!)}`);
    await resumed.until((e) => e.event === 'ready');
    expect(resumed.events.filter((e) => e.event !== 'ready').map((e) => `${e.event} ${e.data.jobId}`).sort()).toEqual(
      [...ids.map((id) => `enqueued ${id}`), ...ids.map((id) => `succeeded ${id}`)].sort(),
    );
  });

  it('resumes a queue stream without a gap where a partition got no job (its position 0-0 on both sides)', async () => {
    const stream = subscribe(`/queues/${quiet}/events?types=enqueued,succeeded`);
    const ready = await stream.until((e) => e.event === 'ready');
    // one job: on a queue of 3 partitions, two of them get nothing
    const id = await create({ one: true }, quiet);
    const claimed = await claimNext(quiet);
    await e2e.store.jobs.complete(quiet, [{ ...claimed, resultJson: '1' }]);
    await stream.until(() => stream.named('succeeded').length === 1);
    const resumed = subscribe(`/queues/${quiet}/events?types=enqueued,succeeded&lastEventId=${encodeURIComponent(ready.lastEventId!)}`);
    await resumed.until((e) => e.event === 'ready');
    expect(resumed.events.filter((e) => e.event !== 'ready').map((e) => `${e.event} ${e.data.jobId}`)).toEqual([`enqueued ${id}`, `succeeded ${id}`]);
  });

  it('refuses a queue outside QUEUES and an unknown kind or state, naming the field (400)', async () => {
    const other = await e2e.http().get('/queues/not-one-of-them/events').expect(400);
    expect(JSON.stringify(other.body)).toContain('name');
    const kind = await e2e.http().get(`/queues/${queue}/events?types=claimed,exploded`).expect(400);
    expect(JSON.stringify(kind.body)).toContain('types');
    const state = await e2e.http().get(`/queues/${queue}/events?states=sleeping`).expect(400);
    expect(JSON.stringify(state.body)).toContain('states');
  });
});

describe('event streams with API keys', () => {
  const WRITE_KEY = 'stream-write-key-0123456789abcdef';
  const READ_KEY = 'stream-read-key-0123456789abcdef';
  let e2e: E2eApp;
  let base: string;
  const clients: SseClient[] = [];

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: WRITE_KEY, API_KEYS_READONLY: READ_KEY });
    await e2e.app.listen(0, '127.0.0.1');
    base = await e2e.app.getUrl();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await e2e?.close();
  });

  it('lets a read-only key subscribe to a job and a queue, and refuses a request without a key (401)', async () => {
    const id = (await e2e.http().post('/jobs').set('Authorization', `Bearer ${WRITE_KEY}`).send({ type: 'noop' }).expect(201)).body.id as string;
    const job = new SseClient(`${base}/jobs/${id}/events`, { headers: { Authorization: `Bearer ${READ_KEY}` } });
    const queue = new SseClient(`${base}/queues/default/events`, { headers: { Authorization: `Bearer ${READ_KEY}` } });
    const anonymous = new SseClient(`${base}/jobs/${id}/events`);
    clients.push(job, queue, anonymous);
    await expect(job.until((e) => e.event === 'state')).resolves.toMatchObject({ data: { id, status: 'pending' } });
    await queue.until((e) => e.event === 'ready');
    await e2e.http().post(`/jobs/${id}/cancel`).set('Authorization', `Bearer ${WRITE_KEY}`).expect(200);
    await expect(queue.until((e) => e.event === 'cancelled')).resolves.toMatchObject({ data: { jobId: id, status: 'cancelled' } });
    await job.ended;
    expect(job.events.map((e) => e.event)).toEqual(['state', 'cancelled', 'end']);
    await anonymous.ended;
    expect(anonymous.status).toBe(401);
  });
});

describe.each(STORES)('a cancel reaching a running job at once, in one process (MODE=all) on the %s store', (_name, storeEnv) => {
  let e2e: E2eApp;
  let base: string;
  const queue = uniqueQueue();
  const clients: SseClient[] = [];

  beforeAll(async () => {
    // a lease's beat every 2 minutes: a cancel that ends the job within the test was not the beat's
    e2e = await startE2eApp({ ...storeEnv, MODE: 'all', QUEUES: queue, HEARTBEAT_MS: '120000', LEASE_MS: '300000' });
    await e2e.app.listen(0, '127.0.0.1');
    base = await e2e.app.getUrl();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await e2e?.close();
  });

  it('aborts a running sleep job as soon as its cancel is asked, not at its lease’s next beat', async () => {
    const id = (await e2e.http().post('/jobs').send({ type: 'sleep', queue, payload: { ms: 100_000 }, maxAttempts: 1 }).expect(201)).body.id as string;
    const stream = new SseClient(`${base}/jobs/${id}/events`);
    clients.push(stream);
    await stream.until((e) => e.event === 'claimed' || (e.event === 'state' && e.data.status === 'running'));
    await e2e.http().post(`/jobs/${id}/cancel`).expect(200);
    await stream.until((e) => e.event === 'end');
    expect(stream.events.map((e) => e.event).slice(-3)).toEqual(['cancel_requested', 'cancelled', 'end']);
  });
});

describe('a stream whose client reads slower than its events come (Redis: the stream holds every event for the resume)', () => {
  let e2e: E2eApp;
  let port: number;
  const queue = uniqueQueue();

  beforeAll(async () => {
    e2e = await startE2eApp({ ...STORES[1][1], QUEUES: queue });
    await e2e.app.listen(0, '127.0.0.1');
    port = Number(new URL(await e2e.app.getUrl()).port);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it(`is ended once more than ${STREAM_MAX_BUFFERED_BYTES / 1024 / 1024} MB wait unread for it, and its client resumes where it was with Last-Event-ID`, async () => {
    // a client that reads nothing: the socket's buffers fill, then the process's
    let res!: IncomingMessage;
    const req = http.get({ host: '127.0.0.1', port, path: `/queues/${queue}/events?types=enqueued`, headers: { accept: 'text/event-stream' } });
    await new Promise<void>((resolve) => req.once('response', (r) => ((res = r), r.pause(), resolve())));
    // 120,000 enqueued events of about 300 bytes: far more than the socket buffers and the bound
    const total = 120_000;
    for (let i = 0; i < total; i += 1_000) {
      await e2e.http().post('/jobs/bulk').send({ jobs: Array.from({ length: 1_000 }, () => ({ type: 'noop', queue, payload: { pad: 'x'.repeat(64) } })) }).expect(201);
    }
    // now read: what was written arrives, then the end the process sent (the client never closed it)
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.resume();
    await new Promise<void>((resolve) => res.once('end', resolve));
    const received = text.split('\nevent: enqueued\n').length - 1;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(total);
    // the last resume point it got: a reconnect from there brings the rest, every job once in all
    const ids = [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    const resumed = new SseClient(`http://127.0.0.1:${port}/queues/${queue}/events?types=enqueued`, { headers: { 'Last-Event-ID': ids.at(-1)! } });
    try {
      await resumed.until((e) => e.event === 'ready');
      const seen = new Set([...text.matchAll(/"jobId":"([^"]+)"/g)].map((m) => m[1]));
      for (const e of resumed.named('enqueued')) seen.add(e.data.jobId);
      expect(resumed.named('gap')).toEqual([]);
      expect(seen.size).toBe(total);
    } finally {
      resumed.close();
      req.destroy();
    }
  }, 60_000);
});
