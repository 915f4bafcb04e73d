import { systemClock } from '../../domain/clock';
import { AppConfig } from '../../config/app-config';
import { createJobEngine } from './job-engine.factory';
import { MemoryEngine } from './memory/memory-engine';

const job = (i: number) => ({
  id: `default-f${i}`,
  queue: 'default',
  type: 't',
  payloadJson: 'null',
  priority: 0,
  runAt: 0,
  maxAttempts: 1,
  backoff: { strategy: 'fixed' as const, delayMs: 0 },
  timeoutMs: 1000,
});

describe('createJobEngine (memory)', () => {
  it('keeps no events when no history writer reads them (no DATABASE_URL)', async () => {
    const store = createJobEngine(AppConfig.from({}), systemClock) as MemoryEngine;
    await store.jobs.enqueue([job(1), job(2)]);
    expect(store.events.size).toBe(0);
  });

  it('keeps the events for the history writer when DATABASE_URL is set, up to HISTORY_BACKLOG_MAX_MB', async () => {
    const store = createJobEngine(AppConfig.from({ DATABASE_URL: "postgres://127.0.0.1/none", HISTORY_BACKLOG_MAX_MB: "65536" }), systemClock) as MemoryEngine;
    await store.jobs.enqueue([job(1), job(2)]);
    expect(store.events.size).toBe(2);
    expect(store.events.maxBytes).toBe(65_536 * 1024 * 1024);
  });

  it('is the memory store itself, with partition counts ignored: one process, where partitions buy nothing', async () => {
    const store = createJobEngine(AppConfig.from({ QUEUES: 'default:6', QUEUE_PARTITIONS: '4' }), systemClock);
    expect(store).toBeInstanceOf(MemoryEngine);
    const [enqueued] = await store.jobs.enqueue([job(1)]);
    // the job keeps the queue's own name: no partition
    expect(enqueued.job.id).toBe('default-f1');
    expect((await store.jobs.claim('default', 'w', 1, 1000)).jobs.map((c) => c.job.id)).toEqual(['default-f1']);
  });
});
