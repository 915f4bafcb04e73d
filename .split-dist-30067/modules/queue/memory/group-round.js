"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GroupRound = void 0;
const fairness_1 = require("../../../domain/fairness");
const binary_heap_1 = require("./binary-heap");
const memory_group_1 = require("./memory-group");
const COMPACT_MIN = 1024;
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
class GroupRound {
    hostConcurrency;
    host;
    paused = false;
    groupConcurrency = null;
    rateLimit = null;
    /** The queue's bucket: undefined is full. */
    tat;
    groups = new Map();
    round = new binary_heap_1.BinaryHeap((a, b) => a.tier > b.tier || (a.tier === b.tier && a.turn < b.turn));
    throttled = new binary_heap_1.BinaryHeap((a, b) => a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq));
    held = new Set();
    inRound = 0;
    throttledCount = 0;
    /** Turns, and the order of throttling: strictly increasing. */
    counter = 0;
    constructor(hostConcurrency, host) {
        this.hostConcurrency = hostConcurrency;
        this.host = host;
    }
    /** Groups in the round: claimable now. */
    get size() {
        return this.inRound;
    }
    /**
     * The tier (priority) of the best group in the round, as the round placed it (a group whose best
     * job was cancelled may read one tier high until a claim meets it); undefined when the round is
     * empty or the queue paused. Dead refs met at the head are dropped.
     */
    bestTier() {
        if (this.paused)
            return undefined;
        for (let ref = this.round.peek(); ref; ref = this.round.peek()) {
            if (ref.group.place === 'round' && ref.group.version === ref.version)
                return ref.tier;
            this.round.pop();
        }
        return undefined;
    }
    // Job moves: MemoryQueue reports each job entering or leaving pending or running.
    pendingAdded(name, ref, now) {
        const g = this.groupNamed(name);
        g.pending++;
        g.jobs.push(ref);
        if (g.jobs.size > COMPACT_MIN && g.jobs.size > 2 * g.pending)
            g.jobs.compact((r) => this.host.isLive(r));
        // a better job moves the group to its tier, keeping its turn
        if (g.place === 'round' && ref.priority > g.tier)
            this.enterRound(g, ref.priority, g.turn);
        else if (g.place === 'out')
            this.settle(g, now);
    }
    pendingLeft(name) {
        const g = this.groups.get(name);
        if (!g)
            return;
        g.pending--;
        if (g.pending <= 0 && g.place !== 'serving') {
            this.leave(g);
            this.forgetIfIdle(g);
        }
    }
    runningStarted(name) {
        this.groupNamed(name).running++;
    }
    /** A running attempt ended: a group held at its cap rejoins (and idle workers hear of it). */
    runningEnded(name, now) {
        const g = this.groups.get(name);
        if (!g)
            return;
        g.running--;
        if (g.place === 'held' && this.settle(g, now) === 'round') {
            this.host.wake();
            this.host.rejoined();
        }
        this.forgetIfIdle(g);
    }
    /**
     * One claim's rounds, after promotion: due throttled groups rejoin (earliest due first); a
     * paused queue gives nothing; the queue's tokens bound the claim; then round after round the
     * groups of the best tier share what is left. `take(group, tier)` claims one job of the group
     * of priority `tier` or above, skipping malformed ones (which count for nothing): false when
     * there is none.
     */
    serve(max, now, take, budgeted = false) {
        this.releaseThrottled(now);
        if (this.paused || max <= 0)
            return { claimed: 0, queueLimited: false };
        // `budgeted`: the caller took `max` from the queue's bucket already (takeQueueTokens)
        const rate = budgeted ? null : this.rateLimit;
        const budget = Math.min(max, rate === null ? Number.POSITIVE_INFINITY : (0, fairness_1.tokensAvailable)(this.tat, rate, now));
        let claimed = 0;
        while (claimed < budget) {
            const need = budget - claimed;
            const { picked, tier } = this.pick(need, now);
            if (picked.length === 0)
                break;
            const k = picked.length;
            picked.forEach((g, i) => {
                const share = Math.min(Math.floor(need / k) + (i < need % k ? 1 : 0), this.room(g), g.tokens(now));
                let took = 0;
                while (took < share && take(g, tier))
                    took++;
                if (took > 0 && g.rateLimit !== null)
                    g.tat = (0, fairness_1.takeTokens)(g.tat, g.rateLimit, now, took);
                claimed += took;
                // a new turn at the back while still claimable; else held, throttled or out
                g.place = 'out';
                this.settle(g, now);
                this.forgetIfIdle(g);
            });
        }
        if (claimed > 0 && rate !== null)
            this.tat = (0, fairness_1.takeTokens)(this.tat, rate, now, claimed);
        return { claimed, queueLimited: budget < max && this.inRound > 0 };
    }
    /**
     * Takes up to `max` of the queue's tokens for claims made elsewhere (a partitioned queue's, on its
     * partitions: rate-take.lua): all when it has no rate, none while it is paused.
     */
    takeQueueTokens(max, now) {
        if (this.paused)
            return { taken: 0 };
        if (this.rateLimit === null)
            return { taken: max };
        const taken = Math.min(max, (0, fairness_1.tokensAvailable)(this.tat, this.rateLimit, now));
        if (taken > 0)
            this.tat = (0, fairness_1.takeTokens)(this.tat, this.rateLimit, now, taken);
        return (0, fairness_1.tokensAvailable)(this.tat, this.rateLimit, now) > 0 ? { taken } : { taken, nextAt: (0, fairness_1.nextTokenAt)(this.tat, this.rateLimit, now) };
    }
    /** Gives back tokens takeQueueTokens took that the claim did not use (a full bucket stays full). */
    refundQueueTokens(tokens, now) {
        if (tokens <= 0 || this.rateLimit === null || this.tat === undefined)
            return;
        this.tat = Math.max(now, this.tat - (tokens * this.rateLimit.perMs) / this.rateLimit.max);
    }
    /** When a claim that took fewer than it asked may find more: the earliest throttled group's token, and the queue's when it held jobs back. */
    nextDueAt(now, queueLimited) {
        let due = this.earliestThrottled();
        if (queueLimited && this.rateLimit !== null)
            due = Math.min(due ?? Number.POSITIVE_INFINITY, (0, fairness_1.nextTokenAt)(this.tat, this.rateLimit, now));
        return due;
    }
    // Settings
    settings() {
        return { paused: this.paused, groupConcurrency: this.groupConcurrency, rateLimit: this.rateLimit && { ...this.rateLimit } };
    }
    setPaused(paused) {
        const resumed = this.paused && !paused;
        this.paused = paused;
        if (resumed)
            this.host.wake();
    }
    updateSettings(patch, now) {
        if (patch.groupConcurrency !== undefined) {
            this.groupConcurrency = patch.groupConcurrency;
            // a group over a lowered cap is met at the head of the round and held then
            for (const g of [...this.held])
                this.settle(g, now);
        }
        if (patch.rateLimit !== undefined) {
            this.rateLimit = patch.rateLimit && { max: patch.rateLimit.max, perMs: patch.rateLimit.perMs };
            this.tat = undefined;
        }
        if (this.inRound > 0)
            this.host.wake();
    }
    updateGroup(name, patch, now) {
        const g = this.groupNamed(name);
        if (patch.concurrency !== undefined)
            g.concurrency = patch.concurrency;
        if (patch.rateLimit !== undefined) {
            g.rateLimit = patch.rateLimit && { max: patch.rateLimit.max, perMs: patch.rateLimit.perMs };
            g.tat = undefined;
        }
        if (patch.paused !== undefined)
            g.paused = patch.paused;
        if (g.paused)
            this.leave(g);
        else if (g.place === 'out' || g.place === 'held' || (g.place === 'throttled' && patch.rateLimit !== undefined))
            this.settle(g, now);
        else if (g.place === 'round' && this.room(g) <= 0)
            this.settle(g, now);
        const joined = g.place === 'round';
        this.forgetIfIdle(g);
        if (joined)
            this.host.wake();
    }
    state(name, now) {
        const g = this.groups.get(name);
        const concurrency = g?.concurrency ?? null;
        const cap = (0, fairness_1.effectiveConcurrency)(name, concurrency, this.groupConcurrency, this.hostConcurrency);
        const state = {
            name,
            pending: g?.pending ?? 0,
            running: g?.running ?? 0,
            paused: g?.paused ?? false,
            concurrency,
            effectiveConcurrency: cap,
            rateLimit: g?.rateLimit ? { ...g.rateLimit } : null,
            limitedBy: null,
        };
        if (state.paused)
            state.limitedBy = 'paused';
        else if (cap !== null && state.running >= cap)
            state.limitedBy = 'concurrency';
        else if (g?.rateLimit && g.tokens(now) === 0) {
            state.limitedBy = 'rate';
            state.limitedUntil = (0, fairness_1.nextTokenAt)(g.tat, g.rateLimit, now);
        }
        return state;
    }
    /** Every group the queue remembers (jobs pending or running, or settings of its own), by name. */
    names() {
        return [...this.groups.keys()].sort();
    }
    // The round
    /**
     * Up to `need` groups of the best tier, in turn order, taken out of the round to be served.
     * A group met at the head that cannot be served is placed where it belongs and not counted:
     * with no pending job it leaves, at its cap it is held, out of tokens it is throttled; one
     * whose best job went away (a cancel) keeps its turn at its true tier.
     */
    pick(need, now) {
        const picked = [];
        let tier = 0;
        while (picked.length < need) {
            const ref = this.round.peek();
            if (!ref)
                break;
            const g = ref.group;
            if (g.place !== 'round' || g.version !== ref.version) {
                this.round.pop();
                continue;
            }
            if (picked.length > 0 && ref.tier !== tier)
                break;
            this.round.pop();
            this.leave(g);
            const head = this.host.head(g);
            if (head === undefined) {
                this.forgetIfIdle(g);
                continue;
            }
            if (head.priority !== ref.tier) {
                this.enterRound(g, head.priority, ref.turn);
                continue;
            }
            if (g.paused || this.room(g) <= 0 || g.tokens(now) <= 0) {
                this.settle(g, now);
                continue;
            }
            tier = ref.tier;
            g.place = 'serving';
            picked.push(g);
        }
        return { picked, tier };
    }
    /** Places a group that is not being served where its state says: round (at the back), held, throttled or out. */
    settle(g, now) {
        this.leave(g);
        const head = g.pending > 0 && !g.paused ? this.host.head(g) : undefined;
        if (head === undefined || g.pending <= 0)
            return g.place;
        if (this.room(g) <= 0) {
            g.place = 'held';
            this.held.add(g);
        }
        else if (g.rateLimit !== null && g.tokens(now) <= 0) {
            g.place = 'throttled';
            this.throttledCount++;
            this.throttled.push({ group: g, version: g.version, dueAt: (0, fairness_1.nextTokenAt)(g.tat, g.rateLimit, now), seq: ++this.counter });
            if (this.throttled.size > COMPACT_MIN && this.throttled.size > 2 * this.throttledCount) {
                this.throttled.compact((r) => r.group.place === 'throttled' && r.group.version === r.version);
            }
        }
        else {
            this.enterRound(g, head.priority, ++this.counter);
        }
        return g.place;
    }
    enterRound(g, tier, turn) {
        if (g.place !== 'round') {
            this.leave(g);
            this.inRound++;
        }
        g.place = 'round';
        g.version++;
        g.tier = tier;
        g.turn = turn;
        this.round.push({ group: g, version: g.version, tier, turn });
        if (this.round.size > COMPACT_MIN && this.round.size > 2 * this.inRound) {
            this.round.compact((r) => r.group.place === 'round' && r.group.version === r.version);
        }
    }
    /** Takes the group out of the round, held or throttled (its refs there go dead). */
    leave(g) {
        if (g.place === 'round')
            this.inRound--;
        else if (g.place === 'held')
            this.held.delete(g);
        else if (g.place === 'throttled')
            this.throttledCount--;
        g.place = 'out';
        g.version++;
    }
    /** Throttled groups whose next token is due rejoin, earliest due first. */
    releaseThrottled(now) {
        for (let ref = this.throttled.peek(); ref; ref = this.throttled.peek()) {
            const live = ref.group.place === 'throttled' && ref.group.version === ref.version;
            if (live && ref.dueAt > now)
                return;
            this.throttled.pop();
            if (live)
                this.settle(ref.group, now);
        }
    }
    earliestThrottled() {
        for (let ref = this.throttled.peek(); ref; ref = this.throttled.peek()) {
            if (ref.group.place === 'throttled' && ref.group.version === ref.version)
                return ref.dueAt;
            this.throttled.pop();
        }
        return undefined;
    }
    /** Jobs the group may still start under its cap. */
    room(g) {
        const cap = (0, fairness_1.effectiveConcurrency)(g.name, g.concurrency, this.groupConcurrency, this.hostConcurrency);
        return cap === null ? Number.POSITIVE_INFINITY : cap - g.running;
    }
    groupNamed(name) {
        let g = this.groups.get(name);
        if (!g)
            this.groups.set(name, (g = new memory_group_1.MemoryGroup(name)));
        return g;
    }
    /** A group with no job and no settings is forgotten. */
    forgetIfIdle(g) {
        if (g.pending > 0 || g.running > 0 || g.hasSettings || g.place === 'serving')
            return;
        this.leave(g);
        if (this.groups.get(g.name) === g)
            this.groups.delete(g.name);
    }
}
exports.GroupRound = GroupRound;
//# sourceMappingURL=group-round.js.map