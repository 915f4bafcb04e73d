import { JobEvent } from '../../../domain/job-event';
import { JobFeed, JobFeedListener } from './job-feed';

/** Where the memory store hands each call's events as it records them (MemoryState.record). */
export interface MemoryEventTap {
  readonly taps: Set<(queue: string, events: readonly JobEvent[]) => void>;
}

/**
 * The memory store's live events: the store calls the tap synchronously as it records a call's
 * events, so a subscription is in place at once and nothing falls between it and a read.
 */
export class MemoryJobFeed extends JobFeed {
  private readonly listeners = new Map<string, Set<JobFeedListener>>();
  private closed = false;

  constructor(private readonly state: MemoryEventTap) {
    super();
  }

  async subscribe(queue: string, listener: JobFeedListener): Promise<() => void> {
    if (this.closed) throw new Error('the job feed is closed');
    let set = this.listeners.get(queue);
    if (!set) this.listeners.set(queue, (set = new Set()));
    set.add(listener);
    this.state.taps.add(this.publish);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(queue) === set) this.listeners.delete(queue);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.state.taps.delete(this.publish);
  }

  private readonly publish = (queue: string, events: readonly JobEvent[]): void => {
    const set = this.listeners.get(queue);
    if (!set) return;
    for (const listener of [...set]) listener(events);
  };
}
