import { RateLimit, tokensAvailable } from '../../../domain/fairness';
import { BinaryHeap } from './binary-heap';

/** A pending job in its group's heap; live while it matches the job's current pending seq. */
export interface PendingRef {
  id: string;
  priority: number;
  seq: number;
}

/**
 * Where a group stands in its queue's round (GroupRound):
 * - `round`: it has claimable jobs and holds a place (tier, turn);
 * - `held`: at its cap, it rejoins when one of its running jobs ends;
 * - `throttled`: out of tokens, it rejoins at the first claim once its next token is due;
 * - `out`: no pending job, or paused;
 * - `serving`: a claim is taking its jobs right now (and then places it again).
 */
export type GroupPlace = 'out' | 'round' | 'held' | 'throttled' | 'serving';

/** One group of a queue: its pending jobs (priority, then FIFO), its counts, settings and bucket. */
export class MemoryGroup {
  /** Jobs of the group in pending (the heap may also hold dead refs). */
  pending = 0;
  running = 0;
  concurrency: number | null = null;
  rateLimit: RateLimit | null = null;
  paused = false;
  /** The group's bucket (fairness.ts): undefined is full. */
  tat: number | undefined;
  /**
   * When a claim found it out of tokens with jobs left, its next token's time: until then it is
   * placed throttled, after that in the round (the claim that meets it there looks at its tokens
   * again). Cleared when it rejoins, and by a new rate (includes/groups.lua's `lim`).
   */
  limitedUntil: number | undefined;
  place: GroupPlace = 'out';
  /** Bumped whenever the group is placed anew: round and throttle refs of another version are dead. */
  version = 0;
  /** In the round: the priority of its best pending job, and the turn it took. */
  tier = 0;
  turn = 0;
  readonly jobs = new BinaryHeap<PendingRef>((a, b) => a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq));

  constructor(readonly name: string) {}

  /** Whether anything was set on the group (such a group is remembered while it holds no job). */
  get hasSettings(): boolean {
    return this.concurrency !== null || this.rateLimit !== null || this.paused;
  }

  /** Jobs the group's rate limit lets start at `now` (no limit: any number). */
  tokens(now: number): number {
    return this.rateLimit === null ? Number.POSITIVE_INFINITY : tokensAvailable(this.tat, this.rateLimit, now);
  }
}
