import { Inject, Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { JOB_STATUSES, QueueCounts } from '../../domain/job';
import { JobStore, JobOperations, ExecutionOperations } from '../queue';
import { ClaimqMetrics, METRIC_PREFIX } from './claimq-metrics';

/**
 * Queue depth by state and leases held, read from store.counts at scrape time: one counts call per
 * known queue (index sizes in Redis), so a scrape costs what the number of queues costs and nothing
 * runs between scrapes. The state is shared: every instance reports the same numbers.
 */
@Injectable()
export class QueueDepthCollector {
  private readonly logger = new Logger('Metrics');
  /** One read per scrape, shared by both gauges (prom-client collects metrics concurrently). */
  private reading: Promise<Map<string, QueueCounts>> | undefined;

  constructor(
    metrics: ClaimqMetrics,
    @Inject(JobStore) private readonly store: Pick<JobOperations, 'counts' | 'queues'> & Pick<ExecutionOperations, 'refreshBacklog'>,
  ) {
    const collector = this;
    const registers = [metrics.registry];
    new Gauge({
      name: `${METRIC_PREFIX}queue_jobs`,
      help: 'Jobs per queue and state (all instances; finished states until retention trims them)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const counts = await collector.counts();
        this.reset();
        for (const [queue, byState] of counts) for (const state of JOB_STATUSES) this.labels(queue, state).set(byState[state]);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}leases_held`,
      help: 'Jobs running under a lease, per queue (all instances)',
      labelNames: ['queue'],
      registers,
      async collect() {
        const counts = await collector.counts();
        this.reset();
        for (const [queue, byState] of counts) this.labels(queue).set(byState.running);
      },
    });
  }

  private counts(): Promise<Map<string, QueueCounts>> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<Map<string, QueueCounts>> {
    const counts = new Map<string, QueueCounts>();
    try {
      for (const queue of await this.store.queues()) counts.set(queue, await this.store.counts(queue));
    } catch (err) {
      this.logger.warn(`queue depth unavailable for this scrape: ${(err as Error).message}`);
    }
    return counts;
  }
}
