import { RateLimit } from '../../../domain/fairness';
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
export declare class MemoryGroup {
    readonly name: string;
    /** Jobs of the group in pending (the heap may also hold dead refs). */
    pending: number;
    running: number;
    concurrency: number | null;
    rateLimit: RateLimit | null;
    paused: boolean;
    /** The group's bucket (fairness.ts): undefined is full. */
    tat: number | undefined;
    place: GroupPlace;
    /** Bumped whenever the group is placed anew: round and throttle refs of another version are dead. */
    version: number;
    /** In the round: the priority of its best pending job, and the turn it took. */
    tier: number;
    turn: number;
    readonly jobs: BinaryHeap<PendingRef>;
    constructor(name: string);
    /** Whether anything was set on the group (such a group is remembered while it holds no job). */
    get hasSettings(): boolean;
    /** Jobs the group's rate limit lets start at `now` (no limit: any number). */
    tokens(now: number): number;
}
