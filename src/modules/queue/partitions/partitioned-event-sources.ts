import { queueOfPartition } from '../../../domain/queue-partition';
import { JobEventBatch, JobEventSource } from '../events/job-event-source';
import { JobEventSources } from '../events/job-event-sources';

/** The sources of the store below, with a lane per partition, and every event naming its queue. */
export class PartitionedEventSources extends JobEventSources {
  constructor(
    private readonly inner: JobEventSources,
    private readonly partitionsOf: (queue: string) => readonly string[],
  ) {
    super();
  }

  lanes(queues: readonly string[]): string[] {
    return this.inner.lanes(queues.flatMap((queue) => this.partitionsOf(queue)));
  }

  open(lane: string): JobEventSource {
    return new QueueNamingSource(this.inner.open(lane));
  }
}

class QueueNamingSource extends JobEventSource {
  constructor(private readonly source: JobEventSource) {
    super();
  }

  get name(): string {
    return this.source.name;
  }

  async read(max: number, waitMs?: number): Promise<JobEventBatch> {
    const batch = await this.source.read(max, waitMs);
    for (const event of batch.events) event.queue = queueOfPartition(event.queue);
    for (const gap of batch.gaps) gap.queue = queueOfPartition(gap.queue);
    return batch;
  }

  ack(batch: JobEventBatch): Promise<void> {
    return this.source.ack(batch);
  }

  close(): Promise<void> {
    return this.source.close();
  }
}
