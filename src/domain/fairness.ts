/**
 * Fairness and rate limits: what groups, caps, rate limits and pauses mean, shared by both stores,
 * the API and the tests. Plain TypeScript.
 *
 * - Every job of a queue belongs to one group: its `group` field, or the default group (named ''
 *   here, shown as absent on a job) when it has none.
 * - Within a queue and priority, a claim serves the groups with ready jobs round-robin: it takes
 *   from the group that was served longest ago, so a group with one job waits at most one round
 *   behind a group with a million. One claim of n jobs over k ready groups takes about n / k from
 *   each (a batch is one step of the round).
 * - A group may run at most its concurrency cap at once across the fleet: its own `concurrency`,
 *   else the queue's `groupConcurrency`, and for a host group (`host:<host>`, what `http` jobs get
 *   by default) without a cap of its own at most the store's host concurrency
 *   (HTTP_HOST_CONCURRENCY; 0 = no host cap). A group's own cap wins over both.
 * - Rate limits are token buckets (GCRA): `{max, perMs}` lets `max` jobs start at once from a full
 *   bucket, then one every perMs / max ms; over a long run, max per perMs. The queue's limit
 *   counts every claim of the queue; a group's only that group's.
 * - A paused group keeps its jobs pending and none of them is claimed; a paused queue is claimed
 *   from by nobody. Running jobs run on.
 */
import { createHash } from 'node:crypto';

/** The default group's name inside the stores: jobs without a group. */
export const DEFAULT_GROUP = '';

/** The groups `http` jobs get by default: `host:` and the target's host (with its port when given). */
export const HOST_GROUP_PREFIX = 'host:';

/** Upper bounds the API and the stores take (every one tested at its maximum). */
export const MAX_GROUP_CONCURRENCY = 1_000_000;
export const MAX_RATE_LIMIT_MAX = 1_000_000;
/** A rate limit's window: 1 ms to a day. */
export const MIN_RATE_LIMIT_PER_MS = 1;
export const MAX_RATE_LIMIT_PER_MS = 86_400_000;
/** GET /queues/:name/groups: page size. */
export const MAX_GROUPS_PAGE = 500;

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
export function effectiveConcurrency(group: string, own: number | null, queueDefault: number | null, hostConcurrency: number): number | null {
  if (own !== null) return own;
  let cap = queueDefault;
  if (hostConcurrency > 0 && group.startsWith(HOST_GROUP_PREFIX)) cap = cap === null ? hostConcurrency : Math.min(cap, hostConcurrency);
  return cap;
}

/** Floating error of the bucket's arithmetic: a token due within this is there. */
const BUCKET_EPSILON = 1e-6;

/**
 * A token bucket kept as one number, its theoretical arrival time (GCRA): `tat` is when the
 * bucket would be full again (undefined or in the past: full). Mirrored by includes/rate-limit.lua.
 */
export function tokensAvailable(tat: number | undefined, limit: RateLimit, now: number): number {
  const interval = limit.perMs / limit.max;
  const from = Math.max(tat ?? now, now);
  return Math.max(0, Math.min(limit.max, Math.floor((now + limit.perMs - from) / interval + BUCKET_EPSILON)));
}

/** The bucket's `tat` after `taken` jobs started at `now`. */
export function takeTokens(tat: number | undefined, limit: RateLimit, now: number, taken: number): number {
  return Math.max(tat ?? now, now) + (taken * limit.perMs) / limit.max;
}

/** When the next token is due (epoch ms, whole): now when one is there. */
export function nextTokenAt(tat: number | undefined, limit: RateLimit, now: number): number {
  if (tokensAvailable(tat, limit, now) > 0) return now;
  const interval = limit.perMs / limit.max;
  return Math.max(now, Math.ceil((tat ?? now) + interval - limit.perMs - BUCKET_EPSILON));
}

/** The group an `http` job to `url` gets by default: `host:` + host (and port), within the name length. */
export function hostGroupOf(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).host.replace(/[[\]]/g, '');
  } catch {
    return undefined;
  }
  if (host === '') return undefined;
  const name = HOST_GROUP_PREFIX + host.toLowerCase().replace(/[^A-Za-z0-9_.:-]/g, '_');
  if (name.length <= 100) return name;
  // a longer host keeps its start and a digest of the whole, so two long hosts never share a group
  return `${name.slice(0, 83)}.${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
}
