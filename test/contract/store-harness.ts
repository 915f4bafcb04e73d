import { ManualClock } from '../../src/domain/clock';
import { JobEvent } from '../../src/domain/job-event';
import { JobEngine } from '../../src/modules/queue/job-engine';

/**
 * What the contract suite needs from each store: a fresh, isolated store on a clock the test moves,
 * a way to damage a job's record the way a bug or a partial write could, and cleanup.
 */
export type Corruption =
  /** required fields (type, status, attempts...) removed from the record */
  | 'missing-fields'
  /** numeric fields (attempts, priority, token...) replaced by text that is not a number */
  | 'bad-numbers'
  /** the record deleted while its id stays in the state indexes */
  | 'deleted';

/** Store options a case may ask for; each maps to the store's constructor option of that name. */
export interface ContractStoreOptions {
  /** SUCCEEDED_RETENTION_MS=0: complete deletes the job (but a job with a callbackUrl or an execution). */
  deleteSucceeded?: boolean;
  /** EVENTS_MAXLEN. */
  eventsMaxLen?: number;
  /** HISTORY_BACKLOG_MAX_MB, in bytes. */
  historyBacklogMaxBytes?: number;
  /** HTTP_HOST_CONCURRENCY: the cap of host groups (`host:<host>`) without one of their own; 0 = none. */
  hostConcurrency?: number;
  /** AUDIT_MAX_ENTRIES. */
  auditMaxEntries?: number;
  /** Tracing on: claims return the jobs' stored trace context (the memory store always does). */
  traceContext?: boolean;
}

export interface StoreHarness {
  store: JobEngine;
  /**
   * How many partitions each queue has (partitioned-store-harness.ts), when more than one. Order
   * is then kept within a partition: cases that claim jobs sent in separate calls check order
   * partition by partition (expectClaimOrder).
   */
  partitions?: number;
  clock: ManualClock;
  corruptJob(id: string, how: Corruption): Promise<void>;
  /** A second store over the same data (another process in Redis; the same instance in memory). */
  peer(): Promise<JobEngine>;
  /**
   * A store built with `options`, on the same clock and key prefix (in memory: a new, empty
   * instance). A case that uses it uses it alone. Closed by cleanup.
   */
  storeWith(options: ContractStoreOptions): Promise<JobEngine>;
  /**
   * The events the store recorded for `queue` since the last call, in the order it applied the
   * changes (memory: its event log; Redis: the queue's stream), for the history writer.
   */
  takeEvents(queue: string): Promise<JobEvent[]>;
  cleanup(): Promise<void>;
}

export type MakeStoreHarness = () => Promise<StoreHarness>;
