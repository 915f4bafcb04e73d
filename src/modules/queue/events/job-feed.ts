import { JobEvent } from '../../../domain/job-event';

/**
 * One store call's events, as the feed delivers them, with the call's position in its store
 * queue's feed: an opaque text, unique and rising within that queue (Redis: the stream entry id;
 * memory: a number behind the process's boot id). A reader can resume after a position it saw
 * (replay), as SSE's Last-Event-ID does.
 */
export interface FeedBatch {
  readonly position: string;
  readonly events: readonly JobEvent[];
}

/** Receives the batches of one store queue, in the order the store applied them. */
export type JobFeedListener = (batch: FeedBatch) => void;

export interface FeedSubscription {
  /** Every batch after this position reaches the listener (nothing at or before it does). */
  readonly position: string;
  unsubscribe(): void;
}

/** The batches after a position, as far as the feed still holds them. */
export interface FeedReplay {
  readonly batches: FeedBatch[];
  /**
   * False when batches after `after` may be missing: the feed no longer holds them (trimmed; a
   * memory store restarted), or there were more than the limit. The reader then knows only what
   * it reads of the state itself.
   */
  readonly complete: boolean;
}

/**
 * The live events of the store's queues, for the readers of this process (a wait for a job's
 * end; live streams): each store queue (a partition, on a partitioned queue) is read ONCE per
 * process, however many listeners it has, and only while it has one. Unlike the history writer's
 * sources (JobEventSources), nothing is acknowledged or shared between processes: every process
 * sees every event from the moment it subscribes.
 */
export abstract class JobFeed {
  /**
   * Calls `listener` with the batches of `queue` (a store queue: the queue a job id names, see
   * queueOfJobId) from now on. Resolves once every batch the store applies after that moment will
   * reach the listener, so a caller that subscribes, then reads a job, misses no change after its
   * read; the subscription's position is the last batch before that moment.
   */
  abstract subscribe(queue: string, listener: JobFeedListener): Promise<FeedSubscription>;

  /**
   * The batches of `queue` after position `after` up to and including `upTo` (a subscription's
   * position), at most `limit` of them, oldest first. Positions that do not read as this feed's
   * give an incomplete, empty replay.
   */
  abstract replay(queue: string, after: string, upTo: string, limit: number): Promise<FeedReplay>;

  /**
   * Resolves once every batch the store applied to `queue` before the call has reached the
   * listeners of its subscription (at once where there is none, or where the feed delivers as the
   * store applies). A reader that joins a subscription already running, then reads a job, uses it
   * so that its read is no newer than its position: the events it replays up to that position
   * are all that came before the state it read. Never rejects: a feed that cannot tell lets the
   * caller go on (it then hears those batches live).
   */
  abstract caughtUp(queue: string): Promise<void>;

  /** Stops every read and releases the feed's connections; listeners hear nothing more. */
  abstract close(): Promise<void>;
}
