import { randomBytes } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { CallbackSignatureError, verifyCallback } from '../../clients/typescript/src/verify-callback';
import { eventually } from '../support/eventually';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's bytes as they came off the socket. */
  raw: Buffer;
}

/** A loopback server that answers 200 and keeps every request's raw bytes. */
interface Receiver {
  server: Server;
  base: string;
  received: Received[];
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** For the tests of one describe: a receiver, and an app running its workers on `queue` only. */
function appAndReceiver(queue: string, env: Record<string, string> = {}): { e2e: E2eApp; receiver: Receiver } {
  const ctx = {} as { e2e: E2eApp; receiver: Receiver };
  beforeAll(async () => {
    ctx.receiver = await startReceiver();
    ctx.e2e = await startE2eApp({ JOB_STORE: 'memory', MODE: 'all', QUEUES: queue, REFRESH_INTERVAL_MS: '50', ...env });
  });
  afterAll(async () => {
    await ctx.e2e?.close();
    const server = ctx.receiver?.server;
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });
  return ctx;
}

/**
 * Signed requests (README, Signed callbacks) from a real app that runs its workers: a job's
 * callback, an execution's callback and an `http` job's own request reach a loopback receiver,
 * which verifies them with the client's verifyCallback on the bytes it received.
 */
describe('signed callbacks and http job requests (CALLBACK_SIGNING_SECRET)', () => {
  const current = `new_${randomBytes(24).toString('hex')}`;
  const previous = `old_${randomBytes(24).toString('hex')}`;

  describe('with two secrets set', () => {
    const queue = uniqueQueue();
    const ctx = appAndReceiver(queue, { CALLBACK_SIGNING_SECRET: `${current},${previous}` });

    const arrived = (path: string) =>
      eventually(() => {
        const hit = ctx.receiver.received.find((r) => r.path === path);
        if (!hit) throw new Error(`nothing at ${path} yet`);
        return hit;
      });

    /** Verifies with either secret alone, on the raw bytes and on their text; refuses the same request 10 minutes later. */
    function expectSigned(hit: Received): void {
      const signature = hit.headers['claimq-signature'];
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
      const t = verifyCallback({ body: hit.raw, signature, secrets: current });
      expect(verifyCallback({ body: hit.raw, signature, secrets: [previous] })).toBe(t);
      expect(verifyCallback({ body: hit.raw.toString('utf8'), signature, secrets: [current, previous] })).toBe(t);
      let replayed: unknown;
      try {
        verifyCallback({ body: hit.raw, signature, secrets: current, now: t * 1000 + 10 * 60_000 });
      } catch (err) {
        replayed = err;
      }
      expect(replayed).toBeInstanceOf(CallbackSignatureError);
      expect((replayed as CallbackSignatureError).reason).toBe('timestamp_outside_tolerance');
      const wrong = () => verifyCallback({ body: hit.raw, signature, secrets: `other_${randomBytes(24).toString('hex')}` });
      expect(wrong).toThrow(CallbackSignatureError);
    }

    it("signs a job's callback", async () => {
      const job = (await ctx.e2e.http().post('/jobs').send({ type: 'noop', queue, callbackUrl: `${ctx.receiver.base}/job-done` }).expect(201)).body;
      const hit = await arrived('/job-done');
      expect(JSON.parse(hit.raw.toString('utf8'))).toMatchObject({ id: job.id, status: 'succeeded' });
      expectSigned(hit);
    });

    it("signs an execution's callback", async () => {
      const execution = (await ctx.e2e.http().post('/executions').send({ jobs: [{ type: 'noop', queue }], callbackUrl: `${ctx.receiver.base}/execution-done` }).expect(201)).body;
      const hit = await arrived('/execution-done');
      expect(JSON.parse(hit.raw.toString('utf8'))).toMatchObject({ id: execution.id });
      expectSigned(hit);
    });

    it("signs an http job's request over the exact body sent", async () => {
      const body = { invoice: 'INV-7', note: 'Grüße ✓ 😀', lines: [1, 2.5, null] };
      await ctx.e2e.http().post('/jobs').send({ type: 'http', queue, payload: { url: `${ctx.receiver.base}/http-job`, headers: { 'X-Trace': 't-1' }, body } }).expect(201);
      const hit = await arrived('/http-job');
      expect(hit.raw.toString('utf8')).toBe(JSON.stringify(body));
      expect(hit.headers['x-trace']).toBe('t-1');
      expectSigned(hit);
    });

    it('signs a request without a body over the empty string', async () => {
      await ctx.e2e.http().post('/jobs').send({ type: 'http', queue, payload: { url: `${ctx.receiver.base}/http-get`, method: 'GET' } }).expect(201);
      const hit = await arrived('/http-get');
      expect(hit.raw.length).toBe(0);
      expectSigned(hit);
    });
  });

  describe('without the setting', () => {
    const queue = uniqueQueue();
    const ctx = appAndReceiver(queue);

    it('sends callbacks and http job requests without a Claimq-Signature header', async () => {
      const { e2e, receiver } = ctx;
      await e2e.http().post('/jobs').send({ type: 'noop', queue, callbackUrl: `${receiver.base}/job-done` }).expect(201);
      await e2e.http().post('/executions').send({ jobs: [{ type: 'noop', queue }], callbackUrl: `${receiver.base}/execution-done` }).expect(201);
      await e2e.http().post('/jobs').send({ type: 'http', queue, payload: { url: `${receiver.base}/http-job`, body: { a: 1 } } }).expect(201);
      const hits = await eventually(() => {
        expect(receiver.received.map((r) => r.path).sort()).toEqual(['/execution-done', '/http-job', '/job-done']);
        return receiver.received;
      });
      for (const hit of hits) {
        expect(hit.headers).toHaveProperty('x-claimq-job-id');
        expect(hit.headers).not.toHaveProperty('claimq-signature');
      }
    });
  });

  describe('a job that sets Claimq-Signature itself', () => {
    let signing: E2eApp;
    let unsigned: E2eApp;

    beforeAll(async () => {
      signing = await startE2eApp({ JOB_STORE: 'memory', CALLBACK_SIGNING_SECRET: current });
      unsigned = await startE2eApp({ JOB_STORE: 'memory' });
    });
    afterAll(async () => {
      await signing?.close();
      await unsigned?.close();
    });

    const http = (name: string) => ({ type: 'http', payload: { url: 'http://127.0.0.1:9/hook', headers: { 'X-Trace': '1', [name]: 't=1,v1=forged' } } });

    it.each(['Claimq-Signature', 'claimq-signature', 'CLAIMQ-SIGNATURE'])('is refused with 400 naming payload.headers (%s), whatever the setting', async (name) => {
      for (const e2e of [signing, unsigned]) {
        const res = await e2e.http().post('/jobs').send(http(name)).expect(400);
        expect(res.body.errors).toEqual([{ field: 'payload.headers', reason: `${name} is reserved: claimq signs its requests with it` }]);
      }
    });

    it('is refused in a bulk, an execution and a schedule too, and nothing is stored', async () => {
      const queue = uniqueQueue();
      const bulk = await signing.http().post('/jobs/bulk').send({ jobs: [{ type: 'x', queue }, { ...http('claimq-signature'), queue }] }).expect(400);
      expect(bulk.body.errors.map((e: { field: string }) => e.field)).toEqual(['jobs.1.payload.headers']);
      const execution = await signing.http().post('/executions').send({ jobs: [{ ...http('claimq-signature'), queue }] }).expect(400);
      expect(execution.body.errors.map((e: { field: string }) => e.field)).toEqual(['jobs.0.payload.headers']);
      const schedule = await signing.http().put('/schedules/forged').send({ everyMs: 60_000, job: http('Claimq-Signature') }).expect(400);
      expect(schedule.body.errors.map((e: { field: string }) => e.field)).toEqual(['job.payload.headers']);
      expect((await signing.http().get('/jobs').query({ queue }).expect(200)).body.items).toEqual([]);
      await signing.http().get('/schedules/forged').expect(404);
    });
  });
});
