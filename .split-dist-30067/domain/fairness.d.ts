/** The default group's name inside the stores: jobs without a group. */
export declare const DEFAULT_GROUP = "";
/** The groups `http` jobs get by default: `host:` and the target's host (with its port when given). */
export declare const HOST_GROUP_PREFIX = "host:";
/** Upper bounds the API and the stores take (every one tested at its maximum). */
export declare const MAX_GROUP_CONCURRENCY = 1000000;
export declare const MAX_RATE_LIMIT_MAX = 1000000;
/** A rate limit's window: 1 ms to a day. */
export declare const MIN_RATE_LIMIT_PER_MS = 1;
export declare const MAX_RATE_LIMIT_PER_MS = 86400000;
/** GET /queues/:name/groups: page size. */
export declare const MAX_GROUPS_PAGE = 500;
export interface RateLimit {
    /** Jobs that may start per `perMs`; also the burst a full bucket allows. */
    max: number;
    perMs: number;
}
/** A queue's fairness settings, as stored. */
export interface QueueSettings {
    queue: string;
    paused: boolean;
    /** The cap every group of the queue gets unless it has its own; null: none. */
    groupConcurrency: number | null;
    /** The queue's own rate: every claim of the queue counts. */
    rateLimit: RateLimit | null;
}
/** A change of queue settings: a field left out stays, null clears it. */
export interface QueueSettingsPatch {
    groupConcurrency?: number | null;
    rateLimit?: RateLimit | null;
}
/** A change of one group's settings: a field left out stays, null clears it. */
export interface GroupSettingsPatch {
    concurrency?: number | null;
    rateLimit?: RateLimit | null;
    paused?: boolean;
}
/** Why a group's pending jobs are not being claimed now. */
export type GroupLimit = 'paused' | 'concurrency' | 'rate';
/** A group as GET /queues/:name/groups shows it. */
export interface GroupState {
    /** '' for the default group. */
    name: string;
    /** Jobs waiting in pending (scheduled ones join when due). */
    pending: number;
    /** Jobs running now across the fleet. */
    running: number;
    paused: boolean;
    /** The group's own cap (null: it follows the queue's or the host default). */
    concurrency: number | null;
    /** The cap in force: its own, else the queue's groupConcurrency, else the host default for a host group; null: none. */
    effectiveConcurrency: number | null;
    rateLimit: RateLimit | null;
    /** What holds its pending jobs back now, or null when nothing does. */
    limitedBy: GroupLimit | null;
    /** For `rate`: epoch ms when its next job may start. */
    limitedUntil?: number;
}
/** A group's cap: its own; else the queue's, and for a host group never above the host default (0 = none). */
export declare function effectiveConcurrency(group: string, own: number | null, queueDefault: number | null, hostConcurrency: number): number | null;
/**
 * A token bucket kept as one number, its theoretical arrival time (GCRA): `tat` is when the
 * bucket would be full again (undefined or in the past: full). Mirrored by includes/rate-limit.lua.
 */
export declare function tokensAvailable(tat: number | undefined, limit: RateLimit, now: number): number;
/** The bucket's `tat` after `taken` jobs started at `now`. */
export declare function takeTokens(tat: number | undefined, limit: RateLimit, now: number, taken: number): number;
/** When the next token is due (epoch ms, whole): now when one is there. */
export declare function nextTokenAt(tat: number | undefined, limit: RateLimit, now: number): number;
/** The group an `http` job to `url` gets by default: `host:` + host (and port), within the name length. */
export declare function hostGroupOf(url: string): string | undefined;
