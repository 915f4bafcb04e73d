import { Clock, systemClock } from '../../../domain/clock';
import { JobEvent } from '../../../domain/job-event';
import { eventVersion } from './event-version';
import { HistoryGap, JobEventBatch, JobEventSource, SourcedJobEvent } from './job-event-source';

/** What the memory store exposes as `events` (MemoryEventLog): a FIFO the writer takes from, and the gaps of what it dropped. */
export interface JobEventLog {
  take(max: number): Array<{ queue: string; event: JobEvent }>;
  takeGaps(): HistoryGap[];
  readonly size: number;
}

const MAX_SEQ = 1_000_000;

export interface MemoryJobEventSourceOptions {
  /** How long a read waits for events to arrive before returning an empty batch. */
  pollMs?: number;
  clock?: Clock;
}

/**
 * Reads the memory store's event log. `take` removes events from the log, so the writer keeps a
 * batch and retries it until stored; events still in flight when the process stops are lost with
 * the rest of the memory store. Positions mimic stream ids (time, then a counter), so they grow
 * across the process's life.
 */
export class MemoryJobEventSource extends JobEventSource {
  readonly name = 'memory';
  private lastMs = 0;
  private seq = 0;
  private closed = false;
  private wake?: () => void;
  private readonly pollMs: number;
  private readonly clock: Clock;

  constructor(
    private readonly log: JobEventLog,
    options: MemoryJobEventSourceOptions = {},
  ) {
    super();
    this.pollMs = options.pollMs ?? 200;
    this.clock = options.clock ?? systemClock;
  }

  async read(max: number, waitMs?: number): Promise<JobEventBatch> {
    if (this.log.size === 0 && !this.closed) await this.pause(Math.min(waitMs ?? this.pollMs, this.pollMs));
    const taken = this.closed ? [] : this.log.take(max);
    const events: SourcedJobEvent[] = taken.map(({ queue, event }) => ({ queue, event, version: this.nextVersion() }));
    // the gaps go with this batch: the writer keeps it until stored, so they are stored once
    const gaps = this.closed ? [] : this.log.takeGaps();
    return { events, gaps, entries: events.length + gaps.length, receipt: undefined };
  }

  async ack(): Promise<void> {
    // take() already removed them.
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
  }

  private nextVersion(): bigint {
    let now = Math.max(this.clock.now(), this.lastMs);
    this.seq = now === this.lastMs ? this.seq + 1 : 0;
    if (this.seq >= MAX_SEQ) {
      now += 1; // a stopped (test) clock: borrow the next millisecond rather than overflow seq
      this.seq = 0;
    }
    this.lastMs = now;
    return eventVersion(now, this.seq, 0);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done(): void {
        clearTimeout(timer);
        self.wake = undefined;
        resolve();
      }
      this.wake = done;
    });
  }
}
