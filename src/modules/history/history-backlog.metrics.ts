import { Inject, Injectable, Optional } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { Clock, CLOCK } from '../../domain/clock';
import { ClaimqMetrics, METRIC_PREFIX, ScrapeRead } from '../metrics';
import { EventBacklog, JobAdmin, Outbox } from '../queue';

/**
 * History writer lag (while history is on), read from the store at scrape time, per queue: what
 * the writer has not stored yet (Outbox.backlog: the Redis stream's consumer group, a few
 * reads per queue; the memory store's outbox) and how old the oldest of it is. The state is
 * shared: every instance reports the same numbers, and with no writer running they still grow.
 */
@Injectable()
export class HistoryBacklogMetrics {
  private readonly backlogs = new ScrapeRead('history backlog', () => this.readAll());

  constructor(
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(CLOCK) clock: Clock,
    @Optional() metrics?: ClaimqMetrics,
  ) {
    if (!metrics) return;
    const collector = this;
    const registers = [metrics.registry];
    new Gauge({
      name: `${METRIC_PREFIX}history_backlog_entries`,
      help: 'Entries of the queue\'s event log the history writer has not stored (Redis: stream entries, one per script call holding up to 2,000 events; memory store: events), all instances',
      labelNames: ['queue'],
      registers,
      async collect() {
        const backlogs = await collector.backlogs.get();
        this.reset();
        for (const [queue, backlog] of backlogs) this.labels(queue).set(backlog.entries);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}history_lag_seconds`,
      help: 'Age of the oldest job event the history writer has not stored, per queue (0 when none), all instances',
      labelNames: ['queue'],
      registers,
      async collect() {
        const backlogs = await collector.backlogs.get();
        const now = clock.now();
        this.reset();
        for (const [queue, backlog] of backlogs) this.labels(queue).set(backlog.oldestAt === null ? 0 : Math.max(0, now - backlog.oldestAt) / 1000);
      },
    });
  }

  private async readAll(): Promise<Map<string, EventBacklog>> {
    const queues = await this.admin.queues();
    const read = await Promise.all(queues.map((queue) => this.outbox.backlog(queue)));
    return new Map(queues.map((queue, i) => [queue, read[i]]));
  }
}
