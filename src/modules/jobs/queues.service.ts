import { Inject, Injectable } from '@nestjs/common';
import { QueueCounts } from '../../domain/job';
import { JobStore } from '../queue/job-store';

export interface QueueSummary {
  name: string;
  counts: QueueCounts;
}

@Injectable()
export class QueuesService {
  constructor(@Inject(JobStore) private readonly store: JobStore) {}

  /** Every known queue with its job count per status, sorted by name. */
  async summaries(): Promise<QueueSummary[]> {
    const names = [...(await this.store.queues())].sort();
    return Promise.all(names.map(async (name) => ({ name, counts: await this.store.counts(name) })));
  }
}
