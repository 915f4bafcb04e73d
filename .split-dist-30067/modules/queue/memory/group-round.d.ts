import { GroupSettingsPatch, GroupState, QueueSettingsPatch, RateLimit } from '../../../domain/fairness';
import { MemoryGroup, PendingRef } from './memory-group';
/** What the round needs of its queue: the job indexes and the queue's waiting workers. */
export interface RoundHost {
    /**
     * The group's best pending ref whose job is still pending and present, dropping dead refs on
     * the way (a present ref whose record is gone is dropped from the indexes: pendingLeft).
     */
    head(group: MemoryGroup): PendingRef | undefined;
    /** Whether a ref still names its job's current pending entry (for compaction). */
    isLive(ref: PendingRef): boolean;
    /** Wakes the queue's idle workers. */
    wake(): void;
    /** A group held at its cap rejoined the round because one of its running jobs ended. */
    rejoined(): void;
}
export interface RoundClaim {
    claimed: number;
    /** The queue's rate limit left claimable groups behind. */
    queueLimited: boolean;
}
/**
 * One queue's groups and its round (the fairness spec): which group a claim serves next, each
 * group's cap and bucket, the queue's own pause, cap default and bucket. Kept in step with the job
 * indexes by MemoryQueue, which reports every job entering or leaving pending or running.
 *
 * Invariants: a group with pending jobs that is neither paused, at its cap nor out of tokens is
 * in the round (one live ref: its tier and turn); one at its cap is in `held`; one out of tokens
 * has one live ref in `throttled`. Dead refs (another version) are dropped when met, so a claim
 * costs O(log n) per job and per group it serves, never a walk over all groups.
 */
export declare class GroupRound {
    private readonly hostConcurrency;
    private readonly host;
    paused: boolean;
    groupConcurrency: number | null;
    rateLimit: RateLimit | null;
    /** The queue's bucket: undefined is full. */
    private tat;
    private readonly groups;
    private readonly round;
    private readonly throttled;
    private readonly held;
    private inRound;
    private throttledCount;
    /** Turns, and the order of throttling: strictly increasing. */
    private counter;
    constructor(hostConcurrency: number, host: RoundHost);
    /** Groups in the round: claimable now. */
    get size(): number;
    /**
     * The tier (priority) of the best group in the round, as the round placed it (a group whose best
     * job was cancelled may read one tier high until a claim meets it); undefined when the round is
     * empty or the queue paused. Dead refs met at the head are dropped.
     */
    bestTier(): number | undefined;
    pendingAdded(name: string, ref: PendingRef, now: number): void;
    pendingLeft(name: string): void;
    runningStarted(name: string): void;
    /** A running attempt ended: a group held at its cap rejoins (and idle workers hear of it). */
    runningEnded(name: string, now: number): void;
    /**
     * One claim's rounds, after promotion: due throttled groups rejoin (earliest due first); a
     * paused queue gives nothing; the queue's tokens bound the claim; then round after round the
     * groups of the best tier share what is left. `take(group, tier)` claims one job of the group
     * of priority `tier` or above, skipping malformed ones (which count for nothing): false when
     * there is none.
     */
    serve(max: number, now: number, take: (group: MemoryGroup, tier: number) => boolean, budgeted?: boolean): RoundClaim;
    /**
     * Takes up to `max` of the queue's tokens for claims made elsewhere (a partitioned queue's, on its
     * partitions: rate-take.lua): all when it has no rate, none while it is paused.
     */
    takeQueueTokens(max: number, now: number): {
        taken: number;
        nextAt?: number;
    };
    /** Gives back tokens takeQueueTokens took that the claim did not use (a full bucket stays full). */
    refundQueueTokens(tokens: number, now: number): void;
    /** When a claim that took fewer than it asked may find more: the earliest throttled group's token, and the queue's when it held jobs back. */
    nextDueAt(now: number, queueLimited: boolean): number | undefined;
    settings(): {
        paused: boolean;
        groupConcurrency: number | null;
        rateLimit: RateLimit | null;
    };
    setPaused(paused: boolean): void;
    updateSettings(patch: QueueSettingsPatch, now: number): void;
    updateGroup(name: string, patch: GroupSettingsPatch, now: number): void;
    state(name: string, now: number): GroupState;
    /** Every group the queue remembers (jobs pending or running, or settings of its own), by name. */
    names(): string[];
    /**
     * Up to `need` groups of the best tier, in turn order, taken out of the round to be served.
     * A group met at the head that cannot be served is placed where it belongs and not counted:
     * with no pending job it leaves, at its cap it is held, out of tokens it is throttled; one
     * whose best job went away (a cancel) keeps its turn at its true tier.
     */
    private pick;
    /** Places a group that is not being served where its state says: round (at the back), held, throttled or out. */
    private settle;
    private enterRound;
    /** Takes the group out of the round, held or throttled (its refs there go dead). */
    private leave;
    /** Throttled groups whose next token is due rejoin, earliest due first. */
    private releaseThrottled;
    private earliestThrottled;
    /** Jobs the group may still start under its cap. */
    private room;
    private groupNamed;
    /** A group with no job and no settings is forgotten. */
    private forgetIfIdle;
}
