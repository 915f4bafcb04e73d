import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { eventually } from '../support/eventually';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

/** The metadata address as clients can write it in a URL; the API refuses each at enqueue. */
const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://2852039166/',
  'http://0xA9FEA9FE/',
  'http://0251.0376.0251.0376/',
  'http://169.254.43518/',
  'http://[::ffff:169.254.169.254]/',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[fd00:ec2::254]/',
];

/**
 * The egress policy at the API (an address refused in a URL is a 400, before anything is stored)
 * and on callbacks (the `http` jobs that report a job's or an execution's end). The API apps run
 * MODE=api, so nothing there can dial a URL even if the check were missing; the callback app
 * runs workers under public-only and calls only loopback.
 */
describe('egress policy through the API', () => {
  describe('refusing addresses at enqueue (MODE=api: no worker could dial them)', () => {
    let e2e: E2eApp;
    let strict: E2eApp;
    beforeAll(async () => {
      e2e = await startE2eApp({ JOB_STORE: 'memory' });
      strict = await startE2eApp({ JOB_STORE: 'memory', HTTP_EGRESS: 'public-only', HTTP_EGRESS_ALLOW: '127.0.0.2' });
    });
    afterAll(async () => {
      await e2e?.close();
      await strict?.close();
    });

    it.each(METADATA_URLS)('answers 400 naming payload.url for an http job to %s, and stores nothing', async (url) => {
      const queue = uniqueQueue();
      const res = await e2e.http().post('/jobs').send({ type: 'http', queue, payload: { url } }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'payload.url', reason: expect.stringMatching(/is refused by the egress policy \((link-local|cloud-metadata)\)$/) }]);
      expect((await e2e.http().get('/jobs').query({ queue }).expect(200)).body.items).toEqual([]);
    });

    it('answers 400 for a callbackUrl of a job, of a job in a bulk and of an execution', async () => {
      const callbackUrl = 'http://[::ffff:a9fe:a9fe]/cb';
      const single = await e2e.http().post('/jobs').send({ type: 'x', callbackUrl }).expect(400);
      expect(single.body.errors).toEqual([{ field: 'callbackUrl', reason: '[::ffff:a9fe:a9fe] is refused by the egress policy (link-local)' }]);
      const bulk = await e2e.http().post('/jobs/bulk').send({ jobs: [{ type: 'x' }, { type: 'http', payload: { url: 'http://169.254.169.254/' } }] }).expect(400);
      expect(bulk.body.errors).toEqual([{ field: 'jobs.1.payload.url', reason: '169.254.169.254 is refused by the egress policy (link-local)' }]);
      const execution = await e2e.http().post('/executions').send({ jobs: [{ type: 'x' }], callbackUrl }).expect(400);
      expect(execution.body.errors).toEqual([{ field: 'callbackUrl', reason: '[::ffff:a9fe:a9fe] is refused by the egress policy (link-local)' }]);
    });

    it('takes host names (judged on their address when a worker dials) and what the policy allows', async () => {
      await e2e.http().post('/jobs').send({ type: 'http', queue: uniqueQueue(), payload: { url: 'http://metadata.internal.test/' } }).expect(201);
      await e2e.http().post('/jobs').send({ type: 'http', queue: uniqueQueue(), payload: { url: 'http://127.0.0.1:9/' } }).expect(201);
    });

    it('refuses loopback under public-only, except what HTTP_EGRESS_ALLOW lets through', async () => {
      const res = await strict.http().post('/jobs').send({ type: 'http', payload: { url: 'http://127.0.0.1:9/' } }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'payload.url', reason: '127.0.0.1 is refused by the egress policy (loopback)' }]);
      await strict.http().post('/jobs').send({ type: 'http', queue: uniqueQueue(), payload: { url: 'http://127.0.0.2:9/' } }).expect(201);
    });
  });

  describe('callbacks under the same policy (workers running, HTTP_EGRESS=public-only)', () => {
    let e2e: E2eApp;
    let receiver: Server;
    let port: number;
    const received: IncomingMessage[] = [];
    const queue = uniqueQueue();

    beforeAll(async () => {
      receiver = createServer((req, res) => {
        received.push(req);
        res.writeHead(200).end();
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      port = (receiver.address() as AddressInfo).port;
      e2e = await startE2eApp({ JOB_STORE: 'memory', MODE: 'all', QUEUES: queue, HTTP_EGRESS: 'public-only', REFRESH_INTERVAL_MS: '50' });
    });
    afterAll(async () => {
      await e2e?.close();
      receiver?.closeAllConnections();
      await new Promise((r) => receiver?.close(r));
    });

    it('fails the callback of a job and of an execution to a host name that resolves to loopback, dialing nothing', async () => {
      await e2e.http().post('/jobs').send({ type: 'noop', queue, callbackUrl: `http://localhost:${port}/job-done` }).expect(201);
      await e2e.http().post('/executions').send({ jobs: [{ type: 'noop', queue }], callbackUrl: `http://localhost:${port}/execution-done` }).expect(201);
      const callbacks = await eventually(async () => {
        const items = (await e2e.http().get('/jobs').query({ queue, status: 'failed' }).expect(200)).body.items as { type: string; payload: { url: string }; lastError: string; attempts: number }[];
        expect(items).toHaveLength(2);
        return items;
      });
      expect(callbacks.map((c) => c.payload.url).sort()).toEqual([`http://localhost:${port}/execution-done`, `http://localhost:${port}/job-done`]);
      for (const callback of callbacks) {
        expect(callback.type).toBe('http');
        expect(callback.attempts).toBe(1);
        expect(callback.lastError).toMatch(/localhost \((127\.0\.0\.1|::1)\) is refused by the egress policy \(loopback\)$/);
      }
      expect(received).toEqual([]);
      const samples = parsePrometheusText((await e2e.http().get('/metrics').expect(200)).text);
      expect(sampleValue(samples, 'claimq_http_egress_denied_total', { rule: 'loopback' })).toBe(2);
    });
  });
});
