import { WorkerIdentity } from '../../src/modules/claim/worker-identity';
import { eventually } from '../support/eventually';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';
import { e2eStores } from './e2e-stores';

/**
 * GET /workers shows each worker's busy slots and leases as the store counts them now, not as the
 * worker published them at its last heartbeat: with a heartbeat every 2 minutes (its info then
 * says 0 busy for the whole test), the busy slots follow the jobs it runs, and agree with the
 * queue's running count. On the memory store, Redis and Redis with 3 partitions per queue.
 */
const STORES = e2eStores({ partitioned: true });

describe.each(STORES)('busy slots read live on the %s store', (_name, storeEnv) => {
  let e2e: E2eApp;
  const queue = uniqueQueue();

  beforeAll(async () => {
    e2e = await startE2eApp({ ...storeEnv, MODE: 'all', QUEUES: queue, WORKER_CONCURRENCY: '5', HEARTBEAT_MS: '120000', LEASE_MS: '300000' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function own(): Promise<{ slots: { busy: number; total: number }; leasesHeld: number }> {
    const id = e2e.app.get(WorkerIdentity).id;
    const res = await e2e.http().get('/workers').expect(200);
    const worker = (res.body.live as { id: string; slots: { busy: number; total: number }; leasesHeld: number }[]).find((w) => w.id === id);
    if (!worker) throw new Error('the worker is not listed yet');
    return worker;
  }

  async function running(): Promise<number> {
    const res = await e2e.http().get('/queues').expect(200);
    return (res.body as { name: string; counts: { running: number } }[]).find((q) => q.name === queue)?.counts.running ?? 0;
  }

  it("shows the jobs a worker runs as its busy slots as soon as they run, agreeing with the queue's running count, between heartbeats", async () => {
    await eventually(async () => expect(await own()).toMatchObject({ slots: { busy: 0, total: 5 }, leasesHeld: 0 }));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await e2e.http().post('/jobs').send({ type: 'sleep', queue, payload: { ms: 60_000 } }).expect(201)).body.id);
    await eventually(async () => expect(await running()).toBe(3));
    expect(await own()).toMatchObject({ slots: { busy: 3, total: 5 }, leasesHeld: 3 });
    for (const id of ids) await e2e.http().post(`/jobs/${id}/cancel`).expect(200);
    await eventually(async () => expect(await running()).toBe(0));
    expect(await own()).toMatchObject({ slots: { busy: 0, total: 5 }, leasesHeld: 0 });
  });
});
