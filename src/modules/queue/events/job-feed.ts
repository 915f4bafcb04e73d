import { JobEvent } from '../../../domain/job-event';

/** Receives the events of one store queue, in the order the store applied them. */
export type JobFeedListener = (events: readonly JobEvent[]) => void;

/**
 * The live events of the store's queues, for the readers of this process (a wait for a job's
 * end; live streams): each store queue (a partition, on a partitioned queue) is read ONCE per
 * process, however many listeners it has, and only while it has one. Unlike the history writer's
 * sources (JobEventSources), nothing is acknowledged or shared between processes: every process
 * sees every event from the moment it subscribes.
 */
export abstract class JobFeed {
  /**
   * Calls `listener` with the events of `queue` (a store queue: the queue a job id names, see
   * queueOfJobId) from now on. Resolves once every event the store applies after that moment will
   * reach the listener, so a caller that subscribes, then reads a job, misses no change after its
   * read. Returns the unsubscribe function.
   */
  abstract subscribe(queue: string, listener: JobFeedListener): Promise<() => void>;

  /** Stops every read and releases the feed's connections; listeners hear nothing more. */
  abstract close(): Promise<void>;
}
