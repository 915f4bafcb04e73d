import { randomBytes } from 'node:crypto';
import { JobEvent } from '../../../domain/job-event';
import { FeedBatch, FeedReplay, FeedSubscription, JobFeed, JobFeedListener } from './job-feed';

/** Where the memory store hands each call's events as it records them (MemoryState.record). */
export interface MemoryEventTap {
  readonly taps: Set<(queue: string, events: readonly JobEvent[]) => void>;
}

/** About how many events of each queue the memory feed keeps for replays (oldest batches go first). */
export const MEMORY_REPLAY_EVENTS = 10_000;

/** One queue's numbered batches: the last number given, and the batches kept for replays. */
interface QueueLog {
  seq: number;
  kept: FeedBatch[];
  keptEvents: number;
  /** The number of the oldest batch still kept (seq + 1 when none is). */
  firstKept: number;
}

/**
 * The memory store's live events: the store calls the tap synchronously as it records a call's
 * events, so a subscription is in place at once and nothing falls between it and a read. Batches
 * are numbered per queue from the feed's start, behind a boot id of the feed's own: a position
 * from another process life (a restart) reads as unknown, so its replay is incomplete, never wrong.
 */
export class MemoryJobFeed extends JobFeed {
  private readonly listeners = new Map<string, Set<JobFeedListener>>();
  private readonly logs = new Map<string, QueueLog>();
  private readonly boot = randomBytes(4).toString('hex');
  private closed = false;

  constructor(
    private readonly state: MemoryEventTap,
    private readonly replayEvents = MEMORY_REPLAY_EVENTS,
  ) {
    super();
  }

  async subscribe(queue: string, listener: JobFeedListener): Promise<FeedSubscription> {
    if (this.closed) throw new Error('the job feed is closed');
    let set = this.listeners.get(queue);
    if (!set) this.listeners.set(queue, (set = new Set()));
    set.add(listener);
    this.state.taps.add(this.publish);
    const own = set;
    return {
      position: this.positionOf(this.logOf(queue).seq),
      unsubscribe: () => {
        own.delete(listener);
        if (own.size === 0 && this.listeners.get(queue) === own) this.listeners.delete(queue);
      },
    };
  }

  async replay(queue: string, after: string, upTo: string, limit: number): Promise<FeedReplay> {
    const from = this.seqOf(after);
    const to = this.seqOf(upTo);
    if (from === undefined || to === undefined || from > to) return { batches: [], complete: false };
    const log = this.logOf(queue);
    const batches: FeedBatch[] = [];
    for (const batch of log.kept) {
      const seq = this.seqOf(batch.position)!;
      if (seq > to) break;
      if (seq > from) batches.push(batch);
    }
    const complete = log.firstKept <= from + 1 && batches.length <= limit;
    return { batches: batches.slice(0, limit), complete };
  }

  /** The store hands its events over as it records them: nothing is ever behind. */
  async caughtUp(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.state.taps.delete(this.publish);
  }

  private readonly publish = (queue: string, events: readonly JobEvent[]): void => {
    const log = this.logOf(queue);
    log.seq += 1;
    const batch: FeedBatch = { position: this.positionOf(log.seq), events };
    log.kept.push(batch);
    log.keptEvents += events.length;
    while (log.keptEvents > this.replayEvents && log.kept.length > 1) {
      log.keptEvents -= log.kept.shift()!.events.length;
      log.firstKept += 1;
    }
    const set = this.listeners.get(queue);
    if (!set) return;
    for (const listener of [...set]) listener(batch);
  };

  private logOf(queue: string): QueueLog {
    let log = this.logs.get(queue);
    if (!log) this.logs.set(queue, (log = { seq: 0, kept: [], keptEvents: 0, firstKept: 1 }));
    return log;
  }

  private positionOf(seq: number): string {
    return `${this.boot}.${seq}`;
  }

  private seqOf(position: string): number | undefined {
    const dot = position.indexOf('.');
    if (dot < 0 || position.slice(0, dot) !== this.boot) return undefined;
    const seq = Number(position.slice(dot + 1));
    return Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
  }
}
