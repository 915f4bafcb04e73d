import { JobEventSources } from './events/job-event-sources';
import { JobFeed } from './events/job-feed';

/**
 * The outbox: every transition records one event in the same atomic step as its change (Redis:
 * the queue's stream; memory: the engine's log), which the history writer reads from here. One
 * port of the job engine (job-engine.ts), injected by its own token.
 */
export abstract class Outbox {
  /** Where the history writer reads the events: one lane per queue (Redis), or one (memory). */
  abstract sources(options: EventSourceOptions): JobEventSources;

  /**
   * The queue's job events the history writer has not stored yet (read, for the metrics, at
   * scrape time): a few index reads per queue (Redis: the stream's consumer group), never a walk.
   */
  abstract backlog(queue: string): Promise<EventBacklog>;

  /** A live feed of the store's events for this process's readers; the caller closes it. */
  abstract feed(): JobFeed;

  /**
   * Calls `listener` with each running job a cancel is asked of, from any process, as it happens
   * (Redis: pub/sub, one connection; memory: the store's tap). At most once and best effort: a
   * worker that misses one learns of the cancel at its next heartbeat. Resolves, once listening,
   * to the function that stops it.
   */
  abstract onCancelRequested(listener: (cancel: CancelRequested) => void): Promise<() => Promise<void>>;

  /**
   * Calls `listener` with the store's signals (StoreSignal): what an instance would otherwise poll
   * every queue for. Sent in the same atomic step as the change (Redis: includes/signals.lua, one
   * pub/sub connection for every queue), but at most once: a listener that may have missed some
   * (its connection broke) is told `missed`, and every user still looks everywhere now and then.
   * Resolves, once listening, to the function that stops it.
   */
  abstract onSignal(listener: (signal: StoreSignal) => void): Promise<() => Promise<void>>;
}

/**
 * A store signal: `refresh`: the queue's refresh set got dirty executions (it was empty before);
 * `reap`: the reapers went quiet in the queue (UpkeepStore.quiet), and it leased a job or got a
 * scheduled job due sooner than its earliest since: they must look at it again;
 * `work`: work may be claimable in the queue, and a worker went idle there since the last such
 * signal (JobQueue.signalsWork: the store sends it for that queue);
 * `layout`: the queue's partitions changed (a count set, a partition added or retired);
 * `schedules`: a schedule changed through the API, so the due index may name an earlier time;
 * `missed`: signals may have been lost (the listener's connection broke and came back), so look
 * at every queue.
 */
export type StoreSignal =
  | { kind: 'refresh'; queue: string }
  | { kind: 'reap'; queue: string }
  | { kind: 'work'; queue: string }
  | { kind: 'layout'; queue: string }
  | { kind: 'schedules' }
  | { kind: 'missed' };

/** A cancel asked of a running job: the job, and the worker and lease (fencing token) it ran under. */
export interface CancelRequested {
  jobId: string;
  /** Unknown from a process of an earlier version (its message carries the id alone). */
  workerId?: string;
  token?: number;
}

export interface EventSourceOptions {
  /** The reader's name where the source tracks readers (a Redis consumer group's consumer). */
  consumer: string;
  /** An entry that cannot be decoded, dropped with the reason (logged by the caller). */
  onDropped?: (entry: string, reason: string) => void;
}

export interface EventBacklog {
  /**
   * Entries recorded and not yet stored by the history writer (not yet read, or read and not
   * acknowledged): Redis stream entries (one per script call, up to 2,000 events each); the memory
   * engine's events.
   */
  entries: number;
  /** When the oldest of them was recorded (epoch ms), or null when there are none. */
  oldestAt: number | null;
}
