import { Clock } from '../../domain/clock';
import { JobOperations, StoreHealth } from '../queue';
import { ClaimqMetrics } from './claimq-metrics';
/**
 * Queue depth by state, leases held and the age of the oldest pending job, read from the store at
 * scrape time: per known queue one counts call (index sizes in Redis) and one oldest-pending call
 * (the pending indexes' heads), so a scrape costs what the number of queues costs and nothing runs
 * between scrapes. The state is shared: every instance reports the same numbers (aggregate with
 * max, not sum). claimq_store_up is this process's own view: whether the store answered a ping.
 */
export declare class QueueDepthCollector {
    private readonly store;
    private readonly clock;
    private readonly readings;
    constructor(metrics: ClaimqMetrics, store: Pick<JobOperations, 'counts' | 'queues' | 'oldestPending'>, health: StoreHealth, clock: Clock);
    private readAll;
}
