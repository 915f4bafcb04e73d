import { EnqueueResult, Job, NewJob } from '../../../domain/job';

/** A queue's partition layout as stored: n, since, hist and p<index> -> suffix (see PartitionLayout). */
export type StoredLayout = Record<string, string>;

/** enqueue, and whether the partition had no live pending job before it (its waiting workers must be told). */
export interface EnqueueReport {
  results: EnqueueResult[];
  idleBefore: boolean;
}

/**
 * What a store offers PartitionedJobStore beyond the JobStore contract, where every `queue` is a
 * partition's stored name (queue-partition.ts). MemoryJobStore and RedisJobStore implement it.
 */
export interface PartitionHost {
  /** The layout of `queue` (empty when it has none: one partition). */
  readPartitionLayout(queue: string): Promise<StoredLayout>;
  /** Sets the partition count (keeping earlier counts in hist); returns the layout after. */
  setPartitionCount(queue: string, count: number): Promise<StoredLayout>;
  /** Records partition `index` as suffix `k` unless the layout names it or the suffix is taken; returns the layout after. */
  addPartition(queue: string, index: number, k: number): Promise<StoredLayout>;
  /**
   * The suffix for a new partition of `queue`, given the suffixes its partitions have (0 is the
   * queue itself): on a Redis Cluster one whose slot's master holds the fewest of them.
   */
  partitionSuffix(queue: string, index: number, taken: readonly number[]): number;
  /**
   * Deletes what is left of partition `partition` when it holds nothing (no job, key, execution or
   * refresh work, and its events all read by history); true when it is gone (partition-drop.lua).
   */
  dropPartition(partition: string): Promise<boolean>;
  /** Forgets partition `index` of `queue`'s layout when partitions-retire.lua's conditions hold; returns the layout after. */
  retirePartition(queue: string, index: number, guardMs: number): Promise<StoredLayout>;
  enqueueReporting(jobs: NewJob[]): Promise<EnqueueReport>;
  /** Pushes `token` on the wake list of partition `partition` (a queue's first partition, where its workers wait). */
  hintWork(partition: string, token: string): Promise<void>;
  /** Takes up to `max` tokens from a partition's wake list without waiting (newest first). */
  takeHints(partition: string, max: number): Promise<string[]>;
  /** waitForWork that also returns the token that ended the wait, if one did. */
  waitForHint(partition: string, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined>;
  /** The live job that idempotency key `key` names in this partition, or null. */
  findByIdempotencyKey(partition: string, key: string): Promise<Job | null>;
}
