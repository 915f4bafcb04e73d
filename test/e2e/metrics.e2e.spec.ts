import { ReaperService } from '../../src/modules/recovery/reaper.service';
import { eventually } from '../support/eventually';
import { parsePrometheusText, PromSample, sampleValue } from '../support/prometheus-text';
import { E2eApp, startE2eApp, uniqueQueue } from './e2e-app';

describe('/metrics', () => {
  const queue = uniqueQueue();
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ MODE: 'all', JOB_STORE: 'memory', QUEUES: queue, WORKER_CONCURRENCY: '4' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function scrape(): Promise<PromSample[]> {
    const res = await e2e.http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return parsePrometheusText(res.text);
  }

  it('counts jobs enqueued, claimed and succeeded by queue and type, with durations and pickup latency', async () => {
    for (let i = 0; i < 3; i++) await e2e.http().post('/jobs').send({ type: 'noop', queue }).expect(201);
    const labels = { queue, type: 'noop' };
    const samples = await eventually(async () => {
      const s = await scrape();
      expect(sampleValue(s, 'claimq_jobs_succeeded_total', labels)).toBe(3);
      return s;
    });
    expect(sampleValue(samples, 'claimq_jobs_enqueued_total', labels)).toBe(3);
    expect(sampleValue(samples, 'claimq_jobs_claimed_total', labels)).toBe(3);
    expect(sampleValue(samples, 'claimq_job_duration_seconds_count', labels)).toBe(3);
    expect(sampleValue(samples, 'claimq_job_pickup_latency_seconds_count', labels)).toBe(3);
    expect(sampleValue(samples, 'claimq_queue_jobs', { queue, state: 'succeeded' })).toBe(3);
    expect(sampleValue(samples, 'claimq_queue_jobs', { queue, state: 'pending' })).toBe(0);
    expect(sampleValue(samples, 'claimq_leases_held', { queue })).toBe(0);
  });

  it('counts failures and retries', async () => {
    // No worker has a handler for this type: each attempt is handed back as a failure (retried after the default backoff).
    await e2e.http().post('/jobs').send({ type: 'no-such-handler-here', queue, maxAttempts: 2 }).expect(201);
    const samples = await eventually(async () => {
      const s = await scrape();
      expect(sampleValue(s, 'claimq_jobs_failed_total', { queue, type: 'no-such-handler-here' })).toBe(1);
      return s;
    });
    expect(sampleValue(samples, 'claimq_jobs_retried_total', { queue, type: 'no-such-handler-here' })).toBe(1);
    expect(sampleValue(samples, 'claimq_jobs_claimed_total', { queue, type: 'no-such-handler-here' })).toBe(2);
  });

  it('reports reaper passes', async () => {
    await e2e.app.get(ReaperService).runPass();
    const samples = await scrape();
    expect(sampleValue(samples, 'claimq_reaper_passes_total')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'claimq_jobs_reaped_total', { action: 'promoted' })).toEqual(expect.any(Number));
  });

  it('names every claimq metric with the claimq_ prefix', async () => {
    const names = new Set((await scrape()).map((s) => s.name));
    expect([...names].every((n) => n.startsWith('claimq_'))).toBe(true);
  });
});
