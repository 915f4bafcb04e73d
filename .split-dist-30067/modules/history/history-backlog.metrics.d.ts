import { Clock } from '../../domain/clock';
import { ClaimqMetrics } from '../metrics';
import { EventOperations } from '../queue';
/**
 * History writer lag (while history is on), read from the store at scrape time, per queue: what
 * the writer has not stored yet (JobStore.eventBacklog: the Redis stream's consumer group, a few
 * reads per queue; the memory store's outbox) and how old the oldest of it is. The state is
 * shared: every instance reports the same numbers, and with no writer running they still grow.
 */
export declare class HistoryBacklogMetrics {
    private readonly store;
    private readonly backlogs;
    constructor(store: EventOperations, clock: Clock, metrics?: ClaimqMetrics);
    private readAll;
}
