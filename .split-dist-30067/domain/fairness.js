"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_GROUPS_PAGE = exports.MAX_RATE_LIMIT_PER_MS = exports.MIN_RATE_LIMIT_PER_MS = exports.MAX_RATE_LIMIT_MAX = exports.MAX_GROUP_CONCURRENCY = exports.HOST_GROUP_PREFIX = exports.DEFAULT_GROUP = void 0;
exports.effectiveConcurrency = effectiveConcurrency;
exports.tokensAvailable = tokensAvailable;
exports.takeTokens = takeTokens;
exports.nextTokenAt = nextTokenAt;
exports.hostGroupOf = hostGroupOf;
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
const node_crypto_1 = require("node:crypto");
/** The default group's name inside the stores: jobs without a group. */
exports.DEFAULT_GROUP = '';
/** The groups `http` jobs get by default: `host:` and the target's host (with its port when given). */
exports.HOST_GROUP_PREFIX = 'host:';
/** Upper bounds the API and the stores take (every one tested at its maximum). */
exports.MAX_GROUP_CONCURRENCY = 1_000_000;
exports.MAX_RATE_LIMIT_MAX = 1_000_000;
/** A rate limit's window: 1 ms to a day. */
exports.MIN_RATE_LIMIT_PER_MS = 1;
exports.MAX_RATE_LIMIT_PER_MS = 86_400_000;
/** GET /queues/:name/groups: page size. */
exports.MAX_GROUPS_PAGE = 500;
/** A group's cap: its own; else the queue's, and for a host group never above the host default (0 = none). */
function effectiveConcurrency(group, own, queueDefault, hostConcurrency) {
    if (own !== null)
        return own;
    let cap = queueDefault;
    if (hostConcurrency > 0 && group.startsWith(exports.HOST_GROUP_PREFIX))
        cap = cap === null ? hostConcurrency : Math.min(cap, hostConcurrency);
    return cap;
}
/** Floating error of the bucket's arithmetic: a token due within this is there. */
const BUCKET_EPSILON = 1e-6;
/**
 * A token bucket kept as one number, its theoretical arrival time (GCRA): `tat` is when the
 * bucket would be full again (undefined or in the past: full). Mirrored by includes/rate-limit.lua.
 */
function tokensAvailable(tat, limit, now) {
    const interval = limit.perMs / limit.max;
    const from = Math.max(tat ?? now, now);
    return Math.max(0, Math.min(limit.max, Math.floor((now + limit.perMs - from) / interval + BUCKET_EPSILON)));
}
/** The bucket's `tat` after `taken` jobs started at `now`. */
function takeTokens(tat, limit, now, taken) {
    return Math.max(tat ?? now, now) + (taken * limit.perMs) / limit.max;
}
/** When the next token is due (epoch ms, whole): now when one is there. */
function nextTokenAt(tat, limit, now) {
    if (tokensAvailable(tat, limit, now) > 0)
        return now;
    const interval = limit.perMs / limit.max;
    return Math.max(now, Math.ceil((tat ?? now) + interval - limit.perMs - BUCKET_EPSILON));
}
/** The group an `http` job to `url` gets by default: `host:` + host (and port), within the name length. */
function hostGroupOf(url) {
    let host;
    try {
        host = new URL(url).host.replace(/[[\]]/g, '');
    }
    catch {
        return undefined;
    }
    if (host === '')
        return undefined;
    const name = exports.HOST_GROUP_PREFIX + host.toLowerCase().replace(/[^A-Za-z0-9_.:-]/g, '_');
    if (name.length <= 100)
        return name;
    // a longer host keeps its start and a digest of the whole, so two long hosts never share a group
    return `${name.slice(0, 83)}.${(0, node_crypto_1.createHash)('sha256').update(name).digest('hex').slice(0, 16)}`;
}
//# sourceMappingURL=fairness.js.map