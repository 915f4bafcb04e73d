import { Inject, Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { withinTimeout } from '../../common/within-timeout';
import { Clock, CLOCK } from '../../domain/clock';
import { JOB_STATUSES, QueueCounts } from '../../domain/job';
import { OldestPending } from '../../domain/queue-stats';
import { JobAdmin, StoreHealth } from '../queue';
import { ClaimqMetrics, METRIC_PREFIX } from './claimq-metrics';
import { SCRAPE_READ_TIMEOUT_MS, ScrapeRead } from './scrape-read';

/** What one scrape reads of a queue. */
interface QueueReading {
  counts: QueueCounts;
  oldest: OldestPending;
}

/**
 * Queue depth by state, leases held and the age of the oldest pending job, read from the store at
 * scrape time: per known queue one counts call (index sizes in Redis) and one oldest-pending call
 * (the pending indexes' heads), so a scrape costs what the number of queues costs and nothing runs
 * between scrapes. The state is shared: every instance reports the same numbers (aggregate with
 * max, not sum). claimq_store_up is this process's own view: whether the store answered a ping.
 */
@Injectable()
export class QueueDepthCollector {
  private readonly readings = new ScrapeRead('queue depth', () => this.readAll());

  constructor(
    metrics: ClaimqMetrics,
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    @Inject(StoreHealth) health: StoreHealth,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const collector = this;
    const registers = [metrics.registry];
    new Gauge({
      name: `${METRIC_PREFIX}queue_jobs`,
      help: 'Jobs per queue and state (all instances; finished states until retention trims them)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const readings = await collector.readings.get();
        this.reset();
        for (const [queue, { counts }] of readings) for (const state of JOB_STATUSES) this.labels(queue, state).set(counts[state]);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}leases_held`,
      help: 'Jobs running under a lease, per queue (all instances)',
      labelNames: ['queue'],
      registers,
      async collect() {
        const readings = await collector.readings.get();
        this.reset();
        for (const [queue, { counts }] of readings) this.labels(queue).set(counts.running);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}queue_oldest_pending_age_seconds`,
      help: 'Seconds since the longest-waiting pending job of the queue became runnable (0 when none is pending; all instances)',
      labelNames: ['queue'],
      registers,
      async collect() {
        const readings = await collector.readings.get();
        const now = collector.clock.now();
        this.reset();
        for (const [queue, { oldest }] of readings) this.labels(queue).set(oldest.since === null ? 0 : Math.max(0, now - oldest.since) / 1000);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}store_up`,
      help: `Whether this process reached its job store at this scrape (Redis: PING answered within ${SCRAPE_READ_TIMEOUT_MS / 1000} s): 1 or 0`,
      labelNames: ['store'],
      registers,
      async collect() {
        let up = 1;
        try {
          await withinTimeout(health.ping(), SCRAPE_READ_TIMEOUT_MS);
        } catch {
          up = 0;
        }
        this.reset();
        this.labels(health.name).set(up);
      },
    });
  }

  private async readAll(): Promise<Map<string, QueueReading>> {
    const readings = new Map<string, QueueReading>();
    for (const queue of await this.admin.queues()) {
      const [counts, oldest] = await Promise.all([this.admin.counts(queue), this.admin.oldestPending(queue)]);
      readings.set(queue, { counts, oldest });
    }
    return readings;
  }
}
