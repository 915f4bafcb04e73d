import { hostname } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { WorkerIdentity } from '../../src/modules/claim/worker-identity';
import { eventually } from '../support/eventually';
import { E2eApp, startE2eApp } from './e2e-app';

const API_KEY = 'workers-e2e-test-key-0123';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const { version } = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { version: string };

/**
 * GET /workers on a real app that runs a worker (MODE=all) with short heartbeats: its own worker
 * is live, and a worker that claims a job and then never beats again (a process killed with its
 * lease) is declared dead by the app's reaper and listed with the job it held.
 */
export function describeWorkersApi(name: string, env: () => Record<string, string>): void {
  describe(`GET /workers (${name})`, () => {
    let e2e: E2eApp;

    beforeAll(async () => {
      e2e = await startE2eApp({
        ...env(),
        MODE: 'all',
        QUEUES: 'default',
        WORKER_CONCURRENCY: '3',
        API_KEYS: API_KEY,
        HEARTBEAT_MS: '200',
        WORKER_DEAD_MS: '1000',
        LEASE_MS: '60000',
        REAPER_INTERVAL_MS: '200',
      });
    });

    afterAll(async () => {
      await e2e?.close();
    });

    it('asks for an API key', async () => {
      await e2e.http().get('/workers').expect(401);
    });

    it("lists the app's own worker with its process, version, queues and slots", async () => {
      const id = e2e.app.get(WorkerIdentity).id;
      // its first beat was sent as the app started; the reply may still be on its way
      const res = await eventually(async () => {
        const reply = await e2e.http().get('/workers').set('Authorization', `Bearer ${API_KEY}`).expect(200);
        expect(reply.body.live).toContainEqual(expect.objectContaining({ id }));
        return reply;
      });
      const own = (res.body.live as { id: string }[]).find((w) => w.id === id);
      expect(own).toEqual({
        id,
        host: hostname(),
        pid: process.pid,
        version,
        startedAt: expect.stringMatching(ISO),
        lastHeartbeatAt: expect.stringMatching(ISO),
        queues: ['default'],
        slots: { busy: 0, total: 3 },
        leasesHeld: 0,
      });
      expect(res.body.dead).toEqual(expect.any(Array));
    });

    it('lists a worker that died holding a lease as dead, with the job it held, and no longer as live', async () => {
      // a queue the app's worker does not claim from: only the "killed" worker ever holds its job
      const queue = `ghosts-${process.pid}`;
      const ghost = 'ghost-host.example-99999-0badf00d';
      const [{ job }] = await e2e.store.jobs.enqueue([normalizeJobSpec({ type: 'test', queue }, { now: Date.now(), maxPayloadBytes: 1024 })]);
      await e2e.store.workers.register(queue, ghost);
      await e2e.store.workers.publish({ id: ghost, host: 'ghost-host.example', pid: 99999, version, startedAt: Date.now(), queues: [queue], slots: { busy: 1, total: 1 }, leasesHeld: 1 });
      const { jobs } = await e2e.store.jobs.claim(queue, ghost, 1, 60_000);
      expect(jobs.map((c) => c.job.id)).toEqual([job.id]);

      const first = await e2e.http().get('/workers').set('Authorization', `Bearer ${API_KEY}`).expect(200);
      expect(first.body.live).toContainEqual(expect.objectContaining({ id: ghost, leasesHeld: 1 }));

      // the reaper (every 200 ms) declares it dead once it has been silent for WORKER_DEAD_MS
      const dead = await eventually(async () => {
        const res = await e2e.http().get('/workers').set('Authorization', `Bearer ${API_KEY}`).expect(200);
        const found = (res.body.dead as { id: string }[]).find((d) => d.id === ghost);
        if (!found) throw new Error('not dead yet');
        return res.body as { live: { id: string }[]; dead: unknown[] };
      }, 15_000);
      expect(dead.dead[0]).toEqual({
        id: ghost,
        host: 'ghost-host.example',
        pid: 99999,
        queue,
        declaredDeadAt: expect.stringMatching(ISO),
        lastHeartbeatAt: expect.stringMatching(ISO),
        requeued: 1,
        failed: 0,
        cancelled: 0,
        jobIds: [job.id],
      });
      expect(dead.live.map((w) => w.id)).not.toContain(ghost);
      expect(dead.live.map((w) => w.id)).toContain(e2e.app.get(WorkerIdentity).id);
      await expect(e2e.store.admin.get(job.id)).resolves.toMatchObject({ status: 'pending', attempts: 1 });
    });
  });
}
