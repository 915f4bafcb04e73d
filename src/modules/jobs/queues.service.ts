import { Inject, Injectable } from '@nestjs/common';
import { QueueCounts } from '../../domain/job';
import { JobStore, RefreshBacklog, JobOperations, ExecutionOperations } from '../queue';

export interface QueueSummary {
  name: string;
  counts: QueueCounts;
  /** Executions waiting for a status refresh (backlog) and refreshes in flight. */
  refresh: RefreshBacklog;
}

@Injectable()
export class QueuesService {
  constructor(@Inject(JobStore) private readonly store: JobOperations & Pick<ExecutionOperations, 'refreshBacklog'>) {}

  /** Every known queue with its job count per status, sorted by name. */
  async summaries(): Promise<QueueSummary[]> {
    const names = [...(await this.store.queues())].sort();
    return Promise.all(
      names.map(async (name) => {
        const [counts, refresh] = await Promise.all([this.store.counts(name), this.store.refreshBacklog(name)]);
        return { name, counts, refresh };
      }),
    );
  }
}
