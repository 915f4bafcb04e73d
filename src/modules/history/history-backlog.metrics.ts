import { Inject, Injectable, Optional } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ClaimqMetrics, METRIC_PREFIX } from '../metrics';
import { JobStore, EventOperations } from '../queue';

/**
 * History writer lag (while history is on), where the store can tell it cheaply (JobStore.eventBacklog): the memory
 * store's event log holds exactly the events the writer has not taken yet. (The Redis streams' lag is not reported here yet.)
 */
@Injectable()
export class HistoryBacklogMetrics {
  constructor(@Inject(JobStore) store: EventOperations, @Optional() metrics?: ClaimqMetrics) {
    if (!metrics || store.eventBacklog() === undefined) return;
    new Gauge({
      name: `${METRIC_PREFIX}history_backlog_events`,
      help: 'Job events waiting for the history writer (memory store)',
      registers: [metrics.registry],
      collect() {
        this.set(store.eventBacklog() ?? 0);
      },
    });
  }
}
