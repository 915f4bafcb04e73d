import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { InvalidJobSpecError } from '../../domain/errors';
import { NAME_PATTERN, QueueCounts } from '../../domain/job';
import { summarizeWindow } from '../../domain/queue-stats';
import { ExecutionStore, JobAdmin, QueueStatsStore, RefreshBacklog } from '../queue';
import { AcceptedQueues } from './accepted-queues';
import { QueueStats } from './queue-stats.presenter';

export interface QueueSummary {
  name: string;
  counts: QueueCounts;
  /** Executions waiting for a status refresh (backlog) and refreshes in flight. */
  refresh: RefreshBacklog;
}

@Injectable()
export class QueuesService {
  private readonly accepted: AcceptedQueues;

  constructor(
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    @Inject(ExecutionStore) private readonly executions: ExecutionStore,
    @Inject(QueueStatsStore) private readonly queueStats: QueueStatsStore,
    @Inject(CLOCK) private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.accepted = new AcceptedQueues(config.queues);
  }

  /** Every known queue with its job count per status, sorted by name. */
  async summaries(): Promise<QueueSummary[]> {
    const names = [...(await this.admin.queues())].sort();
    return Promise.all(
      names.map(async (name) => {
        const [counts, refresh] = await Promise.all([this.admin.counts(name), this.executions.refreshBacklog(name)]);
        return { name, counts, refresh };
      }),
    );
  }

  /**
   * The dashboard's overview of a queue: its counts, its oldest pending job, and the last 15
   * minutes of results and latencies its workers recorded. A queue outside QUEUES: 400 naming `name`.
   */
  async stats(queue: string): Promise<QueueStats> {
    if (!NAME_PATTERN.test(queue)) throw new InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
    this.accepted.check(queue, 'name');
    const at = this.clock.now();
    const [counts, oldestPending, minutes] = await Promise.all([this.admin.counts(queue), this.admin.oldestPending(queue), this.queueStats.read(queue, at)]);
    return { queue, at, counts, oldestPending, window: summarizeWindow(minutes, at) };
  }
}
