import { JobEventSources } from '../events/job-event-sources';
import { MemoryJobEventSources } from '../events/memory-job-event-sources';
import { EventBacklog, Outbox } from '../outbox';
import { MemoryEventLog } from './memory-event-log';

/** The memory engine's Outbox: its one event log, for every queue (read by one process, so no consumer). */
export class MemoryOutbox extends Outbox {
  constructor(private readonly events: MemoryEventLog) {
    super();
  }

  sources(): JobEventSources {
    return new MemoryJobEventSources(this.events);
  }

  async backlog(queue: string): Promise<EventBacklog> {
    return this.events.backlogOf(queue);
  }
}
