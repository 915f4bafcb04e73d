import { AppConfig } from '../../config/app-config';
import { StoreUnavailableError } from '../../domain/errors';
import { normalizeJobSpec } from '../../domain/job-spec';
import { MemoryEngine } from '../queue';
import { JobEventHub } from './job-event-hub';
import { JobWaits } from './job-waits';

describe('JobEventHub at shutdown', () => {
  it('takes no new listener once the process shuts down (503 with Retry-After), and a wait asked then answers the job at once', async () => {
    const engine = new MemoryEngine({ configuredQueues: ['default'] });
    const hub = new JobEventHub(engine.outbox);
    const waits = new JobWaits(engine.admin, hub, AppConfig.from({ QUEUES: 'default' }));
    const [{ job }] = await engine.jobs.enqueue([normalizeJobSpec({ type: 't' }, { now: Date.now(), maxPayloadBytes: 1024 })]);
    await hub.onModuleDestroy();
    await expect(hub.onJob('default', job.id, () => undefined)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(hub.onJob('default', job.id, () => undefined)).rejects.toMatchObject({ retryAfterSeconds: 1 });
    // a 60 s wait: the test's own timeout would end it first if it waited
    await expect(waits.untilEnded(job.id, 60_000)).resolves.toMatchObject({ id: job.id, status: 'pending' });
  });
});
