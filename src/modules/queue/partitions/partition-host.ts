import { EnqueueResult, NewJob } from '../../../domain/job';
import { ClaimResult } from '../job-queue';
import { PartitionWork } from './partition-board';

/** A queue's partition layout as stored: n, since, hist and p<index> -> suffix (see PartitionLayout). */
export type StoredLayout = Record<string, string>;

/** enqueue into one partition, and the partition's claimable work before and after it (for the queue's board). */
export interface EnqueueReport {
  /** inDoubt: the job an idempotency key named is staged by a bulk not yet settled (StagingHost). */
  results: StagedResult[];
  before: PartitionWork;
  after: PartitionWork;
}

/** A partition's claim, with the partition's claimable work after it. */
export type PartitionClaim = ClaimResult & { work: PartitionWork };

/** A partitioned queue's board as read: the other partitions' last reports, and partition 0's work now. */
export interface BoardRead {
  reports: Map<number, PartitionWork>;
  zero: PartitionWork;
}

/** A job found by its id or key while staging, and whether it is itself staged by a bulk not yet settled. */
export interface StagedResult extends EnqueueResult {
  /** The existing job is staged by another bulk, not yet committed or rolled back. */
  inDoubt?: boolean;
}

/**
 * Two-phase writes of one bulk across partitions, whose partitions can fail apart (each is a
 * Redis slot, perhaps on another master). docs/architecture.md, "Partitioned queues", says how a
 * stage is decided and settled.
 */
export interface StagingHost {
  /** stage.lua: this partition's jobs written and keyed but not enqueued; results as enqueue's. */
  stageJobs(partition: string, stageId: string, deadline: number, jobs: NewJob[]): Promise<StagedResult[]>;
  /**
   * stage-commit.lua. With `decide` (the coordinating partition): records the decision in the same
   * script, unless past `decide.by` (then returns null and changes nothing).
   */
  commitStage(partition: string, stageId: string, decide?: { by: number; keepUntil: number }): Promise<{ committed: number } | null>;
  /** stage-rollback.lua. */
  rollbackStage(partition: string, stageId: string): Promise<number>;
  /** Stages of this partition whose deadline has passed (at most `limit`). */
  expiredStages(partition: string, limit: number): Promise<string[]>;
  /** Whether the coordinating partition holds the decision that `stageId` committed. */
  isCommitted(partition: string, stageId: string): Promise<boolean>;
  /** Drops decisions kept past their time. */
  forgetCommits(partition: string): Promise<void>;
}

/**
 * What an engine offers the partition router beyond its ports, where every `queue` is a
 * partition's stored name (queue-partition.ts): claims and enqueues that report a partition's work,
 * and the board. Redis implements it (redis-partitions.ts: partitions are Redis's).
 */
export interface PartitionHost {
  /**
   * Claims up to `max` jobs from one partition, and reads its work after the claim. `budgeted`:
   * `max` was budgeted by the caller from the queue's rate limit (takeRateTokens), and the
   * partition's own claim leaves the queue's rate alone (caps, group rates and pauses hold as in
   * claim).
   */
  claimPartition(partition: string, workerId: string, max: number, leaseMs: number, budgeted: boolean): Promise<PartitionClaim>;
  /**
   * Takes up to `max` tokens of the rate limit in `partition`'s settings (a partitioned queue's
   * partition 0 holds the queue's): all of them when it has none, none while it is paused.
   * `nextAt`: when the next token is due, once none is left.
   */
  takeRateTokens(partition: string, max: number): Promise<{ taken: number; nextAt?: number }>;
  /** Gives back tokens takeRateTokens took that the claim did not use. */
  refundRateTokens(partition: string, tokens: number): Promise<void>;
  /**
   * `listener` is called with a partition where a settle or a reap put a group held at its cap
   * back in the round: its workers wait on partition 0's wake list, which that partition's own
   * scripts cannot reach, so the partitioned store passes the word on (a hint).
   */
  onGroupsRejoined(listener: (partition: string) => void): void;
  /** enqueue-partition.lua: enqueue into one partition (the jobs' queue), reporting its work before and after. */
  enqueuePartition(jobs: NewJob[]): Promise<EnqueueReport>;
  /** partition-work.lua: a partition's work now; `touch` bumps its wake count first (the caller changed it). */
  partitionWork(partition: string, touch: boolean): Promise<PartitionWork>;
  /**
   * board-report.lua: records partition `index`'s work in `queue`'s board unless the board holds a
   * later sight; `wake` also pushes a token on the queue's wake list (whether or not recorded).
   */
  reportWork(queue: string, index: number, work: PartitionWork, wake: boolean): Promise<void>;
  /** board-read.lua: `queue`'s board and its partition 0's work. */
  readBoard(queue: string): Promise<BoardRead>;
  /** waitForWork that also says whether a token ended the wait. */
  waitForToken(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
}

/** The partitions a queue has, as the engine stores them (partition-layouts.ts reads and changes them). */
export interface LayoutHost {
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
}
