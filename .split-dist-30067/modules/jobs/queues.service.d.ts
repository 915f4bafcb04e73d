import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { QueueCounts } from '../../domain/job';
import { JobStore, RefreshBacklog, JobOperations, ExecutionOperations } from '../queue';
import { QueueStats } from './queue-stats.presenter';
export interface QueueSummary {
    name: string;
    counts: QueueCounts;
    /** Executions waiting for a status refresh (backlog) and refreshes in flight. */
    refresh: RefreshBacklog;
}
export declare class QueuesService {
    private readonly store;
    private readonly clock;
    private readonly accepted;
    constructor(store: JobOperations & Pick<ExecutionOperations, 'refreshBacklog'> & Pick<JobStore, 'stats'>, clock: Clock, config: AppConfig);
    /** Every known queue with its job count per status, sorted by name. */
    summaries(): Promise<QueueSummary[]>;
    /**
     * The dashboard's overview of a queue: its counts, its oldest pending job, and the last 15
     * minutes of results and latencies its workers recorded. A queue outside QUEUES: 400 naming `name`.
     */
    stats(queue: string): Promise<QueueStats>;
}
