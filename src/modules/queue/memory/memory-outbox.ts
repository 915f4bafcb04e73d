import { JobEvent } from '../../../domain/job-event';
import { JobEventSources } from '../events/job-event-sources';
import { MemoryJobEventSources } from '../events/memory-job-event-sources';
import { CancelRequested, EventBacklog, Outbox, StoreSignal } from '../outbox';
import { JobFeed } from '../events/job-feed';
import { MemoryJobFeed } from '../events/memory-job-feed';
import { MemoryEventLog } from './memory-event-log';
import { MemoryState } from './memory-state';

/** The memory engine's Outbox: its one event log, for every queue (read by one process, so no consumer). */
export class MemoryOutbox extends Outbox {
  private readonly events: MemoryEventLog;

  constructor(private readonly state: MemoryState) {
    super();
    this.events = state.events;
  }

  sources(): JobEventSources {
    return new MemoryJobEventSources(this.events);
  }

  async backlog(queue: string): Promise<EventBacklog> {
    return this.events.backlogOf(queue);
  }

  feed(): JobFeed {
    return new MemoryJobFeed(this.state);
  }

  async onCancelRequested(listener: (cancel: CancelRequested) => void): Promise<() => Promise<void>> {
    const tap = (_queue: string, events: readonly JobEvent[]): void => {
      for (const event of events) if (event.k === 'cancel_requested') listener({ jobId: event.id, workerId: event.w, token: event.run });
    };
    this.state.taps.add(tap);
    return async () => void this.state.taps.delete(tap);
  }

  /** The store's own calls: a refresh set that gets an execution while empty, a schedule changed through the API. */
  async onSignal(listener: (signal: StoreSignal) => void): Promise<() => Promise<void>> {
    this.state.signalTaps.add(listener);
    return async () => void this.state.signalTaps.delete(listener);
  }
}
