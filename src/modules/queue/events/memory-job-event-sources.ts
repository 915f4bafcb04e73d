import { JobEventLog, MemoryJobEventSource } from './memory-job-event-source';
import { JobEventSource } from './job-event-source';
import { JobEventSources } from './job-event-sources';

/** The memory store's single event log, for every queue. */
export class MemoryJobEventSources extends JobEventSources {
  constructor(private readonly log: JobEventLog) {
    super();
  }

  lanes(): string[] {
    return ['memory'];
  }

  open(): JobEventSource {
    return new MemoryJobEventSource(this.log);
  }
}
