import { ClaimqService } from '../browser/support/claimq-service';
import { ensureBuilt } from './processes';

/**
 * GET /metrics of the built service as it runs in production: `node dist/main.js` in MODE=all (API
 * and worker in one process) on the shared Redis under a prefix of its own, with job history on a
 * PostgreSQL database of its own, so the worker's and the history writer's metrics are served too.
 * One job runs first, so the job counters and histograms have samples. Everything started is ended,
 * and the keys and database removed, also when a step fails.
 */
export async function scrapeLiveClaimqMetrics(): Promise<string> {
  ensureBuilt();
  const service = new ClaimqService({ history: true });
  try {
    await service.start();
    const id = await service.enqueue({ type: 'noop' });
    await service.waitForJob(id, 'succeeded');
    const res = await fetch(`${service.url}/metrics`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /metrics: ${res.status} ${text}`);
    return text;
  } finally {
    await service.close();
  }
}
