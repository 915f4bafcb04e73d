import { ManualClock } from '../../domain/clock';
import { normalizeJobSpec } from '../../domain/job-spec';
import { parsePrometheusText, sampleValue } from '../../../test/support/prometheus-text';
import { MemoryEngine, StoreHealth } from '../queue';
import { ClaimqMetrics } from './claimq-metrics';
import { QueueDepthCollector } from './queue-depth.collector';

/** A store health whose ping fails on demand, as Redis's does when it is unreachable. */
class SwitchableHealth extends StoreHealth {
  readonly name = 'redis';
  down = false;
  async ping(): Promise<void> {
    if (this.down) throw new Error('connection refused');
  }
}

describe('QueueDepthCollector', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 9, 0, 0));
  const store = new MemoryEngine({ configuredQueues: ['mail', 'idle'], clock });
  const health = new SwitchableHealth();
  const metrics = new ClaimqMetrics();
  new QueueDepthCollector(metrics, store.admin, health, clock);
  afterAll(() => store.close());

  const scrape = async () => parsePrometheusText(await metrics.registry.metrics());
  const spec = (runAt?: number) => normalizeJobSpec({ type: 'noop', queue: 'mail', ...(runAt ? { runAt } : {}) }, { now: clock.now(), maxPayloadBytes: 1024 });

  it('reports the age of the longest-waiting pending job per queue, 0 for a queue with none', async () => {
    await store.jobs.enqueue([spec()]);
    clock.advance(30_000);
    await store.jobs.enqueue([spec()]);
    clock.advance(60_000);
    let samples = await scrape();
    expect(sampleValue(samples, 'claimq_queue_oldest_pending_age_seconds', { queue: 'mail' })).toBe(90);
    expect(sampleValue(samples, 'claimq_queue_oldest_pending_age_seconds', { queue: 'idle' })).toBe(0);
    expect(sampleValue(samples, 'claimq_queue_jobs', { queue: 'mail', state: 'pending' })).toBe(2);

    // the oldest is claimed: the next one has waited 60 s
    await store.jobs.claim('mail', 'w-1', 1, 30_000);
    samples = await scrape();
    expect(sampleValue(samples, 'claimq_queue_oldest_pending_age_seconds', { queue: 'mail' })).toBe(60);
    expect(sampleValue(samples, 'claimq_leases_held', { queue: 'mail' })).toBe(1);
  });

  it('counts a delayed job from when it became runnable, not from when it was added', async () => {
    const claimed = await store.jobs.claim('mail', 'w-1', 10, 30_000); // an empty queue to start from
    expect(claimed.jobs.length).toBe(1);
    await store.jobs.enqueue([spec(clock.now() + 120_000)]);
    clock.advance(150_000);
    await store.upkeep.promoteDue('mail', 100);
    const samples = await scrape();
    expect(sampleValue(samples, 'claimq_queue_oldest_pending_age_seconds', { queue: 'mail' })).toBe(30);
  });

  it('says whether this process reached its store at the scrape', async () => {
    expect(sampleValue(await scrape(), 'claimq_store_up', { store: 'redis' })).toBe(1);
    health.down = true;
    expect(sampleValue(await scrape(), 'claimq_store_up', { store: 'redis' })).toBe(0);
    health.down = false;
    expect(sampleValue(await scrape(), 'claimq_store_up', { store: 'redis' })).toBe(1);
  });

  it('drops the Node gauges named like counters (promtool: non-counter metrics should not have a _total suffix)', async () => {
    const names = new Set((await scrape()).map((s) => s.name));
    expect(names.has('claimq_nodejs_active_handles')).toBe(true);
    for (const name of ['claimq_nodejs_active_handles_total', 'claimq_nodejs_active_requests_total', 'claimq_nodejs_active_resources_total']) {
      expect(names.has(name)).toBe(false);
    }
  });
});
